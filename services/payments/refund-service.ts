// Refunds, for the back office: a whole order or an amount of it, with a reason. Idempotent: the caller's
// key names the refund, so asking again (a double click, a retry after a timeout) answers the first
// refund instead of giving the money back twice. Each refund is a `transactions` row (kind 'refund'),
// written PENDING before the processor is asked, and the order's payment state follows the total refunded.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders, transactions } from "../../db/schema/commerce.ts";
import { InvalidInput, NotFound, Unprocessable } from "../errors.ts";
import { orderStatusOf } from "../orders/fulfilment-rules.ts";
import type { PaymentGateway, RefundReason } from "./payment-gateway.ts";

export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;

export interface RefundInput {
  orderId: number;
  /** Cents to give back; absent: everything captured that is not refunded yet. */
  amountCents?: number;
  reason: RefundReason;
  /** The caller's key for this refund (at most 200 characters). */
  idempotencyKey: string;
}

export interface RefundResult {
  transactionId: number;
  displayableId: string;
  status: "PENDING" | "SUCCESS" | "FAILURE";
  amountCents: number;
  gatewayReference: string | null;
  message: string | null;
  /** The order's payment state after this refund: 'paid', 'partially_refunded' or 'refunded'. */
  financialStatus: string;
  /** True when the key named an earlier refund and nothing new happened. */
  repeated: boolean;
}

function newDisplayableId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let id = "R";
  for (const byte of crypto.getRandomValues(new Uint8Array(10))) id += alphabet[byte % alphabet.length];
  return id;
}

type Queries = Pick<Database, "select">;

/** Captured, refunded (and refunds still waiting for the processor) of an order, in cents. */
export async function orderPaymentTotals(db: Queries, orderId: number) {
  const rows = await db
    .select({
      kind: transactions.kind,
      status: transactions.status,
      cents: sql<number>`sum(${transactions.amountCents})::int`,
    })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), inArray(transactions.kind, ["capture", "sale", "refund"])))
    .groupBy(transactions.kind, transactions.status);
  const sum = (kinds: string[], statuses: string[]) =>
    rows
      .filter((row) => kinds.includes(row.kind) && statuses.includes(row.status))
      .reduce((total, row) => total + row.cents, 0);
  return {
    capturedCents: sum(["capture", "sale"], ["SUCCESS"]),
    refundedCents: sum(["refund"], ["SUCCESS"]),
    pendingRefundCents: sum(["refund"], ["PENDING"]),
  };
}

/** The order's payment state from what was captured and refunded. */
export async function syncRefundState(db: Database, orderId: number): Promise<string> {
  const totals = await orderPaymentTotals(db, orderId);
  const [order] = await db
    .select({
      financialStatus: orders.financialStatus,
      cancelledAt: orders.cancelledAt,
      fulfillmentStatus: orders.fulfillmentStatus,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new NotFound("This order was not found.");
  if (totals.refundedCents <= 0) return order.financialStatus;
  const full = totals.refundedCents >= totals.capturedCents;
  const financialStatus = full ? "refunded" : "partially_refunded";
  // The one-word status follows from every state (a cancelled order stays cancelled).
  const status = orderStatusOf({
    cancelled: order.cancelledAt !== null,
    financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
  });
  await db.update(orders).set({ financialStatus, status, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return financialStatus;
}

async function resultOf(db: Database, id: number, repeated: boolean): Promise<RefundResult> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  const [order] = row.orderId
    ? await db.select({ financialStatus: orders.financialStatus }).from(orders).where(eq(orders.id, row.orderId))
    : [];
  return {
    transactionId: row.id,
    displayableId: row.displayableId,
    status: row.status,
    amountCents: row.amountCents,
    gatewayReference: row.gatewayReference,
    message: row.errorMessage,
    financialStatus: order?.financialStatus ?? "unknown",
    repeated,
  };
}

export async function refund(db: Database, gateway: PaymentGateway, input: RefundInput): Promise<RefundResult> {
  const key = input.idempotencyKey.trim();
  if (key.length === 0 || key.length > 200)
    throw new InvalidInput("A refund needs an idempotency key (1 to 200 characters).");
  if (input.amountCents !== undefined && (!Number.isInteger(input.amountCents) || input.amountCents <= 0)) {
    throw new InvalidInput("The amount to refund must be a positive number of cents.");
  }

  const [earlier] = await db
    .select({ id: transactions.id, status: transactions.status, orderId: transactions.orderId })
    .from(transactions)
    .where(eq(transactions.idempotencyKey, key));
  if (earlier && earlier.orderId !== input.orderId) {
    throw new Unprocessable("This idempotency key was used for a refund of another order.");
  }
  // A refund that never heard back from the processor is asked again with the same key (no second refund).
  if (earlier && earlier.status !== "PENDING") return resultOf(db, earlier.id, true);

  const pending = earlier
    ? { id: earlier.id }
    : await db.transaction(async (tx) => {
        // The order row lock makes concurrent refunds of one order count each other.
        const [order] = await tx
          .select({ id: orders.id, email: orders.email, customerId: orders.customerId, currency: orders.currency })
          .from(orders)
          .where(eq(orders.id, input.orderId))
          .for("update");
        if (!order) throw new NotFound("This order was not found.");
        const [authorization] = await tx
          .select({ gateway: transactions.gateway })
          .from(transactions)
          .where(
            and(
              eq(transactions.orderId, order.id),
              eq(transactions.kind, "authorization"),
              eq(transactions.status, "SUCCESS"),
            ),
          )
          .limit(1);
        if (authorization?.gateway !== gateway.name) {
          throw new Unprocessable(
            `This order was not paid through the ${gateway.name} gateway and cannot be refunded here.`,
          );
        }
        const totals = await orderPaymentTotals(tx, order.id);
        const refundable = totals.capturedCents - totals.refundedCents - totals.pendingRefundCents;
        if (refundable <= 0) throw new Unprocessable("Nothing is left to refund on this order.");
        const amountCents = input.amountCents ?? refundable;
        if (amountCents > refundable) {
          throw new Unprocessable(`At most ${refundable} cents can be refunded on this order.`);
        }
        const [row] = await tx
          .insert(transactions)
          .values({
            displayableId: newDisplayableId(),
            orderId: order.id,
            customerId: order.customerId,
            kind: "refund",
            status: "PENDING",
            gateway: gateway.name,
            amountCents,
            currency: order.currency,
            email: order.email,
            reason: input.reason,
            idempotencyKey: key,
          })
          .onConflictDoNothing()
          .returning({ id: transactions.id });
        return row ?? null;
      });
  if (!pending) {
    // The same key arrived twice at once: the other request owns the refund.
    const [other] = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, key));
    return resultOf(db, other.id, true);
  }

  const [row] = await db.select().from(transactions).where(eq(transactions.id, pending.id));
  const [authorization] = await db
    .select({ reference: transactions.gatewayReference })
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, input.orderId),
        eq(transactions.kind, "authorization"),
        eq(transactions.status, "SUCCESS"),
      ),
    )
    .limit(1);
  const answer = await gateway.refund({
    authorizationReference: authorization?.reference ?? "",
    amountCents: row.amountCents,
    reason: input.reason,
    idempotencyKey: `refund:${key}`,
  });
  await db
    .update(transactions)
    .set({ status: answer.status, gatewayReference: answer.reference, errorMessage: answer.message ?? null })
    .where(eq(transactions.id, row.id));
  await syncRefundState(db, input.orderId);
  return resultOf(db, row.id, Boolean(earlier));
}
