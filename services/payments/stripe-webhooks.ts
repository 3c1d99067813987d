// Stripe's webhook events. Each event id is stored once (payment_events); a replay (Stripe retries, or
// someone sends a captured body again) finds it and changes nothing. Handlers also only move an order
// forward from what Stripe itself reports: an order is never marked paid on the browser's word.
import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../../db/client.ts";
import { orders, paymentEvents, transactions } from "../../db/schema/commerce.ts";
import { recordSetupIntent } from "../wallet/stripe-wallet.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { orderPaymentTotals, syncRefundState } from "./refund-service.ts";

export const HANDLED_STRIPE_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "charge.refunded",
  "charge.dispute.created",
  "setup_intent.succeeded",
] as const;

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function displayableId(prefix: string): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let id = prefix;
  for (const byte of crypto.getRandomValues(new Uint8Array(10))) id += alphabet[byte % alphabet.length];
  return id;
}

/** The order paid with this PaymentIntent (its authorisation transaction names it), if one was placed. */
async function orderOfIntent(db: Database, paymentIntentId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      financialStatus: orders.financialStatus,
      totalCents: orders.totalCents,
      currency: orders.currency,
      email: orders.email,
      customerId: orders.customerId,
    })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(
      and(
        eq(transactions.gateway, "stripe"),
        eq(transactions.kind, "authorization"),
        eq(transactions.gatewayReference, paymentIntentId),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function intentSucceeded(db: Database, intent: Stripe.PaymentIntent): Promise<void> {
  const order = await orderOfIntent(db, intent.id);
  if (!order) return;
  const { capturedCents } = await orderPaymentTotals(db, order.id);
  if (capturedCents === 0 && intent.amount_received > 0) {
    // The capture's answer was lost (a timeout after Stripe captured): Stripe's word completes the order.
    await db.insert(transactions).values({
      displayableId: displayableId("T"),
      orderId: order.id,
      customerId: order.customerId,
      kind: "capture",
      status: "SUCCESS",
      gateway: "stripe",
      gatewayReference: idOf(intent.latest_charge) ?? intent.id,
      amountCents: intent.amount_received,
      currency: order.currency,
      email: order.email,
    });
  }
  if (order.financialStatus === "authorized" || order.financialStatus === "pending") {
    await db
      .update(orders)
      .set({ status: "paid", financialStatus: "paid", updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  }
}

/** A declined or abandoned authorisation that is still waiting is closed with Stripe's reason. */
async function intentEnded(db: Database, intent: Stripe.PaymentIntent, message: string): Promise<void> {
  await db
    .update(transactions)
    .set({ status: "FAILURE", errorMessage: message })
    .where(
      and(
        eq(transactions.gateway, "stripe"),
        eq(transactions.kind, "authorization"),
        eq(transactions.gatewayReference, intent.id),
        eq(transactions.status, "PENDING"),
      ),
    );
  if (intent.status === "canceled") {
    const order = await orderOfIntent(db, intent.id);
    // Captured money cannot be cancelled; an order still only authorised lost its hold: staff look at it.
    if (order && order.financialStatus === "authorized") {
      await db
        .update(orders)
        .set({ financialStatus: "voided", staffFlag: "The card authorisation was cancelled at Stripe before capture." })
        .where(eq(orders.id, order.id));
    }
  }
}

/** Refunds made in Stripe's dashboard are recorded too, so our total refunded matches Stripe's. */
async function chargeRefunded(db: Database, charge: Stripe.Charge): Promise<void> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return;
  const order = await orderOfIntent(db, intentId);
  if (!order) return;
  const totals = await orderPaymentTotals(db, order.id);
  const known = totals.refundedCents + totals.pendingRefundCents;
  const missing = charge.amount_refunded - known;
  if (missing > 0) {
    await db.insert(transactions).values({
      displayableId: displayableId("R"),
      orderId: order.id,
      customerId: order.customerId,
      kind: "refund",
      status: "SUCCESS",
      gateway: "stripe",
      gatewayReference: charge.id,
      amountCents: missing,
      currency: order.currency,
      email: order.email,
      reason: "issued at Stripe",
    });
  }
  await syncRefundState(db, order.id);
}

async function disputeCreated(db: Database, dispute: Stripe.Dispute): Promise<void> {
  const intentId = idOf(dispute.payment_intent);
  if (!intentId) return;
  const order = await orderOfIntent(db, intentId);
  if (!order) return;
  const amount = (dispute.amount / 100).toFixed(2);
  await db
    .update(orders)
    .set({
      staffFlag: `Payment disputed at Stripe (${dispute.id}): ${dispute.reason}, ${amount} ${dispute.currency.toUpperCase()}. Respond in the Stripe dashboard.`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
}

async function dispatch(db: Database, gateway: PaymentGateway, event: Stripe.Event): Promise<WebhookOutcome> {
  switch (event.type) {
    case "payment_intent.succeeded":
      await intentSucceeded(db, event.data.object);
      return "processed";
    case "payment_intent.payment_failed":
      await intentEnded(
        db,
        event.data.object,
        event.data.object.last_payment_error?.message ?? "The card was declined.",
      );
      return "processed";
    case "payment_intent.canceled":
      await intentEnded(db, event.data.object, "The authorisation was cancelled.");
      return "processed";
    case "charge.refunded":
      await chargeRefunded(db, event.data.object);
      return "processed";
    case "charge.dispute.created":
      await disputeCreated(db, event.data.object);
      return "processed";
    case "setup_intent.succeeded":
      await recordSetupIntent(db, gateway, { setupIntentId: event.data.object.id });
      return "processed";
    default:
      return "ignored";
  }
}

/**
 * Processes a verified event once. The id is stored first, so a concurrent or later delivery of the same
 * event finds it; when processing fails the id is removed again and Stripe's retry gets another go.
 */
export async function handleStripeEvent(
  db: Database,
  gateway: PaymentGateway,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const [fresh] = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!fresh) return "duplicate";
  try {
    return await dispatch(db, gateway, event);
  } catch (error) {
    await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
}

/** How many events were stored (tests, diagnostics). */
export async function countPaymentEvents(db: Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(inArray(paymentEvents.id, ids));
  return row.n;
}
