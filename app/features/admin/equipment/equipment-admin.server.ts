// The back-office equipment page's way to the services.
export { loadModelForEditing } from "../../../../services/equipment/admin/equipment-admin.ts";
export { listEquipment } from "../../../../services/equipment/equipment-catalog.ts";
