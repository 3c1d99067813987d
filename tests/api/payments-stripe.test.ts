// Card payments through Stripe, against a local stand-in for Stripe's API (tests/support/fake-stripe-server.ts):
// authorise on Place order, capture when the order is written, cancel the hold when it cannot be placed,
// declines, 3-D Secure, a timeout and a dropped connection mid-call (one charge per idempotency key),
// refunds, saved cards (SetupIntents), and signed webhooks processed once.
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkouts, orders, paymentEvents, paymentMethods, transactions } from "../../db/schema/commerce.ts";
import { customers } from "../../db/schema/customers.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
  signedInCustomer,
} from "../../fixtures/checkout-fixtures.ts";
import { settlementKey, sweepOrphanedPayments } from "../../services/orders/payment-settlement.ts";
import { PAYMENT_REFUSED } from "../../services/payments/payment-attempts.ts";
import { refund } from "../../services/payments/refund-service.ts";
import { createStripeGateway, type StripeGateway } from "../../services/payments/stripe-gateway.ts";
import { FakeStripeServer } from "../support/fake-stripe-server.ts";
import { botToken } from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type Json = Record<string, unknown>;
interface Placed {
  order: { id: number; orderNumber: string; totalPrice: number; statusUrl: string };
  error?: string;
  requiresAction?: { clientSecret: string; paymentIntentId: string };
}

const WEBHOOK_SECRET = "whsec_test_store_secret";
const keys = { secretKey: "sk_test_fake", publishableKey: "pk_test_fake", webhookSecret: WEBHOOK_SECRET };

let stripeApi: FakeStripeServer;
let gateway: StripeGateway;
let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  stripeApi = await new FakeStripeServer().start();
  gateway = createStripeGateway({
    ...keys,
    api: { host: "127.0.0.1", port: stripeApi.port, protocol: "http" },
    timeoutMs: 1500,
    maxNetworkRetries: 2,
  });
  store = await startTestStore({ products: 0, payments: { provider: "stripe", ...keys }, paymentGateway: gateway });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Salt Cell", priceCents: 12_500, available: 1000 });
});
afterAll(async () => {
  await store?.close();
  await stripeApi?.close();
});

const db = () => store.database.db;

async function cart(cookie: string | null = null) {
  const shopper = new Shopper(store.baseUrl, cookie);
  const added = await shopper.call<{ checkout: { id: string; totalPrice: number } }>(
    "POST",
    "/api/checkouts/lineItems",
    {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    },
  );
  expect(added.status).toBe(200);
  return { shopper, checkout: added.body.checkout };
}

function complete(shopper: Shopper, checkoutId: string, body: Json) {
  return shopper.call<Placed>("POST", `/api/checkouts/${checkoutId}/complete`, {
    body: { email: "buyer@example.com", shippingAddress: MAINLAND_ADDRESS, ...body },
    key: crypto.randomUUID(),
  });
}

/** The PaymentMethod id Stripe.js answers in the browser for a card typed into the Payment Element. */
const cardFromForm = (card = "pm_card_visa") => stripeApi.createPaymentMethod(card).id as string;

async function transactionsOf(orderId: number) {
  return db().select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(transactions.id);
}

async function orderRow(orderId: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row;
}

function intentOfCheckout(checkoutId: string) {
  return [...stripeApi.paymentIntents.values()].filter(
    (intent) => (intent.metadata as Json).checkout_id === checkoutId,
  );
}

async function placedOrder(pm = "pm_card_visa") {
  const { shopper, checkout } = await cart();
  const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm(pm) });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { shopper, checkout, order: placed.body.order };
}

function signed(event: Json, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

function postWebhook(payload: string, signature?: string) {
  return fetch(`${store.baseUrl}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
}

describe("placing an order through Stripe", () => {
  test("authorised with manual capture, then captured when the order is written; keys come from the checkout", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);
    expect(intent).toMatchObject({ capture_method: "manual", status: "succeeded", amount: 12_500, currency: "usd" });
    expect(intent.amount_received).toBe(12_500);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "paid", financialStatus: "paid", totalCents: 12_500 });
    const rows = await transactionsOf(order.id);
    expect(rows.map((t) => [t.kind, t.status, t.gateway])).toEqual([
      ["authorization", "SUCCESS", "stripe"],
      ["capture", "SUCCESS", "stripe"],
    ]);
    expect(rows[0].gatewayReference).toBe(intent.id);
    expect(rows[1].gatewayReference).toBe(intent.latest_charge);

    // Every call that changed something at Stripe carried a key derived from this checkout.
    const calls = stripeApi.requests.filter(
      (r) => r.method === "POST" && JSON.stringify(r).includes(intent.id as string),
    );
    const create = stripeApi.requests.find(
      (r) => r.path === "/v1/payment_intents" && (r.params.metadata as Json)?.checkout_id === checkout.id,
    );
    expect(create?.idempotencyKey).toMatch(new RegExp(`^checkout:${checkout.id}:authorize:12500:pm_`));
    for (const call of calls) expect(call.idempotencyKey).toMatch(new RegExp(`^checkout:${checkout.id}:`));
    // The card the order names is what Stripe reported, and only its brand and last 4 are kept.
    const [method] = await db()
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, rows[0].paymentMethodId as number));
    expect(method).toMatchObject({ gateway: "stripe", brand: "visa", last4: "4242", gatewayToken: null });
  });

  test("card fields sent to the store are refused and never reach Stripe", async () => {
    const { shopper, checkout } = await cart();
    const before = stripeApi.requests.length;
    const placed = await complete(shopper, checkout.id, { card: APPROVED_CARD });
    expect(placed.status).toBe(400);
    expect(placed.body.error).toMatch(/secure card form/);
    expect(stripeApi.requests.length).toBe(before);
    // Nothing the store ever sent to Stripe looks like a card number or a CVC.
    const sent = JSON.stringify(stripeApi.requests);
    expect(sent).not.toMatch(/4242 ?4242 ?4242 ?4242/);
    expect(sent).not.toMatch(/"(number|cvc)"/);
  });

  test("a decline keeps the cart and writes no order; Stripe's reason is kept on the transaction", async () => {
    const { shopper, checkout } = await cart();
    const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm("pm_card_chargeDeclined") });
    expect(placed.status).toBe(402);
    expect(placed.body.error).toBe(PAYMENT_REFUSED);
    const [row] = await db().select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(row.status).toBe("open");
    expect(await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).toEqual([]);
    const [intent] = intentOfCheckout(checkout.id);
    const [declined] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.gatewayReference, intent.id as string));
    expect(declined).toMatchObject({
      kind: "authorization",
      status: "FAILURE",
      errorMessage: "Your card was declined.",
    });

    // After a refusal the next try needs the bot check; Stripe's reason for this one is kept too.
    const funds = await complete(shopper, checkout.id, {
      paymentToken: cardFromForm("pm_card_chargeDeclinedInsufficientFunds"),
      token: await botToken(store, "checkout"),
    });
    expect(funds.status).toBe(402);
    const reasons = await db()
      .select({ message: transactions.errorMessage })
      .from(transactions)
      .where(eq(transactions.status, "FAILURE"));
    expect(reasons.map((r) => r.message)).toContain("Your card has insufficient funds.");
    // Then a good card places the order.
    const good = await complete(shopper, checkout.id, {
      paymentToken: cardFromForm(),
      token: await botToken(store, "checkout"),
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  test("3-D Secure: the page gets the client secret, the shopper confirms, the order lands on its confirmation", async () => {
    const { shopper, checkout } = await cart();
    const first = await complete(shopper, checkout.id, { paymentToken: cardFromForm("pm_card_threeDSecure2Required") });
    expect(first.status).toBe(402);
    const action = first.body.requiresAction;
    expect(action?.paymentIntentId).toMatch(/^pi_/);
    expect(action?.clientSecret).toMatch(new RegExp(`^${action?.paymentIntentId}_secret_`));
    expect(await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).toEqual([]);

    // The browser's word alone is not enough: Stripe still says requires_action.
    const early = await complete(shopper, checkout.id, { paymentIntentId: action?.paymentIntentId });
    expect(early.status).toBe(402);
    expect(early.body.requiresAction?.paymentIntentId).toBe(action?.paymentIntentId);
    expect(await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).toEqual([]);

    // Someone else's checkout cannot use this payment.
    const other = await cart();
    const stolen = await complete(other.shopper, other.checkout.id, { paymentIntentId: action?.paymentIntentId });
    expect(stolen.status).toBe(402);

    stripeApi.completeAction(action?.paymentIntentId as string);
    const done = await complete(shopper, checkout.id, { paymentIntentId: action?.paymentIntentId });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.order.statusUrl).toBe(`/account/orders/${done.body.order.id}`);
    expect(await orderRow(done.body.order.id)).toMatchObject({ financialStatus: "paid" });
    expect(stripeApi.paymentIntents.get(action?.paymentIntentId as string)?.status).toBe("succeeded");
    const page = await shopper.call<{ order: { orderNumber: string } }>(
      "GET",
      done.body.order.statusUrl.replace("/account", "/api"),
    );
    expect(page.body.order.orderNumber).toBe(done.body.order.orderNumber);
  });

  test("an order that cannot be written cancels the hold at Stripe", async () => {
    const { shopper, checkout } = await cart();
    // The capture fails on every try: the order is not written and the authorisation is released.
    for (let i = 0; i < 3; i++) stripeApi.failNext(/\/capture$/, "server_error");
    const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm() });
    expect(placed.status).toBe(402);
    const [intent] = intentOfCheckout(checkout.id);
    expect(intent.status).toBe("canceled");
    expect(intent.cancellation_reason).toBe("abandoned");
    expect(await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).toEqual([]);
    const voids = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, "void"), eq(transactions.gatewayReference, intent.id as string)));
    expect(voids).toHaveLength(1);
    expect(voids[0].status).toBe("SUCCESS");
  });

  test.each([
    ["a dropped connection", "drop"],
    ["a timeout", "timeout"],
  ] as const)(
    "%s in the middle of the authorisation: the library retries, one charge is made",
    async (_name, fault) => {
      const { shopper, checkout } = await cart();
      stripeApi.failNext(/^\/v1\/payment_intents$/, fault);
      const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm() });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const attempts = stripeApi.requests.filter(
        (r) => r.path === "/v1/payment_intents" && (r.params.metadata as Json)?.checkout_id === checkout.id,
      );
      expect(attempts.length).toBe(2);
      expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
      expect(stripeApi.chargesByKey.get(attempts[0].idempotencyKey as string)).toBe(1);
      expect(intentOfCheckout(checkout.id)).toHaveLength(1);
      expect(await orderRow(placed.body.order.id)).toMatchObject({ financialStatus: "paid" });
    },
  );

  test("a dropped connection during the capture is retried with the same key: captured once", async () => {
    const { shopper, checkout } = await cart();
    stripeApi.failNext(/\/capture$/, "drop");
    const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm() });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const captures = stripeApi.requests.filter(
      (r) => r.path.endsWith("/capture") && r.idempotencyKey?.includes(checkout.id),
    );
    expect(captures.length).toBe(2);
    expect(captures[0].idempotencyKey).toBe(captures[1].idempotencyKey);
    expect(intentOfCheckout(checkout.id)[0]).toMatchObject({ status: "succeeded", amount_received: 12_500 });
  });

  test("a capture whose every answer is lost: no order, the hold cannot be cancelled, the settle sweep refunds it", async () => {
    const { shopper, checkout } = await cart();
    // Stripe captures, the answer never arrives (the library's two retries replay the same capture).
    for (let i = 0; i < 3; i++) stripeApi.failNext(/\/capture$/, "drop");
    const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm() });
    expect(placed.status).toBe(402);
    expect(await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).toEqual([]);
    const [intent] = intentOfCheckout(checkout.id);
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 12_500 });
    // The cancellation was refused (Stripe cannot cancel a captured payment): only a trace, no settlement.
    const [voided] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, "void"), eq(transactions.gatewayReference, intent.id as string)));
    expect(voided).toMatchObject({ status: "FAILURE", idempotencyKey: null });

    // Minutes later, the payments.settle job.
    await db()
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(and(eq(transactions.kind, "authorization"), eq(transactions.gatewayReference, intent.id as string)));
    const swept = await sweepOrphanedPayments(db(), gateway, { logger: store.services.logger });
    expect(swept.outcomes).toEqual({ refunded: 1 });
    const refunds = [...stripeApi.refunds.values()].filter((refund) => refund.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(12_500);
    const [settled] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.idempotencyKey, settlementKey("stripe", intent.id as string)));
    expect(settled).toMatchObject({
      kind: "refund",
      status: "SUCCESS",
      amountCents: 12_500,
      gatewayReference: refunds[0].id,
    });
  });
});

describe("refunds", () => {
  test("partial, then full: idempotent by key, recorded as transactions, the order follows", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);

    const partial = await refund(db(), gateway, {
      orderId: order.id,
      amountCents: 2_500,
      reason: "requested_by_customer",
      idempotencyKey: `rma-${order.id}-1`,
    });
    expect(partial).toMatchObject({ status: "SUCCESS", amountCents: 2_500, financialStatus: "partially_refunded" });
    const again = await refund(db(), gateway, {
      orderId: order.id,
      amountCents: 2_500,
      reason: "requested_by_customer",
      idempotencyKey: `rma-${order.id}-1`,
    });
    expect(again).toMatchObject({ repeated: true, transactionId: partial.transactionId });
    const atStripe = () => [...stripeApi.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(atStripe()).toHaveLength(1);
    expect(atStripe()[0]).toMatchObject({ amount: 2_500, reason: "requested_by_customer" });

    const tooMuch = refund(db(), gateway, {
      orderId: order.id,
      amountCents: 20_000,
      reason: "duplicate",
      idempotencyKey: `rma-${order.id}-2`,
    });
    await expect(tooMuch).rejects.toThrow(/At most 10000 cents/);

    const rest = await refund(db(), gateway, {
      orderId: order.id,
      reason: "duplicate",
      idempotencyKey: `rma-${order.id}-3`,
    });
    expect(rest).toMatchObject({ status: "SUCCESS", amountCents: 10_000, financialStatus: "refunded" });
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", financialStatus: "refunded" });
    expect(atStripe().map((r) => r.amount)).toEqual([2_500, 10_000]);
    const refundsRows = (await transactionsOf(order.id)).filter((t) => t.kind === "refund");
    expect(refundsRows.map((t) => [t.status, t.amountCents, t.reason])).toEqual([
      ["SUCCESS", 2_500, "requested_by_customer"],
      ["SUCCESS", 10_000, "duplicate"],
    ]);
    await expect(
      refund(db(), gateway, { orderId: order.id, reason: "duplicate", idempotencyKey: `rma-${order.id}-4` }),
    ).rejects.toThrow(/Nothing is left/);
  });

  test("a refund whose answer was lost is asked again under the same key: one refund at Stripe", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);
    stripeApi.failNext(/^\/v1\/refunds$/, "drop");
    const result = await refund(db(), gateway, {
      orderId: order.id,
      amountCents: 1_000,
      reason: "requested_by_customer",
      idempotencyKey: `lost-${order.id}`,
    });
    expect(result.status).toBe("SUCCESS");
    expect([...stripeApi.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});

describe("saved cards (Stripe Customers and SetupIntents)", () => {
  test("a card is saved through Stripe's form, paid with at checkout, and deleted at Stripe", async () => {
    const me = await signedInCustomer(db());
    const shopper = new Shopper(store.baseUrl, me.cookie);
    const started = await shopper.call<{ clientSecret: string; setupIntentId: string }>(
      "POST",
      `/api/user/${me.userId}/paymentMethods/setupIntents`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.clientSecret).toMatch(/^seti_.+_secret_/);
    const [customer] = await db().select().from(customers).where(eq(customers.id, me.customerId));
    expect(customer.stripeCustomerId).toMatch(/^cus_/);
    expect(stripeApi.setupIntents.get(started.body.setupIntentId)?.customer).toBe(customer.stripeCustomerId);

    // Not confirmed yet: nothing is saved.
    const early = await shopper.call(
      "POST",
      `/api/user/${me.userId}/paymentMethods/setupIntents/${started.body.setupIntentId}/complete`,
    );
    expect(early.status).toBe(400);

    const pm = stripeApi.confirmSetupIntent(started.body.setupIntentId, "pm_card_mastercard");
    const saved = await shopper.call<{ paymentMethod: { id: number; brand: string; last4: string; expMonth: number } }>(
      "POST",
      `/api/user/${me.userId}/paymentMethods/setupIntents/${started.body.setupIntentId}/complete`,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.paymentMethod).toMatchObject({ brand: "mastercard", last4: "4444", expMonth: 11 });
    const [row] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, saved.body.paymentMethod.id));
    // Only Stripe's id, brand, last 4 and expiry are kept.
    expect(row).toMatchObject({
      gateway: "stripe",
      gatewayToken: pm,
      brand: "mastercard",
      last4: "4444",
      expYear: 2033,
    });

    // Another signed-in customer cannot take this SetupIntent.
    const other = await signedInCustomer(db());
    const taken = await new Shopper(store.baseUrl, other.cookie).call(
      "POST",
      `/api/user/${other.userId}/paymentMethods/setupIntents/${started.body.setupIntentId}/complete`,
    );
    expect(taken.status).toBe(404);

    const listed = await shopper.call<{ paymentMethods: Array<{ id: number }> }>(
      "GET",
      `/api/user/${me.userId}/paymentMethods`,
    );
    expect(listed.body.paymentMethods.map((m) => m.id)).toEqual([saved.body.paymentMethod.id]);

    // Pay with it.
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    const placed = await complete(shopper, added.body.checkout.id, { paymentMethodId: saved.body.paymentMethod.id });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [intent] = intentOfCheckout(added.body.checkout.id);
    expect(intent).toMatchObject({ customer: customer.stripeCustomerId, payment_method: pm, status: "succeeded" });

    // Delete it: detached at Stripe, gone from the wallet.
    const deleted = await shopper.call(
      "DELETE",
      `/api/user/${me.userId}/paymentMethods/${saved.body.paymentMethod.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(stripeApi.paymentMethods.get(pm)?.customer).toBeNull();
    const after = await shopper.call<{ paymentMethods: unknown[] }>("GET", `/api/user/${me.userId}/paymentMethods`);
    expect(after.body.paymentMethods).toEqual([]);
    const reuse = await complete(shopper, (await cart(me.cookie)).checkout.id, {
      paymentMethodId: saved.body.paymentMethod.id,
    });
    expect(reuse.status).toBe(404);
  });

  test("the card form of the test gateway is refused while Stripe is on", async () => {
    const me = await signedInCustomer(db());
    const shopper = new Shopper(store.baseUrl, me.cookie);
    const answer = await shopper.call("POST", `/api/user/${me.userId}/paymentMethods`, { body: APPROVED_CARD });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.stringify(stripeApi.requests)).not.toContain("4242 4242");
  });

  test("saving a card while paying keeps it on the customer's Stripe Customer", async () => {
    const me = await signedInCustomer(db());
    const { shopper, checkout } = await cart(me.cookie);
    const placed = await complete(shopper, checkout.id, { paymentToken: cardFromForm(), saveCard: true });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [intent] = intentOfCheckout(checkout.id);
    const [customer] = await db().select().from(customers).where(eq(customers.id, me.customerId));
    expect(intent).toMatchObject({ customer: customer.stripeCustomerId, setup_future_usage: "on_session" });
    const wallet = await shopper.call<{ paymentMethods: Array<{ last4: string }> }>(
      "GET",
      `/api/user/${me.userId}/paymentMethods`,
    );
    expect(wallet.body.paymentMethods.map((m) => m.last4)).toEqual(["4242"]);
  });
});

describe("webhooks", () => {
  test("an unsigned, re-signed or altered body is refused with 400 and changes nothing", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);
    const dispute = stripeApi.event("charge.dispute.created", {
      id: "dp_forged",
      object: "dispute",
      amount: 12_500,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
      charge: intent.latest_charge,
      payment_intent: intent.id,
    });
    const good = signed(dispute);
    expect((await postWebhook(good.payload)).status).toBe(400);
    const wrongSecret = signed(dispute, "whsec_someone_else");
    expect((await postWebhook(wrongSecret.payload, wrongSecret.header)).status).toBe(400);
    const altered = good.payload.replace('"fraudulent"', '"general"');
    expect((await postWebhook(altered, good.header)).status).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ staffFlag: null });
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, dispute.id as string)),
    ).toEqual([]);
  });

  test("charge.dispute.created flags the order for staff; a replay changes nothing", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);
    const event = stripeApi.event("charge.dispute.created", {
      id: "dp_123",
      object: "dispute",
      amount: 12_500,
      currency: "usd",
      reason: "product_not_received",
      status: "needs_response",
      charge: intent.latest_charge,
      payment_intent: intent.id,
    });
    const { payload, header } = signed(event);
    const first = await postWebhook(payload, header);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: "processed" });
    const flagged = await orderRow(order.id);
    expect(flagged.staffFlag).toMatch(/dp_123.*product_not_received/);

    await db().update(orders).set({ staffFlag: null }).where(eq(orders.id, order.id));
    const replay = await postWebhook(payload, signed(event).header);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "duplicate" });
    expect((await orderRow(order.id)).staffFlag).toBeNull();
  });

  test("charge.refunded records a refund made in Stripe's dashboard once", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);
    // Refunded at Stripe directly (not through the store).
    await gateway.client.refunds.create({ payment_intent: intent.id as string, amount: 4_000 });
    const event = stripeApi.event("charge.refunded", stripeApi.chargeOf(intent.id as string));
    const { payload, header } = signed(event);
    expect((await postWebhook(payload, header)).status).toBe(200);
    expect((await postWebhook(payload, signed(event).header)).status).toBe(200);
    const refunds = (await transactionsOf(order.id)).filter((t) => t.kind === "refund");
    expect(refunds.map((t) => t.amountCents)).toEqual([4_000]);
    expect(await orderRow(order.id)).toMatchObject({ financialStatus: "partially_refunded" });
  });

  test("payment_intent.succeeded completes an order whose capture answer was lost; the browser cannot", async () => {
    const { checkout, order } = await placedOrder();
    const [intent] = intentOfCheckout(checkout.id);
    // As if the capture's answer never came back: the order is only authorised in our books.
    await db()
      .delete(transactions)
      .where(and(eq(transactions.orderId, order.id), eq(transactions.kind, "capture")));
    await db().update(orders).set({ status: "placed", financialStatus: "authorized" }).where(eq(orders.id, order.id));

    const event = stripeApi.event(
      "payment_intent.succeeded",
      stripeApi.paymentIntents.get(intent.id as string) as Json,
    );
    const { payload, header } = signed(event);
    expect((await postWebhook(payload, header)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", financialStatus: "paid" });
    const captures = (await transactionsOf(order.id)).filter((t) => t.kind === "capture");
    expect(captures.map((t) => [t.status, t.amountCents])).toEqual([["SUCCESS", 12_500]]);
    expect((await postWebhook(payload, signed(event).header)).status).toBe(200);
    expect((await transactionsOf(order.id)).filter((t) => t.kind === "capture")).toHaveLength(1);
  });

  test("payment_intent.payment_failed and .canceled close a waiting authorisation", async () => {
    const { shopper, checkout } = await cart();
    const first = await complete(shopper, checkout.id, { paymentToken: cardFromForm("pm_card_threeDSecure2Required") });
    const piId = first.body.requiresAction?.paymentIntentId as string;
    stripeApi.completeAction(piId, false);
    const failed = stripeApi.event("payment_intent.payment_failed", stripeApi.paymentIntents.get(piId) as Json);
    const signedFailed = signed(failed);
    expect((await postWebhook(signedFailed.payload, signedFailed.header)).status).toBe(200);
    const [row] = await db().select().from(transactions).where(eq(transactions.gatewayReference, piId));
    expect(row).toMatchObject({ status: "FAILURE" });
    expect(row.errorMessage).toMatch(/unable to authenticate/);
    // The page's retry with that payment is refused: Stripe said it failed.
    expect((await complete(shopper, checkout.id, { paymentIntentId: piId })).status).toBe(402);

    const canceled = stripeApi.event("payment_intent.canceled", {
      ...(stripeApi.paymentIntents.get(piId) as Json),
      status: "canceled",
    });
    const signedCanceled = signed(canceled);
    const answer = await postWebhook(signedCanceled.payload, signedCanceled.header);
    expect(await answer.json()).toMatchObject({ outcome: "processed" });
  });

  test("setup_intent.succeeded saves the card even if the page never came back; once", async () => {
    const me = await signedInCustomer(db());
    const shopper = new Shopper(store.baseUrl, me.cookie);
    const started = await shopper.call<{ setupIntentId: string }>(
      "POST",
      `/api/user/${me.userId}/paymentMethods/setupIntents`,
    );
    const pm = stripeApi.confirmSetupIntent(started.body.setupIntentId);
    const event = stripeApi.event(
      "setup_intent.succeeded",
      stripeApi.setupIntents.get(started.body.setupIntentId) as Json,
    );
    const { payload, header } = signed(event);
    expect((await postWebhook(payload, header)).status).toBe(200);
    expect((await postWebhook(payload, signed(event).header)).status).toBe(200);
    // And the page arriving late finds the same row.
    const late = await shopper.call<{ paymentMethod: { id: number } }>(
      "POST",
      `/api/user/${me.userId}/paymentMethods/setupIntents/${started.body.setupIntentId}/complete`,
    );
    expect(late.status).toBe(201);
    const rows = await db().select().from(paymentMethods).where(eq(paymentMethods.gatewayToken, pm));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(late.body.paymentMethod.id);
  });
});
