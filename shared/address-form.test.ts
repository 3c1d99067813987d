import { describe, expect, test } from "vitest";
import { addressSchemaFor, dropEmptyFields, isValidPostalCode, normalizePhone, validFields } from "./address-form.ts";

const good = {
  countryCode: "US",
  stateCode: "CA",
  address1: "2150 Harbor Blvd",
  zip: "92627",
  firstName: "Pat",
  lastName: "Pool",
  phone: "(213) 373-4253",
};

describe("address form", () => {
  test("a complete US address passes; the state must be one of the country's", () => {
    expect(addressSchemaFor(["CA", "NY"]).safeParse(good).success).toBe(true);
    const noState = addressSchemaFor(["CA", "NY"]).safeParse({ ...good, stateCode: undefined });
    expect(noState.success).toBe(false);
    expect(addressSchemaFor(["CA", "NY"]).safeParse({ ...good, stateCode: "ZZ" }).success).toBe(false);
  });

  test("a country without states needs none", () => {
    const de = { ...good, countryCode: "DE", stateCode: undefined, zip: "10115", phone: "+49 151 23456789" };
    expect(addressSchemaFor([]).safeParse(de).success).toBe(true);
  });

  test("postal codes follow the country's format; any code where the country has no rule", () => {
    expect(isValidPostalCode("92627", "US")).toBe(true);
    expect(isValidPostalCode("9262", "US")).toBe(false);
    expect(isValidPostalCode("K1A 0B1", "CA")).toBe(true);
    expect(isValidPostalCode("12345", "CA")).toBe(false);
    expect(isValidPostalCode("anything", "AQ")).toBe(true);
    expect(isValidPostalCode("", "AQ")).toBe(false);
  });

  test("phone numbers are checked for the country and normalised", () => {
    expect(normalizePhone("(213) 373-4253", "US")).toBe("+1 213 373 4253");
    expect(normalizePhone("12345", "US")).toBeUndefined();
    expect(normalizePhone("+44 7400 123456", "US")).toBe("+44 7400 123456");
  });

  test("phone numbers must be mobile numbers: a landline is refused, fixed-line-or-mobile plans pass", () => {
    // Landlines (a London and a Berlin number) are valid numbers but not mobile ones.
    expect(normalizePhone("020 7946 0018", "GB")).toBeUndefined();
    expect(normalizePhone("+49 30 901820", "DE")).toBeUndefined();
    expect(normalizePhone("07400 123456", "GB")).toBe("+44 7400 123456");
    expect(normalizePhone("0151 23456789", "DE")).toBe("+49 1512 3456789");
    // The US plan does not tell mobile numbers from landlines: any valid US number passes.
    expect(normalizePhone("(512) 555-0147", "US")).toBe("+1 512 555 0147");
    const landline = addressSchemaFor([]).safeParse({
      ...good,
      countryCode: "GB",
      zip: "SW1A 1AA",
      phone: "020 7946 0018",
    });
    expect(landline.success).toBe(false);
    expect(validFields({ ...good, countryCode: "GB", zip: "SW1A 1AA", phone: "020 7946 0018" }, []).phone).toBe(false);
  });

  test("required fields and messages name the field", () => {
    const result = addressSchemaFor(["CA"]).safeParse({ countryCode: "US" });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Address Line 1 is required",
        "First Name is required",
        "Last Name is required",
        "Phone Number is required",
        "Postal Code is required",
        "State is required",
      ]),
    );
  });

  test("empty strings are dropped from the payload and valid fields are known", () => {
    expect(dropEmptyFields({ a: "", b: "x", c: null, d: "  " })).toEqual({ b: "x", c: null });
    const valid = validFields({ ...good, zip: "1" }, ["CA"]);
    expect(valid.address1).toBe(true);
    expect(valid.zip).toBe(false);
    expect(valid.company).toBe(false);
  });
});
