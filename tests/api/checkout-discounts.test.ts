// Discount codes over HTTP: each rule with its reason, the totals they give, and usage counted at order
// placement so that a limit holds under concurrent orders.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { discountCodes, discountRedemptions } from "../../db/schema/commerce.ts";
import {
  APPROVED_CARD,
  CODES,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface Checkout {
  id: string;
  LineItems: Array<{ id: number; currentQuantity: number }>;
  lineItemsSubtotalPrice: number;
  subtotalPrice: number;
  totalPrice: number;
  CheckoutShippingLine: { price: number; title: string } | null;
  DiscountCodes: Array<{ code: string; applicable: boolean; message: string | null; Discount: { title: string } }>;
}
type Answer = { checkout: Checkout; error?: string };

let store: TestStore;
let part: ProductFixture;
let cheap: ProductFixture;
let ipCounter = 10;

beforeAll(async () => {
  // As behind one load balancer: X-Forwarded-For gives each simulated shopper its own address.
  store = await startTestStore({ products: 0, trustProxy: 1 });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Salt Cell", priceCents: 6000, available: 1000 });
  cheap = await createProduct(store.database.db, { title: "O-Ring", priceCents: 1500, available: 1000 });
});
afterAll(() => store?.close());

/** Each shopper comes from its own IP address (X-Forwarded-For, trusted from one proxy hop). */
function shopper() {
  const ip = `203.0.113.${ipCounter++}`;
  const visitor = new Shopper(store.baseUrl);
  const call = visitor.call.bind(visitor);
  visitor.call = (method, path, options = {}) =>
    call(method, path, { ...options, headers: { "x-forwarded-for": ip, ...options.headers } });
  return visitor;
}

async function cartWith(visitor: Shopper, fixture: ProductFixture, quantity: number): Promise<Checkout> {
  const answer = await visitor.call<Answer>("POST", "/api/checkouts/lineItems", {
    body: { inventoryLevelId: fixture.levelId, quantity },
  });
  expect(answer.status).toBe(200);
  return answer.body.checkout;
}

const apply = (visitor: Shopper, checkoutId: string, code: string) =>
  visitor.call<Answer>("POST", `/api/checkouts/${checkoutId}/discountCodes?code=${encodeURIComponent(code)}`, {
    headers: { "content-type": "application/json" },
  });

function placeOrder(visitor: Shopper, checkoutId: string, email: string) {
  return visitor.call<{ order?: { id: number }; error?: string }>("POST", `/api/checkouts/${checkoutId}/complete`, {
    body: { email, shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
  });
}

describe("applying codes", () => {
  test("a percentage code takes its share off the subtotal (typed in any case)", async () => {
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 2);
    const answer = await apply(visitor, cart.id, ` ${CODES.percent.toLowerCase()} `);
    expect(answer.status).toBe(200);
    const { checkout } = answer.body;
    expect(checkout.DiscountCodes).toEqual([
      { code: CODES.percent, applicable: true, message: null, Discount: { title: "10% off", kind: "percentage" } },
    ]);
    expect(checkout.lineItemsSubtotalPrice).toBe(120);
    expect(checkout.subtotalPrice).toBe(108);
    // $108 after the discount still ships free.
    expect(checkout.CheckoutShippingLine?.price).toBe(0);
    expect(checkout.totalPrice).toBe(108);
  });

  test("a fixed amount needs its minimum subtotal; the reason says how much is missing", async () => {
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 1);
    const refused = await apply(visitor, cart.id, CODES.fixed);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      `The discount code ${CODES.fixed} needs a subtotal of at least $100.00. Add $40.00 more to use it.`,
    );
    await cartWith(visitor, part, 1);
    const accepted = await apply(visitor, cart.id, CODES.fixed);
    expect(accepted.status).toBe(200);
    expect(accepted.body.checkout.subtotalPrice).toBe(95);
    // Below $99 after the discount: shipping is charged again (the Ground band for $50-$99).
    expect(accepted.body.checkout.CheckoutShippingLine).toEqual({ title: "Ground", price: 12.95 });
    expect(accepted.body.checkout.totalPrice).toBe(107.95);
  });

  test("a code that stops applying stays on the cart with its reason and takes nothing off", async () => {
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 2);
    await apply(visitor, cart.id, CODES.fixed);
    const lowered = await visitor.call<Answer>("PUT", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    const { checkout } = lowered.body;
    expect(checkout.DiscountCodes[0]).toMatchObject({ code: CODES.fixed, applicable: false });
    expect(checkout.DiscountCodes[0].message).toMatch(/needs a subtotal of at least \$100\.00/);
    expect(checkout.subtotalPrice).toBe(60);
  });

  test("free shipping zeroes the shipping of a small order and takes nothing off the items", async () => {
    const visitor = shopper();
    const cart = await cartWith(visitor, cheap, 1);
    expect(cart.CheckoutShippingLine).toEqual({ title: "Ground", price: 7.95 });
    const answer = await apply(visitor, cart.id, CODES.freeShipping);
    expect(answer.body.checkout.CheckoutShippingLine?.price).toBe(0);
    expect(answer.body.checkout.subtotalPrice).toBe(15);
    expect(answer.body.checkout.totalPrice).toBe(15);
  });

  test("a new code replaces the one on the cart", async () => {
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 2);
    await apply(visitor, cart.id, CODES.percent);
    const answer = await apply(visitor, cart.id, CODES.freeShipping);
    expect(answer.body.checkout.DiscountCodes.map((code) => code.code)).toEqual([CODES.freeShipping]);
  });

  test.each([
    ["unknown", "NOPE-123", 'The discount code "NOPE-123" does not exist.'],
    ["expired", CODES.expired, new RegExp(`^The discount code ${CODES.expired} expired on `)],
    ["not started", CODES.future, new RegExp(`^The discount code ${CODES.future} is not active yet\\. It starts on `)],
    ["retired", CODES.inactive, `The discount code ${CODES.inactive} is no longer active.`],
  ])("an %s code is refused with its reason", async (_name, code, message) => {
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 1);
    const answer = await apply(visitor, cart.id, code);
    expect(answer.status).toBe(422);
    if (typeof message === "string") expect(answer.body.error).toBe(message);
    else expect(answer.body.error).toMatch(message);
    const after = await visitor.call<Answer>("GET", "/api/checkouts");
    expect(after.body.checkout.DiscountCodes).toEqual([]);
  });

  test("removing a code; removing one that is not there is a 404", async () => {
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 1);
    await apply(visitor, cart.id, CODES.percent);
    const removed = await visitor.call<Answer>(
      "DELETE",
      `/api/checkouts/${cart.id}/discountCodes?code=${CODES.percent}`,
      {
        headers: { "content-type": "application/json" },
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.checkout.DiscountCodes).toEqual([]);
    expect(removed.body.checkout.subtotalPrice).toBe(60);
    const again = await visitor.call<Answer>("DELETE", `/api/checkouts/${cart.id}/discountCodes?code=${CODES.percent}`);
    expect(again.status).toBe(404);
    expect((await visitor.call("POST", `/api/checkouts/${cart.id}/discountCodes`)).status).toBe(400);
  });
});

describe("usage is counted when the order is placed", () => {
  test("an order records the redemption and the code's use", async () => {
    const db = store.database.db;
    const visitor = shopper();
    const cart = await cartWith(visitor, part, 2);
    await apply(visitor, cart.id, CODES.percent);
    const placed = await placeOrder(visitor, cart.id, "dana@example.com");
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, CODES.percent));
    expect(code.usageCount).toBe(1);
    const redemptions = await db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, code.id));
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]).toMatchObject({ orderId: placed.body.order?.id, email: "dana@example.com" });
  });

  test("a once-per-customer code is refused to the same e-mail, IP address or account afterwards", async () => {
    const first = shopper();
    const cart = await cartWith(first, part, 1);
    const applied = await apply(first, cart.id, CODES.once);
    expect(applied.status).toBe(200);
    expect((await placeOrder(first, cart.id, "first@example.com")).status).toBe(200);

    // Same IP address, new cart.
    const sameIp = new Shopper(store.baseUrl);
    const ip = (await store.database.db.select().from(discountRedemptions)).at(-1)?.ipAddress as string;
    const headers = { "x-forwarded-for": ip };
    const again = await sameIp.call<Answer>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
      headers,
    });
    const refused = await sameIp.call<Answer>(
      "POST",
      `/api/checkouts/${again.body.checkout.id}/discountCodes?code=${CODES.once}`,
      { headers },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      `The discount code ${CODES.once} has already been used. One Redemption Per Account/IP Address Only.`,
    );

    // Another IP, but the same e-mail given at checkout: the code was accepted on the cart, the order refuses
    // it (rather than charging the full price silently) and says why.
    const sameEmail = shopper();
    const other = await cartWith(sameEmail, part, 1);
    const accepted = await apply(sameEmail, other.id, CODES.once);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const placed = await placeOrder(sameEmail, other.id, "FIRST@example.com");
    expect(placed.status).toBe(422);
    expect(placed.body.error).toMatch(/has already been used\. One Redemption Per Account\/IP Address Only\./);
  });

  test("a usage limit is never exceeded by concurrent orders", async () => {
    const db = store.database.db;
    const shoppers = Array.from({ length: 6 }, () => shopper());
    const carts = await Promise.all(shoppers.map((visitor) => cartWith(visitor, part, 1)));
    for (const [i, visitor] of shoppers.entries()) {
      expect((await apply(visitor, carts[i].id, CODES.limited)).status).toBe(200);
    }
    const answers = await Promise.all(
      shoppers.map((visitor, i) => placeOrder(visitor, carts[i].id, `limit${i}@example.com`)),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(placed).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe(
        `The discount code ${CODES.limited} has reached its usage limit. Please remove the code to place your order.`,
      );
    }
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, CODES.limited));
    expect(code.usageCount).toBe(3);
    // A new cart cannot take it any more.
    const late = shopper();
    const lateCart = await cartWith(late, part, 1);
    const lateAnswer = await apply(late, lateCart.id, CODES.limited);
    expect(lateAnswer.body.error).toBe(`The discount code ${CODES.limited} has reached its usage limit.`);
  });
});
