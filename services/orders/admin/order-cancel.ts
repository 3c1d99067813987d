// Cancelling an order that has not shipped: under the order's row lock it is marked cancelled and every
// unit not already put back goes back in stock; then the card hold is released (an order only authorised)
// or what was captured is refunded through the refund service, and the shopper is told. Cancelling is
// once per order: asking again answers the cancellation, and finishes a refund whose answer was lost.
import { and, eq, sql } from "drizzle-orm";
import { orders, transactions } from "../../../db/schema/commerce.ts";
import { orderEvents, orderRefunds } from "../../../db/schema/fulfilment.ts";
import { InvalidInput, NotFound, Unprocessable } from "../../errors.ts";
import { buildCancelledEmail } from "../fulfilment-emails.ts";
import type { OrderActionContext } from "../order-actions-context.ts";
import {
  type Actor,
  addOrderEvent,
  loadLineProgress,
  lockOrder,
  mailShopper,
  newDisplayableId,
  recomputeOrderStatus,
  restockLines,
  shopperOrderUrl,
} from "../order-progress.ts";
import { auditOrderAction } from "./order-audit.ts";
import { refundableCents, refundOrder } from "./order-refunds.ts";

export interface CancelInput {
  /** Why, in words for the shopper and the timeline. */
  reason?: string | null;
  notifyShopper?: boolean;
}

export interface CancelResult {
  orderId: number;
  status: string;
  financialStatus: string;
  /** Units put back in stock by this call. */
  restockedUnits: number;
  refundedCents: number;
  holdReleased: boolean;
  repeated: boolean;
}

/** The processor key of the cancellation's refund: one per order, whatever key the caller sent. */
const CANCEL_REFUND_KEY = "cancel";

export async function cancelOrder(
  ctx: OrderActionContext,
  actor: Actor,
  orderId: number,
  input: CancelInput,
  idempotencyKey: string,
): Promise<CancelResult> {
  if (idempotencyKey.trim().length === 0 || idempotencyKey.length > 200) {
    throw new InvalidInput("A cancellation needs an idempotency key (1 to 200 characters).");
  }
  const reason = input.reason?.trim() || null;
  const marked = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFound("This order was not found.");
    if (order.cancelledAt) return { repeated: true, productIds: [] as number[], units: 0, order };
    if (order.fulfillmentStatus !== "unfulfilled") {
      throw new Unprocessable(
        "Some items of this order have already shipped, so it cannot be cancelled. Refund the items instead.",
      );
    }
    const progress = await loadLineProgress(tx, orderId);
    const units = progress
      .map((line) => ({ lineItemId: line.id, quantity: line.quantity - line.restocked }))
      .filter((unit) => unit.quantity > 0);
    const productIds = await restockLines(tx, progress, units);
    const before = { status: order.status, financialStatus: order.financialStatus };
    await tx
      .update(orders)
      .set({ cancelledAt: ctx.now(), cancelReason: reason, updatedAt: ctx.now() })
      .where(eq(orders.id, orderId));
    const after = await recomputeOrderStatus(tx, orderId);
    const count = units.reduce((sum, unit) => sum + unit.quantity, 0);
    await addOrderEvent(
      tx,
      orderId,
      actor,
      "cancelled",
      `Order cancelled${reason ? `: ${reason}` : ""}. ${count} item${count === 1 ? "" : "s"} put back in stock.`,
    );
    await auditOrderAction(tx, actor, {
      action: "order.cancel",
      entity: "order",
      entityId: orderId,
      before,
      after: { ...after, reason, restocked: units },
    });
    return { repeated: false, productIds, units: count, order };
  });
  if (marked.productIds.length > 0) await ctx.changes.publish({ kind: "stock", ids: marked.productIds });

  // The money: a hold is released, a captured payment refunded (once per order, whatever the retries).
  let refundedCents = 0;
  let holdReleased = false;
  const order = marked.order;
  if (order.financialStatus === "authorized") {
    holdReleased = await releaseHold(ctx, actor, orderId);
  } else {
    const [earlier] = await ctx.db
      .select({ status: orderRefunds.status, amountCents: orderRefunds.amountCents })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.idempotencyKey, CANCEL_REFUND_KEY)));
    if (earlier?.status === "succeeded") {
      refundedCents = earlier.amountCents;
    } else if (earlier || (await refundableCents(ctx.db, orderId)) > 0) {
      const refunded = await refundOrder(
        ctx,
        actor,
        orderId,
        { reason: "requested_by_customer", note: "Order cancelled", notifyShopper: false },
        CANCEL_REFUND_KEY,
      );
      refundedCents = refunded.status === "succeeded" ? refunded.amountCents : 0;
    }
  }

  // The shopper hears once, after the money is settled (a retry after a failed refund still tells them).
  if (!(await cancellationMailed(ctx, orderId))) {
    await ctx.db.transaction(async (tx) => {
      await recomputeOrderStatus(tx, orderId);
      if (input.notifyShopper === false) return;
      await mailShopper(
        tx,
        orderId,
        actor,
        buildCancelledEmail({
          storeName: ctx.storeName,
          to: order.email,
          orderNumber: order.orderNumber,
          orderUrl: await shopperOrderUrl(tx, order, ctx.publicUrl),
          currency: order.currency,
          refundedCents,
          released: holdReleased,
          reason,
        }),
      );
    });
  }
  const [now] = await ctx.db
    .select({ status: orders.status, financialStatus: orders.financialStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return {
    orderId,
    status: now.status,
    financialStatus: now.financialStatus,
    restockedUnits: marked.units,
    refundedCents,
    holdReleased,
    repeated: marked.repeated,
  };
}

async function cancellationMailed(ctx: OrderActionContext, orderId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.kind, "email"),
        sql`${orderEvents.data}->>'kind' = 'order_cancelled'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Releases a card hold on an order that was authorised and never captured. */
async function releaseHold(ctx: OrderActionContext, actor: Actor, orderId: number): Promise<boolean> {
  const [authorization] = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.orderId, orderId),
        eq(transactions.kind, "authorization"),
        eq(transactions.status, "SUCCESS"),
      ),
    )
    .limit(1);
  if (!authorization?.gatewayReference) return false;
  const result = await ctx.gateway.void({
    authorizationReference: authorization.gatewayReference,
    idempotencyKey: `order-cancel:${orderId}`,
  });
  await ctx.db.transaction(async (tx) => {
    await tx.insert(transactions).values({
      displayableId: newDisplayableId("V"),
      orderId,
      customerId: authorization.customerId,
      paymentMethodId: authorization.paymentMethodId,
      kind: "void",
      status: result.status,
      gateway: ctx.gateway.name,
      gatewayReference: result.reference,
      amountCents: authorization.amountCents,
      currency: authorization.currency,
      email: authorization.email,
      errorMessage: result.message ?? null,
    });
    if (result.status === "SUCCESS") {
      await tx.update(orders).set({ financialStatus: "voided", updatedAt: ctx.now() }).where(eq(orders.id, orderId));
      await addOrderEvent(tx, orderId, actor, "cancelled", "The hold on the shopper's card was released.");
    } else {
      await addOrderEvent(
        tx,
        orderId,
        actor,
        "refund_failed",
        `The card hold could not be released: ${result.message ?? "refused"}. It expires at the processor by itself.`,
      );
    }
  });
  return result.status === "SUCCESS";
}
