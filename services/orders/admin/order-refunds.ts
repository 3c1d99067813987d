// Refunding all or part of an order: by line (units at the price paid) or an amount, optionally putting the
// units back in stock, through the payment work's refund service (services/payments/refund-service.ts).
// Three steps so no database lock is held while the processor answers:
//   1. under the order's row lock, check quantities and the amount and write the refund as 'pending';
//   2. ask the processor (idempotent by a key derived from the caller's key);
//   3. under the lock again, settle it: restock, status, timeline, the shopper's e-mail, the audit log.
// The caller's key names the refund: the same key again answers the first refund, and a refund whose
// processor answer was lost is asked again with the same processor key (never twice).
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orders, transactions } from "../../../db/schema/commerce.ts";
import { orderRefundLines, orderRefunds } from "../../../db/schema/fulfilment.ts";
import { formatMoney } from "../../../shared/money.ts";
import { InvalidInput, NotFound, ServiceError, Unprocessable } from "../../errors.ts";
import type { RefundReason } from "../../payments/payment-gateway.ts";
import { orderPaymentTotals, refund } from "../../payments/refund-service.ts";
import { buildRefundedEmail } from "../fulfilment-emails.ts";
import { linesAmountCents, type QuantityRequest, quantityProblem, unitsToRefund } from "../fulfilment-rules.ts";
import type { OrderActionContext } from "../order-actions-context.ts";
import {
  type Actor,
  addOrderEvent,
  loadLineProgress,
  lockOrder,
  mailShopper,
  recomputeOrderStatus,
  restockLines,
  shopperOrderUrl,
  type Tx,
} from "../order-progress.ts";
import { auditOrderAction } from "./order-audit.ts";

export interface RefundOrderInput {
  /** Cents; absent: the lines' price, or everything left when no lines are given either. */
  amountCents?: number;
  lines?: QuantityRequest[];
  reason: RefundReason;
  /** Words for the shopper and the timeline. */
  note?: string | null;
  /** Put the refunded lines' units back in stock. */
  restock?: boolean;
  /** Tell the shopper (default true). */
  notifyShopper?: boolean;
  /** The return this refund settles. */
  returnId?: number;
}

export interface OrderRefundResult {
  refundId: number;
  orderId: number;
  amountCents: number;
  amount: number;
  status: "pending" | "succeeded" | "failed";
  transaction: { id: number; displayableId: string; status: string; gatewayReference: string | null } | null;
  lines: QuantityRequest[];
  restock: boolean;
  orderStatus: string;
  financialStatus: string;
  message: string | null;
  repeated: boolean;
}

/** A refund the processor refused: the refund is recorded as failed and staff are told why. */
export class RefundFailed extends ServiceError {
  override readonly status = 402;
}

async function refundResult(
  db: Pick<Database, "select">,
  refundId: number,
  repeated: boolean,
): Promise<OrderRefundResult> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  const lines = await db
    .select({ lineItemId: orderRefundLines.lineItemId, quantity: orderRefundLines.quantity })
    .from(orderRefundLines)
    .where(eq(orderRefundLines.refundId, refundId))
    .orderBy(asc(orderRefundLines.lineItemId));
  const [order] = await db
    .select({ status: orders.status, financialStatus: orders.financialStatus })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  const [transaction] = row.transactionId
    ? await db
        .select({
          id: transactions.id,
          displayableId: transactions.displayableId,
          status: transactions.status,
          gatewayReference: transactions.gatewayReference,
        })
        .from(transactions)
        .where(eq(transactions.id, row.transactionId))
    : [];
  return {
    refundId: row.id,
    orderId: row.orderId,
    amountCents: row.amountCents,
    amount: row.amountCents / 100,
    status: row.status,
    transaction: transaction ?? null,
    lines,
    restock: row.restock,
    orderStatus: order.status,
    financialStatus: order.financialStatus,
    message: row.errorMessage,
    repeated,
  };
}

/** Cents still refundable: captured less what is refunded or on its way, by the processor's and our own count. */
export async function refundableCents(db: Pick<Database, "select">, orderId: number): Promise<number> {
  const totals = await orderPaymentTotals(db, orderId);
  const [ours] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, "failed")));
  const out = Math.max(totals.refundedCents + totals.pendingRefundCents, Number(ours.cents));
  return Math.max(0, totals.capturedCents - out);
}

/** Step 1: the refund written as pending, or the earlier one this key names. */
async function startRefund(
  ctx: OrderActionContext,
  actor: Actor,
  orderId: number,
  input: RefundOrderInput,
  key: string,
): Promise<{ refundId: number; done: boolean; repeated: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFound("This order was not found.");
    const [earlier] = await tx
      .select({ id: orderRefunds.id, status: orderRefunds.status })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, key)));
    if (earlier) return { refundId: earlier.id, done: earlier.status !== "pending", repeated: true };

    const progress = await loadLineProgress(tx, orderId);
    const lines = input.lines ?? [];
    if (lines.length > 0) {
      const problem = quantityProblem(progress, lines, unitsToRefund, "refund");
      if (problem) throw new Unprocessable(problem);
    }
    if (input.restock && lines.length === 0) {
      throw new InvalidInput("Choose the lines to put back in stock, or refund an amount without restocking.");
    }
    const left = await refundableCents(tx, orderId);
    if (left <= 0) throw new Unprocessable("Nothing is left to refund on this order.");
    const amountCents = input.amountCents ?? (lines.length > 0 ? linesAmountCents(progress, lines) : left);
    if (!Number.isInteger(amountCents) || amountCents <= 0) {
      throw new InvalidInput("The amount to refund must be above 0.");
    }
    if (amountCents > left) {
      throw new Unprocessable(
        `At most ${formatMoney(left / 100, order.currency)} can still be refunded on this order (${formatMoney(amountCents / 100, order.currency)} asked).`,
      );
    }
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId,
        amountCents,
        reason: input.reason,
        note: input.note?.trim() || null,
        restock: Boolean(input.restock),
        status: "pending",
        returnId: input.returnId ?? null,
        staffId: actor.staffId,
        idempotencyKey: key,
      })
      .returning({ id: orderRefunds.id });
    if (lines.length > 0) {
      await tx
        .insert(orderRefundLines)
        .values(lines.map((line) => ({ refundId: row.id, lineItemId: line.lineItemId, quantity: line.quantity })));
    }
    return { refundId: row.id, done: false, repeated: false };
  });
}

export async function refundOrder(
  ctx: OrderActionContext,
  actor: Actor,
  orderId: number,
  input: RefundOrderInput,
  idempotencyKey: string,
): Promise<OrderRefundResult> {
  const key = idempotencyKey.trim();
  if (key.length === 0 || key.length > 200)
    throw new InvalidInput("A refund needs an idempotency key (1 to 200 characters).");
  const started = await startRefund(ctx, actor, orderId, input, key);
  if (started.done) return refundResult(ctx.db, started.refundId, true);

  const [pending] = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.id, started.refundId));
  let outcome: { transactionId: number | null; ok: boolean; message: string | null };
  try {
    const paid = await refund(ctx.db, ctx.gateway, {
      orderId,
      amountCents: pending.amountCents,
      reason: pending.reason as RefundReason,
      idempotencyKey: `order-refund:${orderId}:${key}`,
    });
    outcome = {
      transactionId: paid.transactionId,
      ok: paid.status === "SUCCESS",
      message: paid.status === "FAILURE" ? (paid.message ?? "The card processor refused the refund.") : null,
    };
    if (paid.status === "PENDING") return refundResult(ctx.db, pending.id, started.repeated);
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status >= 500) throw error;
    outcome = { transactionId: null, ok: false, message: error.message };
  }

  const { productIds } = await settleRefund(ctx, actor, pending.id, outcome, input.notifyShopper !== false);
  if (productIds.length > 0) await ctx.changes.publish({ kind: "stock", ids: productIds });
  const result = await refundResult(ctx.db, pending.id, started.repeated);
  if (result.status === "failed") {
    throw new RefundFailed(`The refund was not made: ${result.message ?? "the card processor refused it."}`);
  }
  return result;
}

/** Step 3: the processor's answer written down, with what follows from it. */
async function settleRefund(
  ctx: OrderActionContext,
  actor: Actor,
  refundId: number,
  outcome: { transactionId: number | null; ok: boolean; message: string | null },
  notify: boolean,
): Promise<{ productIds: number[] }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
    const order = await lockOrder(tx, row.orderId);
    if (!order) throw new NotFound("This order was not found.");
    const [current] = await tx
      .select({ status: orderRefunds.status })
      .from(orderRefunds)
      .where(eq(orderRefunds.id, refundId))
      .for("update");
    if (current.status !== "pending") return { productIds: [] };
    const money = formatMoney(row.amountCents / 100, order.currency);
    const before = { status: order.status, financialStatus: order.financialStatus };
    await tx
      .update(orderRefunds)
      .set({
        status: outcome.ok ? "succeeded" : "failed",
        transactionId: outcome.transactionId,
        errorMessage: outcome.message,
      })
      .where(eq(orderRefunds.id, refundId));
    if (!outcome.ok) {
      await addOrderEvent(
        tx,
        order.id,
        actor,
        "refund_failed",
        `Refund of ${money} failed: ${outcome.message ?? "refused"}`,
        {
          refundId,
        },
      );
      await auditOrderAction(tx, actor, {
        action: "order.refund_failed",
        entity: "order",
        entityId: order.id,
        before,
        after: { refundId, amountCents: row.amountCents, message: outcome.message },
      });
      return { productIds: [] };
    }
    const lines = await tx
      .select({ lineItemId: orderRefundLines.lineItemId, quantity: orderRefundLines.quantity })
      .from(orderRefundLines)
      .where(eq(orderRefundLines.refundId, refundId));
    const progress = await loadLineProgress(tx, order.id);
    const productIds = row.restock ? await restockLines(tx, progress, lines) : [];
    const after = await recomputeOrderStatus(tx, order.id);
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    const [transaction] = outcome.transactionId
      ? await tx
          .select({ displayableId: transactions.displayableId })
          .from(transactions)
          .where(eq(transactions.id, outcome.transactionId))
      : [];
    await addOrderEvent(
      tx,
      order.id,
      actor,
      "refunded",
      `Refunded ${money}${units > 0 ? ` for ${units} item${units === 1 ? "" : "s"}` : ""}${row.restock ? ", put back in stock" : ""}${transaction ? ` (transaction ${transaction.displayableId})` : ""}${row.note ? `: ${row.note}` : ""}`,
      { refundId, transactionId: outcome.transactionId },
    );
    if (notify) {
      const items = lines.map((line) => {
        const item = progress.find((candidate) => candidate.id === line.lineItemId);
        return {
          title: item?.title ?? "",
          variantTitle: item?.variantTitle ?? null,
          sku: item?.sku ?? null,
          quantity: line.quantity,
        };
      });
      await mailShopper(
        tx,
        order.id,
        actor,
        buildRefundedEmail({
          storeName: ctx.storeName,
          to: order.email,
          orderNumber: order.orderNumber,
          orderUrl: await shopperOrderUrl(tx, order, ctx.publicUrl),
          currency: order.currency,
          amountCents: row.amountCents,
          items,
          note: row.note,
          full: after?.financialStatus === "refunded",
        }),
      );
    }
    await auditOrderAction(tx, actor, {
      action: "order.refund",
      entity: "order",
      entityId: order.id,
      before,
      after: { ...after, refundId, amountCents: row.amountCents, lines, restock: row.restock },
    });
    return { productIds };
  });
}

/** Refunds of an order, newest last, with their lines and transaction. */
export async function listRefunds(db: Pick<Tx, "select">, orderId: number) {
  const rows = await db
    .select({
      id: orderRefunds.id,
      amountCents: orderRefunds.amountCents,
      reason: orderRefunds.reason,
      note: orderRefunds.note,
      restock: orderRefunds.restock,
      status: orderRefunds.status,
      errorMessage: orderRefunds.errorMessage,
      returnId: orderRefunds.returnId,
      createdAt: orderRefunds.createdAt,
      transactionDisplayableId: transactions.displayableId,
      transactionStatus: transactions.status,
      gatewayReference: transactions.gatewayReference,
    })
    .from(orderRefunds)
    .leftJoin(transactions, eq(transactions.id, orderRefunds.transactionId))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(orderRefundLines)
          .where(
            inArray(
              orderRefundLines.refundId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((row) => ({
    id: row.id,
    amount: row.amountCents / 100,
    reason: row.reason,
    note: row.note,
    restock: row.restock,
    status: row.status,
    errorMessage: row.errorMessage,
    returnId: row.returnId,
    createdAt: row.createdAt.toISOString(),
    transaction: row.transactionDisplayableId
      ? {
          displayableId: row.transactionDisplayableId,
          status: row.transactionStatus,
          gatewayReference: row.gatewayReference,
        }
      : null,
    lines: lines
      .filter((line) => line.refundId === row.id)
      .map((line) => ({ lineItemId: line.lineItemId, quantity: line.quantity })),
  }));
}
