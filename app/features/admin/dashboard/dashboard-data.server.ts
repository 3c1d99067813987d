// The dashboard's way to the services.
export { changeRatio, loadDashboard } from "../../../../services/reports/admin/dashboard.ts";
