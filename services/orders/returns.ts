// Returns. Within the store's return window (merchantReturnDays after the last shipment) a shopper asks to
// send back shipped units with a reason; staff approve or refuse (the shopper is e-mailed either way),
// mark the parcel received, and refund it through the order's refund (optionally restocking). Each step
// checks the return's current state under its order's row lock, so a double click does it once.
import { and, asc, count, desc, eq, inArray, max } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orderLineItems, orders } from "../../db/schema/commerce.ts";
import {
  orderReturnLines,
  orderReturns,
  orderShipments,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from "../../db/schema/fulfilment.ts";
import { InvalidInput, NotFound, Unprocessable } from "../errors.ts";
import { auditOrderAction } from "./admin/order-audit.ts";
import { type OrderRefundResult, refundOrder } from "./admin/order-refunds.ts";
import {
  buildReturnApprovedEmail,
  buildReturnRefusedEmail,
  buildReturnRequestedEmail,
  returnNumberOf,
} from "./fulfilment-emails.ts";
import { type QuantityRequest, quantityProblem, returnWindowOpen, unitsToReturn } from "./fulfilment-rules.ts";
import type { OrderActionContext } from "./order-actions-context.ts";
import {
  type Actor,
  addOrderEvent,
  loadLineProgress,
  lockOrder,
  mailShopper,
  type OrderLineProgress,
  SHOPPER,
  shopperOrderUrl,
  type Tx,
} from "./order-progress.ts";

type Reader = Pick<Database, "select">;

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_part: "Wrong part / does not fit",
  not_needed: "No longer needed",
  damaged: "Arrived damaged",
  defective: "Defective",
  other: "Other",
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: please send it back",
  refused: "Refused",
  received: "Received",
  refunded: "Refunded",
};

export interface ReturnView {
  id: number;
  number: string;
  orderId: number;
  orderNumber: string;
  email: string;
  status: ReturnStatus;
  reason: ReturnReason;
  reasonLabel: string;
  comment: string | null;
  staffMessage: string | null;
  createdAt: string;
  decidedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  lines: Array<{ lineItemId: number; title: string; sku: string | null; quantity: number; unitPrice: number }>;
}

export interface ReturnEligibility {
  windowDays: number;
  /** The last day a return may be asked for (ISO), or null before anything shipped. */
  deadline: string | null;
  open: boolean;
  lines: Array<{ lineItemId: number; title: string; sku: string | null; returnable: number }>;
}

async function lastShippedAt(db: Reader, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(orderShipments.shippedAt) })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId));
  return row?.at ? new Date(row.at) : null;
}

export async function returnEligibility(
  db: Reader,
  orderId: number,
  windowDays: number,
  now: Date,
): Promise<ReturnEligibility> {
  const [order] = await db.select({ cancelledAt: orders.cancelledAt }).from(orders).where(eq(orders.id, orderId));
  const shippedAt = await lastShippedAt(db, orderId);
  const progress = await loadLineProgress(db, orderId);
  const lines = progress
    .map((line) => ({ lineItemId: line.id, title: line.title, sku: line.sku, returnable: unitsToReturn(line) }))
    .filter((line) => line.returnable > 0);
  return {
    windowDays,
    deadline: shippedAt ? new Date(shippedAt.getTime() + windowDays * 86_400_000).toISOString() : null,
    open: !order?.cancelledAt && returnWindowOpen(shippedAt, windowDays, now) && lines.length > 0,
    lines,
  };
}

async function returnViews(db: Reader, rows: Array<typeof orderReturns.$inferSelect>): Promise<ReturnView[]> {
  if (rows.length === 0) return [];
  const orderRows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, email: orders.email })
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((row) => row.orderId),
      ),
    );
  const lines = await db
    .select({
      returnId: orderReturnLines.returnId,
      lineItemId: orderReturnLines.lineItemId,
      quantity: orderReturnLines.quantity,
      title: orderLineItems.title,
      sku: orderLineItems.sku,
      unitPriceCents: orderLineItems.unitPriceCents,
    })
    .from(orderReturnLines)
    .innerJoin(orderLineItems, eq(orderLineItems.id, orderReturnLines.lineItemId))
    .where(
      inArray(
        orderReturnLines.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderReturnLines.lineItemId));
  return rows.map((row) => {
    const order = orderRows.find((candidate) => candidate.id === row.orderId);
    return {
      id: row.id,
      number: returnNumberOf(row.id),
      orderId: row.orderId,
      orderNumber: order?.orderNumber ?? "",
      email: order?.email ?? "",
      status: row.status,
      reason: row.reason,
      reasonLabel: RETURN_REASON_LABELS[row.reason],
      comment: row.comment,
      staffMessage: row.staffMessage,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      refundedAt: row.refundedAt?.toISOString() ?? null,
      lines: lines
        .filter((line) => line.returnId === row.id)
        .map((line) => ({
          lineItemId: line.lineItemId,
          title: line.title,
          sku: line.sku,
          quantity: line.quantity,
          unitPrice: line.unitPriceCents / 100,
        })),
    };
  });
}

export async function returnsOfOrder(db: Reader, orderId: number): Promise<ReturnView[]> {
  const rows = await db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id));
  return returnViews(db, rows);
}

export async function getReturn(db: Reader, returnId: number): Promise<ReturnView> {
  const rows = await db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
  if (rows.length === 0) throw new NotFound("This return was not found.");
  return (await returnViews(db, rows))[0];
}

export async function listReturns(
  db: Reader,
  filter: { status?: ReturnStatus | "open"; limit: number; offset: number },
): Promise<{ returns: ReturnView[]; total: number }> {
  const where =
    filter.status === "open"
      ? inArray(orderReturns.status, ["requested", "approved", "received"])
      : filter.status
        ? eq(orderReturns.status, filter.status)
        : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orderReturns)
      .where(where)
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(orderReturns).where(where),
  ]);
  return { returns: await returnViews(db, rows), total };
}

function itemsOf(progress: OrderLineProgress[], lines: QuantityRequest[]) {
  return lines.map((line) => {
    const item = progress.find((candidate) => candidate.id === line.lineItemId);
    return {
      title: item?.title ?? "",
      variantTitle: item?.variantTitle ?? null,
      sku: item?.sku ?? null,
      quantity: line.quantity,
    };
  });
}

export interface ReturnRequestInput {
  lines: QuantityRequest[];
  reason: ReturnReason;
  comment?: string | null;
}

/**
 * The shopper's request. The caller has checked that this visitor may see the order (findVisibleOrderId);
 * the same key again answers the first request.
 */
export async function requestReturn(
  ctx: OrderActionContext,
  orderId: number,
  input: ReturnRequestInput,
  idempotencyKey: string | null,
): Promise<ReturnView> {
  const created = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFound("We could not find this order.");
    if (idempotencyKey) {
      const [earlier] = await tx
        .select({ id: orderReturns.id })
        .from(orderReturns)
        .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.idempotencyKey, idempotencyKey)));
      if (earlier) return earlier.id;
    }
    if (order.cancelledAt) throw new Unprocessable("This order was cancelled: there is nothing to return.");
    const shippedAt = await lastShippedAt(tx, orderId);
    if (!shippedAt) throw new Unprocessable("Nothing of this order has shipped yet, so there is nothing to return.");
    if (!returnWindowOpen(shippedAt, ctx.returnDays, ctx.now())) {
      throw new Unprocessable(
        `Returns are accepted within ${ctx.returnDays} days of shipping, and that time has passed for this order. Please contact us if something is wrong with a part.`,
      );
    }
    const progress = await loadLineProgress(tx, orderId);
    const problem = quantityProblem(progress, input.lines, unitsToReturn, "return");
    if (problem) throw new Unprocessable(problem);
    const comment = input.comment?.trim() || null;
    if (input.reason === "other" && !comment) {
      throw new InvalidInput("Please tell us in a few words why you are returning the item.");
    }
    const [row] = await tx
      .insert(orderReturns)
      .values({
        orderId,
        customerId: order.customerId,
        reason: input.reason,
        comment,
        idempotencyKey,
      })
      .returning({ id: orderReturns.id });
    await tx
      .insert(orderReturnLines)
      .values(input.lines.map((line) => ({ returnId: row.id, lineItemId: line.lineItemId, quantity: line.quantity })));
    const units = input.lines.reduce((sum, line) => sum + line.quantity, 0);
    await addOrderEvent(
      tx,
      orderId,
      SHOPPER,
      "return_requested",
      `The shopper asked to return ${units} item${units === 1 ? "" : "s"} (${returnNumberOf(row.id)}): ${RETURN_REASON_LABELS[input.reason]}${comment ? `, "${comment}"` : ""}`,
      { returnId: row.id },
    );
    await mailShopper(
      tx,
      orderId,
      SHOPPER,
      buildReturnRequestedEmail({
        storeName: ctx.storeName,
        to: order.email,
        orderNumber: order.orderNumber,
        orderUrl: await shopperOrderUrl(tx, order, ctx.publicUrl),
        items: itemsOf(progress, input.lines),
        returnNumber: returnNumberOf(row.id),
      }),
    );
    return row.id;
  });
  return getReturn(ctx.db, created);
}

/** The return and its order, both locked. */
async function lockReturn(tx: Tx, returnId: number) {
  const [found] = await tx
    .select({ orderId: orderReturns.orderId })
    .from(orderReturns)
    .where(eq(orderReturns.id, returnId));
  if (!found) throw new NotFound("This return was not found.");
  const order = await lockOrder(tx, found.orderId);
  if (!order) throw new NotFound("This order was not found.");
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for("update");
  const lines = await tx
    .select({ lineItemId: orderReturnLines.lineItemId, quantity: orderReturnLines.quantity })
    .from(orderReturnLines)
    .where(eq(orderReturnLines.returnId, returnId));
  return { order, row, lines };
}

export interface ReturnActionResult {
  return: ReturnView;
  repeated: boolean;
  refund?: OrderRefundResult;
}

/** Approve or refuse a requested return; the shopper is e-mailed the decision. */
export async function decideReturn(
  ctx: OrderActionContext,
  actor: Actor,
  returnId: number,
  input: { decision: "approve" | "refuse"; message?: string | null },
): Promise<ReturnActionResult> {
  const target: ReturnStatus = input.decision === "approve" ? "approved" : "refused";
  const message = input.message?.trim() || null;
  if (target === "refused" && !message) {
    throw new InvalidInput("Tell the shopper why the return is refused: the message is sent to them.");
  }
  const repeated = await ctx.db.transaction(async (tx) => {
    const { order, row, lines } = await lockReturn(tx, returnId);
    if (row.status === target) return true;
    if (row.status !== "requested") {
      throw new Unprocessable(
        `This return is already ${row.status}; only a requested return can be approved or refused.`,
      );
    }
    await tx
      .update(orderReturns)
      .set({ status: target, staffMessage: message, decidedBy: actor.staffId, decidedAt: ctx.now() })
      .where(eq(orderReturns.id, returnId));
    const number = returnNumberOf(returnId);
    await addOrderEvent(
      tx,
      order.id,
      actor,
      target === "approved" ? "return_approved" : "return_refused",
      `Return ${number} ${target}${message ? `: ${message}` : ""}`,
      { returnId },
    );
    const progress = await loadLineProgress(tx, order.id);
    const common = {
      storeName: ctx.storeName,
      to: order.email,
      orderNumber: order.orderNumber,
      orderUrl: await shopperOrderUrl(tx, order, ctx.publicUrl),
      items: itemsOf(progress, lines),
      returnNumber: number,
    };
    await mailShopper(
      tx,
      order.id,
      actor,
      target === "approved"
        ? buildReturnApprovedEmail({ ...common, message, returnAddress: ctx.returnAddress })
        : buildReturnRefusedEmail({ ...common, message: message ?? "" }),
    );
    await auditOrderAction(tx, actor, {
      action: target === "approved" ? "return.approve" : "return.refuse",
      entity: "return",
      entityId: returnId,
      before: { status: row.status },
      after: { status: target, message },
    });
    return false;
  });
  return { return: await getReturn(ctx.db, returnId), repeated };
}

/** The parcel arrived. */
export async function receiveReturn(
  ctx: OrderActionContext,
  actor: Actor,
  returnId: number,
): Promise<ReturnActionResult> {
  const repeated = await ctx.db.transaction(async (tx) => {
    const { order, row } = await lockReturn(tx, returnId);
    if (row.status === "received" || row.status === "refunded") return true;
    if (row.status !== "approved") {
      throw new Unprocessable(`This return is ${row.status}; approve it before marking it received.`);
    }
    await tx
      .update(orderReturns)
      .set({ status: "received", receivedAt: ctx.now() })
      .where(eq(orderReturns.id, returnId));
    await addOrderEvent(tx, order.id, actor, "return_received", `Return ${returnNumberOf(returnId)} received`, {
      returnId,
    });
    await auditOrderAction(tx, actor, {
      action: "return.receive",
      entity: "return",
      entityId: returnId,
      before: { status: row.status },
      after: { status: "received" },
    });
    return false;
  });
  return { return: await getReturn(ctx.db, returnId), repeated };
}

/** Refunds a received (or approved) return's units, optionally restocking them; once per return. */
export async function refundReturn(
  ctx: OrderActionContext,
  actor: Actor,
  returnId: number,
  input: { restock: boolean; amountCents?: number },
): Promise<ReturnActionResult> {
  const current = await getReturn(ctx.db, returnId);
  if (current.status === "requested" || current.status === "refused") {
    throw new Unprocessable(`This return is ${current.status}; approve it and mark it received before refunding.`);
  }
  const refund = await refundOrder(
    ctx,
    actor,
    current.orderId,
    {
      lines: current.lines.map((line) => ({ lineItemId: line.lineItemId, quantity: line.quantity })),
      amountCents: input.amountCents,
      reason: "requested_by_customer",
      note: `Return ${current.number}`,
      restock: input.restock,
      returnId,
    },
    `return:${returnId}`,
  );
  const repeated = await ctx.db.transaction(async (tx) => {
    const { row } = await lockReturn(tx, returnId);
    if (row.status === "refunded") return true;
    await tx
      .update(orderReturns)
      .set({
        status: "refunded",
        refundId: refund.refundId,
        refundedAt: ctx.now(),
        receivedAt: row.receivedAt ?? ctx.now(),
      })
      .where(eq(orderReturns.id, returnId));
    await auditOrderAction(tx, actor, {
      action: "return.refund",
      entity: "return",
      entityId: returnId,
      before: { status: row.status },
      after: { status: "refunded", refundId: refund.refundId, amountCents: refund.amountCents, restock: input.restock },
    });
    return false;
  });
  return { return: await getReturn(ctx.db, returnId), repeated, refund };
}

export function isReturnStatus(value: string): value is ReturnStatus {
  return (RETURN_STATUSES as readonly string[]).includes(value);
}
