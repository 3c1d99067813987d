// The shipping and tax settings pages' way to the services (the same functions the API calls).
export { listTaxRates } from "../../../../services/checkout/admin/tax-rate-admin.ts";
export {
  getShippingPolicySettings,
  listCountrySettings,
} from "../../../../services/shipping/admin/shipping-settings.ts";
