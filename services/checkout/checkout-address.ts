// The shipping address of a checkout: Country required; State required (and one of
// the country's) when the country has states; Address Line 1, First Name, Last Name and Phone Number
// required; Postal Code required and in the country's format (any format when the country has no rule);
// the phone checked for that country. City, Address Line 2 and Company are optional; empty fields are
// dropped. The rules themselves are the address book's (shared/address-form.ts). Pure.
import { z } from "zod";
import type { AddressSnapshot } from "../../db/schema/commerce.ts";
import {
  ADDRESS_FIELDS,
  type AddressFieldName,
  type AddressInput,
  addressErrors,
  addressInputSchema,
  addressSchemaFor,
  dropEmptyFields,
  formatAddressLine,
} from "../../shared/address-form.ts";

export { type AddressInput, addressInputSchema, formatAddressLine };

export interface CountryRule {
  code: string;
  title: string;
  requiresState: boolean;
  /** State codes of the country (may be empty). */
  states: string[];
}

export type AddressErrors = Partial<Record<AddressFieldName, string>>;

export type AddressValidation = { ok: true; address: AddressSnapshot } | { ok: false; errors: AddressErrors };

/** Trims every field and drops the empty ones (the form's "empty-string fields are dropped"). */
export function cleanAddress(input: AddressInput): AddressSnapshot {
  const out: AddressSnapshot = {};
  for (const { name } of ADDRESS_FIELDS) {
    const value = input[name]?.trim();
    if (value) out[name] = name === "countryCode" || name === "stateCode" ? value.toUpperCase() : value;
  }
  return out;
}

/**
 * The address book's rules (shared/address-form.ts), so an address accepted there is accepted here with
 * the same words; plus: the country must be one the store ships to.
 */
export function validateAddress(input: AddressInput, countries: CountryRule[]): AddressValidation {
  const address = cleanAddress(input);
  const country = address.countryCode ? countries.find((c) => c.code === address.countryCode) : undefined;
  const result = addressSchemaFor(country?.states ?? []).safeParse(dropEmptyFields({ ...address }));
  const errors: AddressErrors = result.success ? {} : (addressErrors(result.error) as AddressErrors);
  if (!address.countryCode) errors.countryCode = "Country is required";
  else if (!country) errors.countryCode = "We do not ship to this country. Please choose another.";
  else if (country.states.length === 0) delete address.stateCode;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, address };
}

export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: "E-mail address is too long." })
  .pipe(z.email({ error: "Please enter a valid e-mail address." }));
