import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  Client,
  newCustomer,
  type SignedInCustomer,
  seedCountries,
  VALID_US_ADDRESS,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let pat: SignedInCustomer;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  await seedCountries(store);
  pat = await newCustomer(store, "addresses");
});
afterAll(() => store?.close());

interface AddressAnswer {
  mailingAddress: Record<string, unknown> & { id: number };
  error?: string;
}

async function addAddress(customer: SignedInCustomer, address: Record<string, unknown> = VALID_US_ADDRESS) {
  return customer.client.call<AddressAnswer>("POST", "/api/mailingAddresses", address);
}

describe("countries and states", () => {
  test("GET /api/countries lists every country, US first; /api/countries/ too", async () => {
    const { status, body } = await store.json<{ countries: Array<{ countryCode: string; title: string }> }>(
      "/api/countries",
    );
    expect(status).toBe(200);
    expect(body.countries.length).toBeGreaterThan(240);
    expect(body.countries[0]).toEqual({ countryCode: "US", title: "United States" });
    expect((await store.json("/api/countries/")).status).toBe(200);
  });

  test("GET /api/states?page=0&countryCode= lists the states of a country", async () => {
    const { body } = await store.json<{ states: Array<{ stateCode: string; title: string }> }>(
      "/api/states?page=0&countryCode=US",
    );
    expect(body.states).toContainEqual({ stateCode: "CA", title: "California" });
    expect((await store.json<{ states: unknown[] }>("/api/states?page=0&countryCode=DE")).body.states).toEqual([]);
    expect((await store.json("/api/states?page=0&countryCode=nope")).status).toBe(400);
  });
});

describe("address book", () => {
  test("add, edit and delete an address; the customer lists it with Country and State", async () => {
    const added = await addAddress(pat, { ...VALID_US_ADDRESS, company: "", address2: "" });
    expect(added.status).toBe(201);
    expect(added.body.mailingAddress).toMatchObject({
      address1: "2150 Harbor Blvd",
      zip: "92627",
      phone: "+1 213 373 4253",
      company: null,
      Country: { countryCode: "US", title: "United States" },
      State: { stateCode: "CA", title: "California" },
      isDefault: true,
    });
    const id = added.body.mailingAddress.id;
    const edited = await pat.client.call<AddressAnswer>("PUT", `/api/mailingAddresses/${id}`, {
      ...VALID_US_ADDRESS,
      address1: "1 Ocean Ave",
      stateCode: "NY",
      zip: "10001",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.mailingAddress).toMatchObject({ id, address1: "1 Ocean Ave", State: { stateCode: "NY" } });
    const customer = await pat.client.get<{ customer: { MailingAddresses: Array<{ id: number }> } }>("/api/customer");
    expect(customer.body.customer.MailingAddresses.map((a) => a.id)).toContain(id);
    const removed = await pat.client.call("DELETE", `/api/customer/${pat.customerId}/mailingAddresses/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    const again = await pat.client.call("DELETE", `/api/customer/${pat.customerId}/mailingAddresses/${id}`);
    expect(again.status).toBe(404);
  });

  test("the server applies the form's rules and names every wrong field", async () => {
    const bad = await addAddress(pat, { ...VALID_US_ADDRESS, zip: "ABC", phone: "12", stateCode: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/State is required/);
    expect(bad.body.error).toMatch(/Postal Code does not match/);
    expect(bad.body.error).toMatch(/Phone Number is not a valid number/);
    const missing = await addAddress(pat, { countryCode: "US" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/Address Line 1 is required.*First Name is required/);
    const noCountry = await addAddress(pat, { ...VALID_US_ADDRESS, countryCode: "XX" });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.error).toBe("Country is required");
    const wrongTypes = await addAddress(pat, { ...VALID_US_ADDRESS, address1: 42, makeDefault: "yes" });
    expect(wrongTypes.status).toBe(400);
    const notJson = await pat.client.call("PUT", "/api/mailingAddresses/1", undefined, {
      "content-type": "application/json",
    });
    expect(notJson.status).toBeLessThan(500);
  });

  test("a country without states takes an address without one", async () => {
    const de = await addAddress(pat, {
      ...VALID_US_ADDRESS,
      countryCode: "DE",
      stateCode: "CA",
      zip: "10115",
      phone: "+49 151 23456789",
    });
    expect(de.status).toBe(201);
    expect(de.body.mailingAddress).toMatchObject({ countryCode: "DE", State: null, stateCode: null });
  });

  test("one default at a time; deleting the default hands it on", async () => {
    const customer = await newCustomer(store, "defaults");
    const first = (await addAddress(customer)).body.mailingAddress;
    const second = (await addAddress(customer, { ...VALID_US_ADDRESS, address1: "2 Second St", makeDefault: true }))
      .body.mailingAddress;
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(true);
    const list = async () =>
      (
        await customer.client.get<{ customer: { MailingAddresses: Array<{ id: number; isDefault: boolean }> } }>(
          "/api/customer",
        )
      ).body.customer.MailingAddresses;
    expect((await list()).filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
    await customer.client.call("PUT", `/api/mailingAddresses/${first.id}`, { ...VALID_US_ADDRESS, makeDefault: true });
    expect((await list()).filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id]);
    await customer.client.call("DELETE", `/api/customer/${customer.customerId}/mailingAddresses/${first.id}`);
    expect((await list()).filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
  });

  test("anonymous callers get 401", async () => {
    const anonymous = new Client(store);
    expect((await anonymous.call("POST", "/api/mailingAddresses", VALID_US_ADDRESS)).status).toBe(401);
    expect((await anonymous.call("PUT", "/api/mailingAddresses/1", VALID_US_ADDRESS)).status).toBe(401);
    expect((await anonymous.call("DELETE", "/api/customer/1/mailingAddresses/1")).status).toBe(401);
  });
});
