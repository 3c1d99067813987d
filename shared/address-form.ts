// The mailing-address form with its postal-code and phone checks bound: what
// the address API on the server and the server-rendered checkout form use. The address dialog in the
// browser uses address-rules.ts and loads the checks on demand; the rules are the same.
import { type AddressChecks, isValidPostalCode, normalizePhone } from "./address-checks.ts";
import { type AddressFieldName, addressSchemaWith, validFieldsWith } from "./address-rules.ts";

export {
  ADDRESS_FIELDS,
  type AddressFieldName,
  type AddressInput,
  type AddressPayload,
  addressErrors,
  addressInputSchema,
  addressPayloadSchema,
  dropEmptyFields,
  formatAddressLine,
} from "./address-rules.ts";
export { isValidPostalCode, normalizePhone };

const checks: AddressChecks = { isValidPostalCode, normalizePhone };

/**
 * The address schema for a country whose states are `stateCodes` (empty when the country has none):
 * a state is then required and must be one of them. Postal code and phone are checked for the country.
 */
export function addressSchemaFor(stateCodes: readonly string[]) {
  return addressSchemaWith(stateCodes, checks);
}

/** Per-field validity for highlighting valid fields as the shopper types (nothing is blocked). */
export function validFields(
  values: Partial<Record<AddressFieldName, string>>,
  stateCodes: readonly string[],
): Record<AddressFieldName, boolean> {
  return validFieldsWith(values, stateCodes, checks);
}
