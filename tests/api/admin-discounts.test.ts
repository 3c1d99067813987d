// Discount codes made in the back office work at the checkout with their rules: a code created over
// the admin API is applied to a cart with its percentage and minimum, a paused one is refused, one
// limited to a product or a category covers only its lines; orders placed with it show as uses and
// revenue; every change is audited.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectionProducts, collections } from "../../db/schema/catalog.ts";
import { auditLog } from "../../db/schema/staff.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface Checkout {
  id: string;
  lineItemsSubtotalPrice: number;
  subtotalPrice: number;
  DiscountCodes: Array<{ code: string; applicable: boolean; message: string | null }>;
}
type Answer = { checkout: Checkout; error?: string };

let store: TestStore;
let owner: CookieClient;
let pump: ProductFixture;
let gasket: ProductFixture;
let categoryId: number;
let ipCounter = 40;

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0, trustProxy: 1 });
  await installCommerceFixtures(store.database.db);
  pump = await createProduct(store.database.db, { title: "Pool Pump", priceCents: 40_000, available: 1000 });
  gasket = await createProduct(store.database.db, { title: "Lid Gasket", priceCents: 1_000, available: 1000 });
  const [category] = await store.database.db
    .insert(collections)
    .values({ handle: `pumps-${Date.now()}`, title: "Pumps" })
    .returning({ id: collections.id });
  categoryId = category.id;
  await store.database.db.insert(collectionProducts).values({ collectionId: categoryId, productId: pump.productId });
  owner = await signInStaff(store, "manager");
});
afterAll(() => store?.close());

function shopper() {
  const ip = `203.0.113.${ipCounter++}`;
  const visitor = new Shopper(store.baseUrl);
  const call = visitor.call.bind(visitor);
  visitor.call = (method, path, options = {}) =>
    call(method, path, { ...options, headers: { "x-forwarded-for": ip, ...options.headers } });
  return visitor;
}

async function cartWith(visitor: Shopper, lines: Array<[ProductFixture, number]>): Promise<Checkout> {
  let checkout: Checkout | undefined;
  for (const [fixture, quantity] of lines) {
    const answer = await visitor.call<Answer>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: fixture.levelId, quantity },
    });
    expect(answer.status).toBe(200);
    checkout = answer.body.checkout;
  }
  return checkout as Checkout;
}

const apply = (visitor: Shopper, checkoutId: string, code: string) =>
  visitor.call<Answer>("POST", `/api/checkouts/${checkoutId}/discountCodes?code=${encodeURIComponent(code)}`, {
    headers: { "content-type": "application/json" },
  });

const form = (patch: Record<string, unknown>) => ({
  code: `SAVE${Math.random().toString(36).slice(2, 8)}`,
  title: "Spring sale",
  kind: "percentage",
  percentOff: 15,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  ...patch,
});

async function create(patch: Record<string, unknown>) {
  const answer = await owner.call<{ discount: { id: number; code: string }; error?: string }>(
    "POST",
    "/api/admin/discounts",
    form(patch),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.discount;
}

describe("a code made in the back office", () => {
  test("takes its percentage off at the checkout once the minimum is met", async () => {
    const code = await create({ minimumSubtotal: 100 });
    const small = shopper();
    const smallCart = await cartWith(small, [[gasket, 2]]);
    const refused = await apply(small, smallCart.id, code.code.toLowerCase());
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain("needs a subtotal of at least $100.00");

    const big = shopper();
    const cart = await cartWith(big, [[pump, 1]]);
    const applied = await apply(big, cart.id, code.code);
    expect(applied.status).toBe(200);
    expect(applied.body.checkout.subtotalPrice).toBe(340);
  });

  test("paused, it is refused; resumed, it works again", async () => {
    const code = await create({});
    const paused = await owner.call("POST", `/api/admin/discounts/${code.id}/active`, { isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ discount: { standing: "paused", isActive: false } });
    const visitor = shopper();
    const cart = await cartWith(visitor, [[pump, 1]]);
    const refused = await apply(visitor, cart.id, code.code);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(`The discount code ${code.code} is no longer active.`);

    await owner.call("POST", `/api/admin/discounts/${code.id}/active`, { isActive: true });
    expect((await apply(visitor, cart.id, code.code)).status).toBe(200);

    const actions = await store.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "discount"), eq(auditLog.entityId, String(code.id))));
    expect(actions.map((a) => a.action)).toEqual(["discount.create", "discount.pause", "discount.resume"]);
  });

  test("limited to a product covers only that product's lines", async () => {
    const code = await create({
      kind: "fixed_amount",
      percentOff: null,
      amountOff: 5,
      appliesTo: "products",
      productIds: [gasket.productId],
    });
    const pumpOnly = shopper();
    const pumpCart = await cartWith(pumpOnly, [[pump, 1]]);
    const refused = await apply(pumpOnly, pumpCart.id, code.code);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(`The discount code ${code.code} does not apply to the items in your cart.`);

    const both = shopper();
    const cart = await cartWith(both, [
      [pump, 1],
      [gasket, 1],
    ]);
    const applied = await apply(both, cart.id, code.code);
    expect(applied.status).toBe(200);
    expect(applied.body.checkout.subtotalPrice).toBe(405);
  });

  test("limited to a category takes its percentage off that category's products only", async () => {
    const code = await create({ percentOff: 10, appliesTo: "collections", collectionIds: [categoryId] });
    const visitor = shopper();
    const cart = await cartWith(visitor, [
      [pump, 1],
      [gasket, 2],
    ]);
    const applied = await apply(visitor, cart.id, code.code);
    expect(applied.status).toBe(200);
    // 10% of the pump's 400.00 only; the gaskets stay at full price.
    expect(applied.body.checkout.subtotalPrice).toBe(380);
  });

  test("counts uses and revenue from the orders placed with it", async () => {
    const code = await create({ usageLimit: 1, oncePerCustomer: true });
    const visitor = shopper();
    const cart = await cartWith(visitor, [[gasket, 3]]);
    expect((await apply(visitor, cart.id, code.code)).status).toBe(200);
    const placed = await visitor.call<{ order?: { id: number }; error?: string }>(
      "POST",
      `/api/checkouts/${cart.id}/complete`,
      {
        body: { email: "buyer@example.com", shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
      },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = await owner.get<{
      discount: { usageCount: number; orderCount: number; revenue: number; standing: string };
    }>(`/api/admin/discounts/${code.id}`);
    expect(detail.body.discount).toMatchObject({ usageCount: 1, orderCount: 1, standing: "used_up" });
    expect(detail.body.discount.revenue).toBeGreaterThan(25);

    const list = await owner.get<{ discounts: Array<{ id: number }> }>(
      `/api/admin/discounts?status=used_up&q=${code.code}`,
    );
    expect(list.body.discounts.map((d) => d.id)).toEqual([code.id]);
  });

  test("refuses a taken code, a wrong rule and an unknown product with a message", async () => {
    const code = await create({});
    const taken = await owner.call("POST", "/api/admin/discounts", form({ code: code.code.toLowerCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toContain("already exists");
    const noPercent = await owner.call("POST", "/api/admin/discounts", form({ percentOff: null }));
    expect(noPercent.status).toBe(400);
    expect(String(noPercent.body.error)).toContain("Enter the percentage off");
    const unknown = await owner.call(
      "POST",
      "/api/admin/discounts",
      form({ appliesTo: "products", productIds: [987654] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("These products do not exist: 987654.");
  });

  test("edited, the checkout follows; deleted, it is unknown; both idempotent", async () => {
    const code = await create({ percentOff: 10 });
    const edited = await owner.call(
      "PUT",
      `/api/admin/discounts/${code.id}`,
      form({ code: code.code, percentOff: 50 }),
    );
    expect(edited.status).toBe(200);
    const visitor = shopper();
    const cart = await cartWith(visitor, [[pump, 1]]);
    expect((await apply(visitor, cart.id, code.code)).body.checkout.subtotalPrice).toBe(200);

    const key = { "idempotency-key": `delete-${code.id}` };
    const deleted = await owner.call("DELETE", `/api/admin/discounts/${code.id}`, undefined, key);
    expect(deleted.status).toBe(200);
    expect((await owner.call("DELETE", `/api/admin/discounts/${code.id}`, undefined, key)).status).toBe(200);
    const later = shopper();
    const gone = await apply(later, (await cartWith(later, [[pump, 1]])).id, code.code);
    expect(gone.status).toBe(422);
    expect(gone.body.error).toContain("does not exist");
  });
});
