// Abuse paths around checkout: idempotency records that must not hold card data, sessions made for nothing,
// card testing at order placement, discount-code guessing and Add to Order mail floods.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { transactions } from "../../db/schema/commerce.ts";
import { emailOutbox, idempotencyRecords, sessions } from "../../db/schema/system.ts";
import {
  APPROVED_CARD,
  createProduct,
  DECLINED_CARD,
  FAILING_CARD,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { ADD_TO_ORDER_LIMITS, DISCOUNT_CODE_LIMITS } from "../../services/checkout/shopper-limits.ts";
import {
  NETWORK_REFUSALS_BEFORE_BOT_CHECK,
  PAYMENT_ATTEMPT_LIMITS,
  PAYMENT_BOT_CHECK_NEEDED,
  PAYMENT_REFUSED,
} from "../../services/payments/payment-attempts.ts";
import { botToken } from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type Json = Record<string, unknown>;
interface Checkout {
  id: string;
}

let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  // Requests name their client in X-Forwarded-For, so per-address limits can be tested from one machine.
  store = await startTestStore({ products: 0, trustProxy: 1 });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Pool Pump Motor", priceCents: 12_500, available: 1000 });
});
afterAll(() => store?.close());

const db = () => store.database.db;
let clientNumber = 0;
/** A shopper from an address of their own. */
function shopper(ip = `203.0.113.${++clientNumber}`): Shopper {
  const visitor = new Shopper(store.baseUrl);
  const call = visitor.call.bind(visitor);
  visitor.call = (method, path, options = {}) =>
    call(method, path, { ...options, headers: { "x-forwarded-for": ip, ...options.headers } });
  return visitor;
}

async function shopperWithCart(visitor = shopper()) {
  const answer = await visitor.call<{ checkout: Checkout }>("POST", "/api/checkouts/lineItems", {
    body: { inventoryLevelId: part.levelId, quantity: 1 },
  });
  expect(answer.status).toBe(200);
  return { visitor, checkout: answer.body.checkout };
}

const guestBody = (card: Json = APPROVED_CARD, email = "guest@example.com") => ({
  email,
  shippingAddress: MAINLAND_ADDRESS,
  card,
});

describe("idempotency records", () => {
  test("hold a keyed hash of the request without card data: a dump tells nothing, another CVC is the same request", async () => {
    const { visitor, checkout } = await shopperWithCart();
    const key = crypto.randomUUID();
    const path = `/api/checkouts/${checkout.id}/complete`;
    const body = guestBody({ ...APPROVED_CARD, cvc: "737" }, "idem.card@example.com");
    const first = await visitor.call<Json>("POST", path, { body, key });
    expect(first.status).toBe(200);
    const [record] = await db().select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key));
    // The old record: SHA-256 over method, URL and raw body, so a card number and CVC could be guessed back.
    const unkeyed = createHash("sha256")
      .update(`POST\n${path}\n${JSON.stringify(body)}`)
      .digest("hex");
    expect(record.requestHash).not.toBe(unkeyed);
    // What is kept besides the hash (the answer) names no card number and no security code.
    const stored = JSON.stringify({ body: record.responseBody, headers: record.responseHeaders });
    expect(stored).not.toMatch(/4242 ?4242|cvc|"737"/i);
    // The CVC is not part of the fingerprint at all: a retry with another code is the same request.
    const retry = await visitor.call<Json>("POST", path, {
      body: guestBody({ ...APPROVED_CARD, cvc: "999" }, "idem.card@example.com"),
      key,
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const rows = await db().select().from(transactions).where(eq(transactions.email, "idem.card@example.com"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/4242 ?4242|"737"|cvc/i);
  });

  test("a keyed request from a visitor without a session makes no session", async () => {
    const before = (await db().select({ id: sessions.id }).from(sessions)).length;
    const visitor = shopper();
    const answer = await visitor.call("POST", "/api/newsletterSubscriptions/confirm", {
      body: { confirmToken: "x".repeat(30) },
      key: crypto.randomUUID(),
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect((await db().select({ id: sessions.id }).from(sessions)).length).toBe(before);
  });
});

describe("card testing at order placement", () => {
  const complete = (visitor: Shopper, checkoutId: string, body: Json) =>
    visitor.call<Json>("POST", `/api/checkouts/${checkoutId}/complete`, { body });
  const INSUFFICIENT_CARD = { ...APPROVED_CARD, number: "4000 0000 0000 9995" };

  test("every refusal reads the same; the processor's reason stays on the transaction", async () => {
    const answers = [];
    for (const [card, email] of [
      [DECLINED_CARD, "refused.declined@example.com"],
      [INSUFFICIENT_CARD, "refused.funds@example.com"],
      [FAILING_CARD, "refused.error@example.com"],
    ] as const) {
      const { visitor, checkout } = await shopperWithCart();
      answers.push(await complete(visitor, checkout.id, guestBody(card, email)));
    }
    expect(answers.map((answer) => answer.status)).toEqual([402, 402, 402]);
    expect(new Set(answers.map((answer) => answer.body.error))).toEqual(new Set([PAYMENT_REFUSED]));
    const [funds] = await db().select().from(transactions).where(eq(transactions.email, "refused.funds@example.com"));
    expect(funds.errorMessage).toBe("Your card has insufficient funds.");
  });

  test("after a refusal the next attempt needs a bot-check answer for checkout", async () => {
    const { visitor, checkout } = await shopperWithCart();
    expect((await complete(visitor, checkout.id, guestBody(DECLINED_CARD))).status).toBe(402);
    const unchecked = await complete(visitor, checkout.id, guestBody());
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.error).toBe(PAYMENT_BOT_CHECK_NEEDED);
    const wrongAction = await complete(visitor, checkout.id, {
      ...guestBody(),
      token: await botToken(store, "newsletter"),
    });
    expect(wrongAction.status).toBe(400);
    const checked = await complete(visitor, checkout.id, { ...guestBody(), token: await botToken(store, "checkout") });
    expect(checked.status).toBe(200);
  });

  test("refusals from several addresses of one IPv6 /64 make the whole /64 pass the bot check", async () => {
    for (let host = 1; host <= NETWORK_REFUSALS_BEFORE_BOT_CHECK; host++) {
      const { visitor, checkout } = await shopperWithCart(shopper(`2001:db8:77:1::${host.toString(16)}`));
      expect((await complete(visitor, checkout.id, guestBody(DECLINED_CARD))).status).toBe(402);
    }
    const { visitor, checkout } = await shopperWithCart(shopper("2001:db8:77:1:ffff::1"));
    const answer = await complete(visitor, checkout.id, guestBody());
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(PAYMENT_BOT_CHECK_NEEDED);
    // Another /64 is not affected.
    const elsewhere = await shopperWithCart(shopper("2001:db8:77:2::1"));
    expect((await complete(elsewhere.visitor, elsewhere.checkout.id, guestBody())).status).toBe(200);
  });

  test(`attempt ${PAYMENT_ATTEMPT_LIMITS.perSession + 1} of a session within the hour gets 429`, async () => {
    const { visitor, checkout } = await shopperWithCart();
    for (let i = 0; i < PAYMENT_ATTEMPT_LIMITS.perSession; i++) {
      // A stale total: refused before any charge, but an attempt all the same.
      expect((await complete(visitor, checkout.id, { ...guestBody(), expectedTotal: 1 })).status).toBe(422);
    }
    const blocked = await complete(visitor, checkout.id, guestBody());
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many payment attempts/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("discount codes and Add to Order", () => {
  test(`guessing discount codes: attempt ${DISCOUNT_CODE_LIMITS.perSession + 1} of a session gets 429, and a network's too`, async () => {
    const { visitor, checkout } = await shopperWithCart();
    const apply = (who: Shopper, id: string, code: string) =>
      who.call<Json>("POST", `/api/checkouts/${id}/discountCodes?code=${code}`);
    for (let i = 0; i < DISCOUNT_CODE_LIMITS.perSession; i++) {
      expect((await apply(visitor, checkout.id, `GUESS${i}`)).status).toBeLessThan(429);
    }
    const blocked = await apply(visitor, checkout.id, "GUESSMORE");
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many discount code attempts/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // New sessions from one address do not reset the count.
    const ip = "198.51.100.77";
    let last = 0;
    for (let i = 0; i <= DISCOUNT_CODE_LIMITS.perNetwork; i++) {
      const fresh = await shopperWithCart(shopper(ip));
      last = (await apply(fresh.visitor, fresh.checkout.id, `NET${i}`)).status;
    }
    expect(last).toBe(429);
  });

  test(`Add to Order e-mails the staff at most ${ADD_TO_ORDER_LIMITS.perOrder} times an hour per order`, async () => {
    const extra = await createProduct(db(), { title: "Skimmer Lid", priceCents: 1999, available: 20 });
    const { visitor, checkout } = await shopperWithCart();
    const placed = await visitor.call<{ order: { id: number } }>("POST", `/api/checkouts/${checkout.id}/complete`, {
      body: guestBody(APPROVED_CARD, "add.flood@example.com"),
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.order.id;
    const mails = async () =>
      (await db().select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, "order_add_request")))
        .length;
    const before = await mails();
    const statuses = [];
    for (let i = 0; i <= ADD_TO_ORDER_LIMITS.perOrder; i++) {
      const answer = await visitor.call("POST", `/api/orders/${orderId}/relatedProducts/${extra.productId}`, {
        headers: { "content-type": "application/json" },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(ADD_TO_ORDER_LIMITS.perOrder).fill(200), 429]);
    expect((await mails()) - before).toBe(ADD_TO_ORDER_LIMITS.perOrder);
  });
});
