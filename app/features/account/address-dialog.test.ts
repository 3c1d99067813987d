import { describe, expect, test } from "vitest";
import { addressValues } from "../address/address-fields.tsx";
import { addressPayload } from "./address-dialog.tsx";

const values = addressValues({ countryCode: "US", stateCode: "CA", address1: "1 Main St", zip: "92627", company: "" });

describe("address dialog payload", () => {
  test("a state chosen while the country's states are still loading is sent", () => {
    expect(addressPayload(values, null, false)).toMatchObject({ countryCode: "US", stateCode: "CA" });
  });

  test("no state is sent for a country known to have none; empty fields are dropped", () => {
    const payload = addressPayload(values, [], true);
    expect(payload).not.toHaveProperty("stateCode");
    expect(payload).not.toHaveProperty("company");
    expect(payload).toMatchObject({ makeDefault: true, Country: null, State: null, address1: "1 Main St" });
  });
});
