// Postal codes and phone numbers checked for the address's country, with postcode-validator and
// libphonenumber-js. Their data tables are large (about 140 kB of script), so the browser imports this
// module on demand (address-rules.ts explains how); the server imports it directly.
// The phone must be one a carrier can text about the delivery: libphonenumber's "mobile" metadata accepts
// only numbers of the mobile type (and of the fixed-line-or-mobile type, where a country's plan does not
// tell them apart, as in the US and Canada), never a plain landline.
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

export interface AddressChecks {
  isValidPostalCode(zip: string, countryCode: string): boolean;
  normalizePhone(phone: string, countryCode: string): string | undefined;
}

/** True when the postal code fits the country's format; any non-empty code where the country has no rule. */
export function isValidPostalCode(zip: string, countryCode: string): boolean {
  const code = zip.trim();
  if (!code) return false;
  if (!postcodeValidatorExistsForCountry(countryCode)) return code.length <= 20;
  try {
    return postcodeValidator(code, countryCode);
  } catch {
    return false;
  }
}

/** The phone number in international format when it is a valid mobile number for the country (or has its own +prefix). */
export function normalizePhone(phone: string, countryCode: string): string | undefined {
  const country = countryCode.toUpperCase();
  // A number written with its own +prefix is parsed on its own; otherwise as a number of the address's country.
  const parsed = parsePhoneNumberFromString(
    phone.trim(),
    isSupportedCountry(country) ? (country as CountryCode) : undefined,
  );
  return parsed?.isValid() ? parsed.formatInternational() : undefined;
}
