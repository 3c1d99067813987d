// The dashboard's way to the services.
export { loadDashboard } from "../../../../services/reports/admin/dashboard.ts";
