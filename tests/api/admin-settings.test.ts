// The owner's shipping and tax settings over real HTTP, on an empty store (no demo data): the owner adds
// the countries the store ships to, a shipping rate table and tax rates; a shopper's checkout prices with
// each change on the very next request; managers and support staff are refused; every write needs an
// Idempotency-Key, is done once when retried, and is audited; bad input is refused with a message.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/staff.ts";
import { createProduct, MAINLAND_ADDRESS, type ProductFixture, Shopper } from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { saveContactAndAddress } from "../../services/checkout/checkout-details.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let owner: CookieClient;
let manager: CookieClient;
let support: CookieClient;
let part: ProductFixture;

interface CheckoutAnswer {
  checkout: {
    id: string;
    subtotalPrice: number;
    totalPrice: number;
    totalTax: number;
    CheckoutShippingLine: { price: number; title: string } | null;
  };
}
interface PolicyAnswer {
  policy: {
    id: number | null;
    name: string;
    freeShippingThreshold: number | null;
    freeShippingRegion: string;
    rates: Array<{ id: number; name: string; price: number; maxSubtotal: number | null }>;
  };
}
interface TaxRateAnswer {
  taxRate: { id: number; countryCode: string; stateCode: string; name: string; ratePercent: number };
}

let keyCounter = 0;
const newKey = () => `settings-test-${process.pid}-${++keyCounter}`;
/** An owner's write with a fresh Idempotency-Key (as the pages send one). */
const write = <T>(who: CookieClient, method: string, path: string, body?: unknown, key = newKey()) =>
  who.call<T>(method, path, body, { "idempotency-key": key });

const policyBody = (price: number, extra: Record<string, unknown> = {}) => ({
  name: "Standard US Shipping",
  freeShippingThreshold: 99,
  freeShippingRegion: "US-mainland",
  rates: [{ name: "Ground", minSubtotal: 0, maxSubtotal: null, minWeightGrams: 0, maxWeightGrams: null, price }],
  ...extra,
});

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  owner = await signInStaff(store, "owner");
  manager = await signInStaff(store, "manager");
  support = await signInStaff(store, "support");
  part = await createProduct(store.database.db, { title: "Pump Lid O-Ring", priceCents: 4000, available: 100 });
});
afterAll(() => store?.close());

/** A shopper with one part (40.00) in the cart, shipping to Austin, Texas. */
async function shopperInTexas(): Promise<{ shopper: Shopper; checkoutId: string }> {
  const shopper = new Shopper(store.baseUrl);
  const added = await shopper.call<CheckoutAnswer>("POST", "/api/checkouts/lineItems", {
    body: { inventoryLevelId: part.levelId, quantity: 1 },
    key: newKey(),
  });
  expect(added.status).toBe(200);
  const checkoutId = added.body.checkout.id;
  const errors = await saveContactAndAddress(store.database.db, checkoutId, null, {
    email: "pat@example.com",
    shippingAddress: MAINLAND_ADDRESS,
  });
  expect(errors).toBeNull();
  return { shopper, checkoutId };
}

const cart = async (shopper: Shopper) => (await shopper.call<CheckoutAnswer>("GET", "/api/checkouts")).body.checkout;

describe("shipping and tax settings", () => {
  it("an empty store starts with no policy, no countries and no tax rates", async () => {
    const policy = await owner.get<PolicyAnswer>("/api/admin/settings/shipping");
    expect(policy.status).toBe(200);
    expect(policy.body.policy).toMatchObject({ id: null, rates: [], freeShippingThreshold: null });
    const countries = await owner.get<{ countries: unknown[]; available: Array<{ code: string }> }>(
      "/api/admin/settings/countries",
    );
    expect(countries.body.countries).toEqual([]);
    expect(countries.body.available.map((country) => country.code)).toEqual(expect.arrayContaining(["US", "CA"]));
    expect((await owner.get<{ taxRates: unknown[] }>("/api/admin/settings/tax-rates")).body.taxRates).toEqual([]);
  });

  it("the owner adds a country with its states; the checkout ships there, and not where it is switched off", async () => {
    const added = await write<{ country: { code: string; shipsTo: boolean; states: Array<{ code: string }> } }>(
      owner,
      "POST",
      "/api/admin/settings/countries",
      { code: "us" },
    );
    expect(added.status).toBe(201);
    expect(added.body.country).toMatchObject({ code: "US", shipsTo: true });
    expect(added.body.country.states.map((state) => state.code)).toEqual(expect.arrayContaining(["TX", "CA", "HI"]));
    const again = await write<{ error: string }>(owner, "POST", "/api/admin/settings/countries", { code: "US" });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain("already in the list");
    const unknown = await write<{ error: string }>(owner, "POST", "/api/admin/settings/countries", { code: "ZZ" });
    expect(unknown.status).toBe(400);

    await write(owner, "POST", "/api/admin/settings/countries", { code: "CA" });
    const us = (
      await owner.get<{ countries: Array<{ code: string; states: Array<{ code: string; title: string }> }> }>(
        "/api/admin/settings/countries",
      )
    ).body.countries.find((country) => country.code === "US");
    const off = await write(owner, "PUT", "/api/admin/settings/countries/CA", {
      shipsTo: false,
      requiresState: true,
      states: [{ code: "ON", title: "Ontario" }],
    });
    expect(off.status).toBe(200);
    const { checkoutId } = await shopperInTexas();
    const refused = await saveContactAndAddress(store.database.db, checkoutId, null, {
      shippingAddress: {
        ...MAINLAND_ADDRESS,
        countryCode: "CA",
        stateCode: "ON",
        zip: "M5V 2T6",
        phone: "+1 416 555 0199",
      },
    });
    expect(refused?.countryCode).toBe("We do not ship to this country. Please choose another.");
    // A country whose addresses need a state cannot lose all of them.
    const noStates = await write<{ error: string }>(owner, "PUT", "/api/admin/settings/countries/US", {
      shipsTo: true,
      requiresState: true,
      states: [],
    });
    expect(noStates.status).toBe(400);
    expect(noStates.body.error).toContain("at least one state");
    expect(us?.states.length).toBeGreaterThan(50);
  });

  it("a saved shipping rate and tax rate price the shopper's checkout on the next request", async () => {
    const { shopper } = await shopperInTexas();
    // No policy yet: shipping is free, and Texas has no tax rate.
    let checkout = await cart(shopper);
    expect(checkout.CheckoutShippingLine?.price ?? 0).toBe(0);
    expect(checkout.totalTax).toBe(0);
    expect(checkout.totalPrice).toBe(40);

    const saved = await write<PolicyAnswer>(owner, "PUT", "/api/admin/settings/shipping", policyBody(7.95));
    expect(saved.status).toBe(200);
    expect(saved.body.policy).toMatchObject({ name: "Standard US Shipping", freeShippingThreshold: 99 });
    checkout = await cart(shopper);
    expect(checkout.CheckoutShippingLine).toMatchObject({ price: 7.95, title: "Ground" });
    expect(checkout.totalPrice).toBe(47.95);
    const free = await owner.get<{ freeShippingAmount: number }>("/api/shippingPolicies/freeShippingAmount");
    expect(free.body.freeShippingAmount).toBe(99);

    const created = await write<TaxRateAnswer>(owner, "POST", "/api/admin/settings/tax-rates", {
      countryCode: "US",
      stateCode: "tx",
      name: "Texas sales tax",
      ratePercent: 6.25,
    });
    expect(created.status).toBe(201);
    expect(created.body.taxRate).toMatchObject({ countryCode: "US", stateCode: "TX", ratePercent: 6.25 });
    checkout = await cart(shopper);
    expect(checkout.totalTax).toBe(2.5);
    expect(checkout.totalPrice).toBe(50.45);

    // The rate changes, and so does the next answer (no cache keeps the old price).
    const rateId = saved.body.policy.rates[0].id;
    const changed = await write<PolicyAnswer>(owner, "PUT", "/api/admin/settings/shipping", {
      ...policyBody(9.5),
      rates: [{ id: rateId, name: "Ground", price: 9.5 }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.policy.rates).toEqual([expect.objectContaining({ id: rateId, price: 9.5 })]);
    const taxChanged = await write<TaxRateAnswer>(
      owner,
      "PUT",
      `/api/admin/settings/tax-rates/${created.body.taxRate.id}`,
      { countryCode: "US", stateCode: "TX", name: "Texas sales tax", ratePercent: 8.25 },
    );
    expect(taxChanged.status).toBe(200);
    checkout = await cart(shopper);
    expect(checkout.CheckoutShippingLine?.price).toBe(9.5);
    expect(checkout.totalTax).toBe(3.3);
    expect(checkout.totalPrice).toBe(52.8);

    // The free-shipping threshold follows too: at 30.00 this 40.00 cart ships free.
    await write(owner, "PUT", "/api/admin/settings/shipping", {
      ...policyBody(9.5, { freeShippingThreshold: 30 }),
      rates: [{ id: rateId, name: "Ground", price: 9.5 }],
    });
    checkout = await cart(shopper);
    expect(checkout.CheckoutShippingLine?.price ?? 0).toBe(0);

    // A tax rate deleted: no tax.
    const deleted = await write(owner, "DELETE", `/api/admin/settings/tax-rates/${created.body.taxRate.id}`);
    expect(deleted.status).toBe(200);
    expect((await cart(shopper)).totalTax).toBe(0);
  });

  it("refuses bad input with a message that names the problem", async () => {
    const band = await write<{ error: string }>(owner, "PUT", "/api/admin/settings/shipping", {
      ...policyBody(5),
      rates: [{ name: "Ground", minSubtotal: 50, maxSubtotal: 25, price: 5 }],
    });
    expect(band.status).toBe(400);
    expect(band.body.error).toContain("rates.0.maxSubtotal");
    expect(band.body.error).toContain("more than the minimum subtotal");
    const cents = await write<{ error: string }>(owner, "PUT", "/api/admin/settings/shipping", policyBody(5.555));
    expect(cents.status).toBe(400);
    expect(cents.body.error).toContain("at most 2 decimals");
    const foreign = await write<{ error: string }>(owner, "PUT", "/api/admin/settings/shipping", {
      ...policyBody(5),
      rates: [{ id: 999_999, name: "Ground", price: 5 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toContain("Reload the page");

    const tax = (body: Record<string, unknown>) =>
      write<{ error: string }>(owner, "POST", "/api/admin/settings/tax-rates", {
        countryCode: "US",
        stateCode: "CA",
        name: "California sales tax",
        ratePercent: 7.25,
        ...body,
      });
    expect((await tax({ ratePercent: 100 })).body.error).toContain("below 100 %");
    expect((await tax({ ratePercent: 7.123456 })).body.error).toContain("at most 4 decimals");
    expect((await tax({ stateCode: "ZZ" })).body.error).toContain("not one of United States's states");
    expect((await tax({ countryCode: "FR", stateCode: "" })).body.error).toContain("Add it on the Shipping page");
    expect((await tax({})).status).toBe(201);
    const twice = await tax({ ratePercent: 8 });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toContain("California, United States already has a tax rate");

    // A state a tax rate uses stays in the country's list.
    const countries = await owner.get<{
      countries: Array<{ code: string; states: Array<{ code: string; title: string }> }>;
    }>("/api/admin/settings/countries");
    const us = countries.body.countries.find((country) => country.code === "US");
    const withoutCalifornia = await write<{ error: string }>(owner, "PUT", "/api/admin/settings/countries/US", {
      shipsTo: true,
      requiresState: true,
      states: us?.states.filter((state) => state.code !== "CA"),
    });
    expect(withoutCalifornia.status).toBe(409);
    expect(withoutCalifornia.body.error).toContain("A tax rate is set for CA");
  });

  it("needs an Idempotency-Key, answers a retry once, and audits each change", async () => {
    const missing = await owner.call<{ error: string }>("PUT", "/api/admin/settings/shipping", policyBody(6));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain("Idempotency-Key");

    const db = store.database.db;
    const audits = async () =>
      (
        await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.entity, "shipping_policy"), eq(auditLog.action, "settings.shipping_policy.update")))
      ).length;
    const before = await audits();
    const key = newKey();
    const first = await write<PolicyAnswer>(owner, "PUT", "/api/admin/settings/shipping", policyBody(6.5), key);
    const retry = await write<PolicyAnswer>(owner, "PUT", "/api/admin/settings/shipping", policyBody(6.5), key);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await audits()).toBe(before + 1);
    const [entry] = await db
      .select({ staffEmail: auditLog.staffEmail, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.shipping_policy.update"))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(before);
    expect(entry.staffEmail).toMatch(/^owner-/);
    expect(JSON.stringify(entry.after)).toContain("650");
    const taxAudits = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "tax_rate"));
    expect(taxAudits.map((row) => row.action)).toEqual(
      expect.arrayContaining(["settings.tax_rate.create", "settings.tax_rate.update", "settings.tax_rate.delete"]),
    );
  });

  it("refuses managers and support staff (settings:write is the owner's)", async () => {
    for (const who of [manager, support]) {
      expect((await who.get("/api/admin/settings/shipping")).status).toBe(403);
      expect((await write(who, "PUT", "/api/admin/settings/shipping", policyBody(1))).status).toBe(403);
      expect((await write(who, "POST", "/api/admin/settings/tax-rates", {})).status).toBe(403);
      expect((await write(who, "PUT", "/api/admin/settings/countries/US", {})).status).toBe(403);
    }
    // Nothing they sent changed the rate.
    const policy = await owner.get<PolicyAnswer>("/api/admin/settings/shipping");
    expect(policy.body.policy.rates[0].price).toBe(6.5);
  });
});
