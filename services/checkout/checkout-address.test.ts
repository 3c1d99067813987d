import { describe, expect, test } from "vitest";
import { type CountryRule, formatAddressLine, validateAddress } from "./checkout-address.ts";

const countries: CountryRule[] = [
  { code: "US", title: "United States", requiresState: true, states: ["CA", "TX"] },
  { code: "IE", title: "Ireland", requiresState: false, states: [] },
  { code: "AE", title: "United Arab Emirates", requiresState: false, states: [] },
];
const good = {
  firstName: " Pat ",
  lastName: "Doe",
  address1: "1 Main St",
  address2: "",
  company: "",
  city: "Austin",
  countryCode: "us",
  stateCode: "tx",
  zip: "78701",
  phone: "(512) 555-0147",
};

describe("validateAddress", () => {
  test("a complete address passes; empty fields are dropped, codes upper-cased, text trimmed", () => {
    const result = validateAddress(good, countries);
    expect(result).toEqual({
      ok: true,
      address: {
        firstName: "Pat",
        lastName: "Doe",
        address1: "1 Main St",
        city: "Austin",
        countryCode: "US",
        stateCode: "TX",
        zip: "78701",
        phone: "(512) 555-0147",
      },
    });
  });

  test("required: country, address line 1, first and last name, phone, postal code", () => {
    const result = validateAddress({}, countries);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({
        countryCode: "Country is required",
        address1: "Address Line 1 is required",
        zip: "Postal Code is required",
        firstName: "First Name is required",
        lastName: "Last Name is required",
        phone: "Phone Number is required",
      });
    }
  });

  test("a state is required for a country with states, and must be one of them", () => {
    const missing = validateAddress({ ...good, stateCode: "" }, countries);
    expect(!missing.ok && missing.errors.stateCode).toBe("State is required");
    const wrong = validateAddress({ ...good, stateCode: "ON" }, countries);
    expect(!wrong.ok && wrong.errors.stateCode).toBe("Choose a state of the selected country");
    const none = validateAddress(
      { ...good, countryCode: "IE", stateCode: "TX", zip: "D02 X285", phone: "+353 85 123 4567" },
      countries,
    );
    expect(none.ok && none.address.stateCode).toBeUndefined();
  });

  test("postal code in the country's format; any format where the country has none", () => {
    const bad = validateAddress({ ...good, zip: "7870" }, countries);
    expect(!bad.ok && bad.errors.zip).toBe("Postal Code does not match the format of the selected country");
    expect(validateAddress({ ...good, zip: "78701-1234" }, countries).ok).toBe(true);
    expect(
      validateAddress(
        { ...good, countryCode: "AE", stateCode: "", zip: "anything", phone: "+971 50 123 4567" },
        countries,
      ).ok,
    ).toBe(true);
  });

  test("the phone must be a phone number of the country; an unknown country is refused", () => {
    const bad = validateAddress({ ...good, phone: "12345" }, countries);
    expect(!bad.ok && bad.errors.phone).toBe("Phone Number is not a valid number for the selected country");
    const unknown = validateAddress({ ...good, countryCode: "ZZ" }, countries);
    expect(!unknown.ok && unknown.errors.countryCode).toMatch(/do not ship/);
  });
});

test("formatAddressLine", () => {
  expect(
    formatAddressLine({
      firstName: "Pat",
      lastName: "Doe",
      address1: "1 Main St",
      city: "Austin",
      stateCode: "TX",
      zip: "78701",
      countryCode: "US",
    }),
  ).toBe("Pat Doe, 1 Main St, Austin, TX 78701, US");
});
