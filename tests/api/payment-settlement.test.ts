// Payments whose order was never written (services/orders/payment-settlement.ts): an authorisation row with no
// order, older than a few minutes, is settled by the payments.settle sweep: refunded when the processor shows it
// captured, cancelled when it is only held, once, however many sweeps run at the same time. An order holding
// the payment is never touched. Both the built-in test gateway and Stripe (the local stand-in of its API).
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { transactions } from "../../db/schema/commerce.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import {
  ORPHANED_AFTER_MS,
  SETTLE_PAYMENTS_JOB,
  settlementKey,
  sweepOrphanedPayments,
} from "../../services/orders/payment-settlement.ts";
import type { PaymentGateway } from "../../services/payments/payment-gateway.ts";
import { createStripeGateway, type StripeGateway } from "../../services/payments/stripe-gateway.ts";
import { createTestGateway, type TestGateway } from "../../services/payments/test-gateway.ts";
import { FakeStripeServer } from "../support/fake-stripe-server.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

const logs: Array<{ level: string; message: string }> = [];
const logger = {
  info: (_: unknown, message?: string) => void logs.push({ level: "info", message: message ?? "" }),
  warn: (_: unknown, message?: string) => void logs.push({ level: "warn", message: message ?? "" }),
  error: (_: unknown, message?: string) => void logs.push({ level: "error", message: message ?? "" }),
} as Parameters<typeof sweepOrphanedPayments>[2]["logger"];

let store: TestStore;
let part: ProductFixture;
let stripeApi: FakeStripeServer;
let stripe: StripeGateway;
const db = () => store.database.db;

beforeAll(async () => {
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(db());
  part = await createProduct(db(), { title: "Pool Heater", priceCents: 180_000, available: 100 });
  stripeApi = await new FakeStripeServer().start();
  stripe = createStripeGateway({
    secretKey: "sk_test_fake",
    publishableKey: "pk_test_fake",
    webhookSecret: "whsec_test",
    api: { host: "127.0.0.1", port: stripeApi.port, protocol: "http" },
    timeoutMs: 1500,
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await store?.close();
  await stripeApi?.close();
});

/** The gateway with its money-moving calls counted. */
function counting(gateway: PaymentGateway) {
  const calls = { lookup: 0, refund: 0, void: 0 };
  const counted: PaymentGateway = {
    ...gateway,
    lookup: (reference) => {
      calls.lookup++;
      return gateway.lookup(reference);
    },
    refund: (input) => {
      calls.refund++;
      return gateway.refund(input);
    },
    void: (input) => {
      calls.void++;
      return gateway.void(input);
    },
  };
  return { gateway: counted, calls };
}

/** The authorisation row place order writes before its order transaction, `ageMs` ago, with no order. */
async function authorizationRow(
  gateway: string,
  reference: string,
  amountCents: number,
  ageMs = ORPHANED_AFTER_MS + 60_000,
) {
  await db()
    .insert(transactions)
    .values({
      displayableId: `T${randomBytes(6).toString("hex")}`,
      kind: "authorization",
      status: "SUCCESS",
      gateway,
      gatewayReference: reference,
      amountCents,
      currency: "USD",
      email: "lost@example.com",
      createdAt: new Date(Date.now() - ageMs),
    });
}

/** A payment authorised (and captured, unless `hold`) at the test gateway for a checkout that got no order. */
async function testPayment(gateway: TestGateway, amountCents: number, hold = false) {
  const card = await gateway.tokenize(APPROVED_CARD);
  const checkoutId = randomUUID();
  const authorized = await gateway.authorize({
    token: card.token,
    amountCents,
    currency: "USD",
    orderReference: checkoutId,
  });
  if (authorized.status !== "SUCCESS") throw new Error("not authorised");
  if (!hold) await gateway.capture({ authorizationReference: authorized.reference, amountCents });
  return { reference: authorized.reference, checkoutId };
}

function settlementRows(gateway: string, reference: string) {
  return db()
    .select()
    .from(transactions)
    .where(eq(transactions.idempotencyKey, settlementKey(gateway, reference)));
}

describe("payments with no order (test gateway)", () => {
  test("a captured payment with no order is refunded exactly once, however many sweeps run at once", async () => {
    const testGateway = createTestGateway();
    const { gateway, calls } = counting(testGateway);
    const lost = await testPayment(testGateway, 12_345);
    await authorizationRow("test", lost.reference, 12_345);
    // Too recent: its order transaction could still be running.
    const recent = await testPayment(testGateway, 5_000);
    await authorizationRow("test", recent.reference, 5_000, 60_000);

    await Promise.all([
      sweepOrphanedPayments(db(), gateway, { logger }),
      sweepOrphanedPayments(db(), gateway, { logger }),
      sweepOrphanedPayments(db(), gateway, { logger }),
    ]);
    const again = await sweepOrphanedPayments(db(), gateway, { logger });

    expect(calls.refund).toBe(1);
    expect(calls.void).toBe(0);
    expect(again.looked).toBe(0);
    const seen = await testGateway.lookup(lost.reference);
    expect(seen).toMatchObject({ state: "captured", capturedCents: 12_345, refundedCents: 12_345 });
    const rows = await settlementRows("test", lost.reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "refund",
      status: "SUCCESS",
      amountCents: 12_345,
      email: "lost@example.com",
    });
    expect(rows[0].gatewayReference).toMatch(/^re_test_/);
    expect(logs.some((line) => line.level === "warn" && /refunded/.test(line.message))).toBe(true);
    // The recent one is left alone.
    expect((await testGateway.lookup(recent.reference))?.refundedCents).toBe(0);
    expect(await settlementRows("test", recent.reference)).toHaveLength(0);
  });

  test("a hold with no order is cancelled; a processor that cannot be reached is asked again by the next sweep", async () => {
    const testGateway = createTestGateway();
    const held = await testPayment(testGateway, 7_700, true);
    await authorizationRow("test", held.reference, 7_700);
    const captured = await testPayment(testGateway, 3_300);
    await authorizationRow("test", captured.reference, 3_300);

    // The processor is away: nothing is recorded as settled, and the sweep (the job) fails to be retried.
    const away: PaymentGateway = {
      ...testGateway,
      lookup: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    };
    await expect(sweepOrphanedPayments(db(), away, { logger })).rejects.toThrow(/ECONNREFUSED/);
    // Its answer is lost on the way back: the claim is let go, the same keys are used next time.
    let lostAnswers = 1;
    const flaky: PaymentGateway = {
      ...testGateway,
      refund: async (input) => {
        const answer = await testGateway.refund(input);
        if (lostAnswers-- > 0) throw new Error("socket hang up");
        return answer;
      },
    };
    const first = await sweepOrphanedPayments(db(), flaky, { logger });
    expect(first.outcomes).toEqual({ voided: 1, error: 1 });
    expect(await settlementRows("test", captured.reference)).toHaveLength(0);
    // The next sweep sees the refund made (the processor's record, not ours) and records it: no second refund.
    const second = await sweepOrphanedPayments(db(), flaky, { logger });
    expect(second.outcomes).toEqual({ nothing_held: 1 });
    expect(await sweepOrphanedPayments(db(), flaky, { logger })).toEqual({ looked: 0, outcomes: {} });

    expect(await testGateway.lookup(held.reference)).toMatchObject({ state: "canceled" });
    expect(await testGateway.lookup(captured.reference)).toMatchObject({ capturedCents: 3_300, refundedCents: 3_300 });
    const [voided] = await settlementRows("test", held.reference);
    expect(voided).toMatchObject({ kind: "void", status: "SUCCESS", amountCents: 7_700 });
    const refunds = await settlementRows("test", captured.reference);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ kind: "refund", status: "SUCCESS", amountCents: 3_300 });
  });

  test("an order holding the payment is never touched, nor the second row of a double click", async () => {
    const { gateway, calls } = counting(store.services.paymentGateway);
    const shopper = new Shopper(store.baseUrl);
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
      key: randomUUID(),
    });
    expect(added.status).toBe(200);
    const placed = await shopper.call<{ order: { id: number } }>(
      "POST",
      `/api/checkouts/${added.body.checkout.id}/complete`,
      {
        body: { email: "kept@example.com", shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
        key: randomUUID(),
      },
    );
    expect(placed.status).toBe(200);
    const [authorization] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, placed.body.order.id), eq(transactions.kind, "authorization")));
    // Old enough to be swept, and a double click's own row for the same payment, with no order.
    await db()
      .update(transactions)
      .set({ createdAt: sql`${transactions.createdAt} - interval '1 hour'` })
      .where(eq(transactions.orderId, placed.body.order.id));
    await authorizationRow("test", authorization.gatewayReference as string, authorization.amountCents);

    const result = await sweepOrphanedPayments(db(), gateway, { logger });
    expect(result.looked).toBe(0);
    expect(calls).toEqual({ lookup: 0, refund: 0, void: 0 });
    expect(await settlementRows("test", authorization.gatewayReference as string)).toHaveLength(0);
    const ledger = (store.services.paymentGateway as TestGateway).ledger();
    expect(ledger.find((entry) => entry.authorizationReference === authorization.gatewayReference)?.state).toBe(
      "captured",
    );
  });
});

describe("payments with no order (Stripe)", () => {
  /** A PaymentIntent authorised (and captured, unless `hold`) at Stripe the way place order makes it. */
  async function stripePayment(amountCents: number, hold = false) {
    const checkoutId = randomUUID();
    const authorized = await stripe.authorize({
      token: "pm_card_visa",
      amountCents,
      currency: "USD",
      orderReference: checkoutId,
      idempotencyKey: `checkout:${checkoutId}:authorize:${amountCents}:pm_card_visa`,
    });
    expect(authorized.status).toBe("SUCCESS");
    if (!hold) {
      const captured = await stripe.capture({ authorizationReference: authorized.reference, amountCents });
      expect(captured.status).toBe("SUCCESS");
    }
    return { reference: authorized.reference, checkoutId };
  }

  test("lookup answers what Stripe shows: held, captured, refunded, cancelled, unknown", async () => {
    const held = await stripePayment(2_000, true);
    expect(await stripe.lookup(held.reference)).toEqual({
      reference: held.reference,
      state: "authorized",
      amountCents: 2_000,
      capturedCents: 0,
      refundedCents: 0,
      orderReference: held.checkoutId,
    });
    const paid = await stripePayment(2_500);
    expect(await stripe.lookup(paid.reference)).toMatchObject({
      state: "captured",
      capturedCents: 2_500,
      refundedCents: 0,
    });
    await stripe.refund({
      authorizationReference: paid.reference,
      amountCents: 1_000,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    });
    expect(await stripe.lookup(paid.reference)).toMatchObject({ state: "captured", refundedCents: 1_000 });
    await stripe.void({ authorizationReference: held.reference });
    expect(await stripe.lookup(held.reference)).toMatchObject({ state: "canceled" });
    expect(await stripe.lookup("pi_unknownxxxxxxxxxxxxxxx")).toBeNull();
  });

  test("a captured PaymentIntent with no order is refunded once with the checkout's key; a held one is cancelled", async () => {
    const { gateway, calls } = counting(stripe);
    const lost = await stripePayment(9_900);
    await authorizationRow("stripe", lost.reference, 9_900);
    const held = await stripePayment(4_400, true);
    await authorizationRow("stripe", held.reference, 4_400);

    await Promise.all([
      sweepOrphanedPayments(db(), gateway, { logger }),
      sweepOrphanedPayments(db(), gateway, { logger }),
    ]);
    await sweepOrphanedPayments(db(), gateway, { logger });

    expect(calls.refund).toBe(1);
    expect(calls.void).toBe(1);
    const refunds = [...stripeApi.refunds.values()].filter((refund) => refund.payment_intent === lost.reference);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(9_900);
    const refundCall = stripeApi.requests.find(
      (request) => request.path === "/v1/refunds" && request.params.payment_intent === lost.reference,
    );
    expect(refundCall?.idempotencyKey).toBe(`checkout:${lost.checkoutId}:refund:${lost.reference}`);
    const cancelCall = stripeApi.requests.find(
      (request) => request.path === `/v1/payment_intents/${held.reference}/cancel`,
    );
    expect(cancelCall?.idempotencyKey).toBe(`checkout:${held.checkoutId}:cancel:${held.reference}`);
    expect(stripeApi.paymentIntents.get(held.reference)?.status).toBe("canceled");

    const [refundRow] = await settlementRows("stripe", lost.reference);
    expect(refundRow).toMatchObject({ kind: "refund", status: "SUCCESS", amountCents: 9_900 });
    expect(refundRow.gatewayReference).toBe(refunds[0].id);
    const [voidRow] = await settlementRows("stripe", held.reference);
    expect(voidRow).toMatchObject({ kind: "void", status: "SUCCESS", amountCents: 4_400 });
  });

  test("a payment refunded at Stripe already (from its dashboard) is only recorded", async () => {
    const { gateway, calls } = counting(stripe);
    const paid = await stripePayment(6_000);
    await stripe.refund({
      authorizationReference: paid.reference,
      amountCents: 6_000,
      reason: "requested_by_customer",
      idempotencyKey: randomUUID(),
    });
    await authorizationRow("stripe", paid.reference, 6_000);
    const result = await sweepOrphanedPayments(db(), gateway, { logger });
    expect(result.outcomes).toEqual({ nothing_held: 1 });
    expect(calls.refund).toBe(0);
    const [row] = await settlementRows("stripe", paid.reference);
    expect(row).toMatchObject({ kind: "refund", status: "SUCCESS", amountCents: 6_000 });
    expect(row.errorMessage).toMatch(/refunded at the processor already/i);
  });
});

describe("the payments.settle job", () => {
  test("runs on the store's job queue with the store's gateway", async () => {
    const gateway = store.services.paymentGateway as TestGateway;
    const lost = await testPayment(gateway, 2_222);
    await authorizationRow("test", lost.reference, 2_222);
    await store.services.jobs.start();
    await store.services.jobs.enqueue(SETTLE_PAYMENTS_JOB, {});
    const deadline = Date.now() + 30_000;
    while ((await store.services.jobs.counts(SETTLE_PAYMENTS_JOB)).completed < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await store.services.jobs.counts(SETTLE_PAYMENTS_JOB)).toMatchObject({ completed: 1, failed: 0 });
    expect(await gateway.lookup(lost.reference)).toMatchObject({ capturedCents: 2_222, refundedCents: 2_222 });
    const [row] = await settlementRows("test", lost.reference);
    expect(row).toMatchObject({ kind: "refund", status: "SUCCESS", amountCents: 2_222 });
  });
});
