// The equipment pages' way to the services (app/ reaches services/ only through *.server.ts modules).
export {
  type EquipmentBrowseBrand,
  type EquipmentDetail,
  type EquipmentSummary,
  equipmentBrowseTree,
  getEquipmentByHandle,
  listEquipment,
  listEquipmentForSitemap,
} from "../../../services/equipment/equipment-catalog.ts";
export { findModelsByNumber } from "../../../services/equipment/model-lookup.ts";
export { NotFound } from "../../../services/errors.ts";
