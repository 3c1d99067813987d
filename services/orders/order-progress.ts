// What has happened to an order's lines (shipped, refunded, in returns), its status recomputed from that,
// and its timeline: events and the e-mails the shopper was sent. Used by fulfilment, refunds, cancellation
// and returns inside their transactions.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { inventoryLevels } from "../../db/schema/catalog.ts";
import { orderLineItems, orders } from "../../db/schema/commerce.ts";
import { customers } from "../../db/schema/customers.ts";
import {
  type OrderEventKind,
  orderEvents,
  orderRefundLines,
  orderRefunds,
  orderReturnLines,
  orderReturns,
  orderShipmentLines,
  orderShipments,
} from "../../db/schema/fulfilment.ts";
import { type OutgoingEmail, queueEmail } from "../email/mailer.ts";
import { fulfillmentStatusOf, type LineProgress, orderStatusOf } from "./fulfilment-rules.ts";
import { createGuestOrderToken } from "./order-access.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

/** Who did it: a staff member (the back office) or the shopper / the store itself (null). */
export interface Actor {
  staffId: number | null;
  name: string | null;
  /** For the audit log: the member's e-mail, the request id and the client address. */
  email?: string | null;
  requestId?: string | null;
  ipAddress?: string | null;
}

export const SHOPPER: Actor = { staffId: null, name: null };

export interface OrderLineProgress extends LineProgress {
  title: string;
  variantTitle: string | null;
  sku: string | null;
  imageUrl: string | null;
  unitPriceCents: number;
  productId: number | null;
  inventoryLevelId: number | null;
  /** Units refunded with their stock put back. */
  restocked: number;
}

export async function loadLineProgress(db: Reader, orderId: number): Promise<OrderLineProgress[]> {
  const shipped = db
    .select({
      lineItemId: orderShipmentLines.lineItemId,
      units: sql<number>`sum(${orderShipmentLines.quantity})::int`.as("shipped_units"),
    })
    .from(orderShipmentLines)
    .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId))
    .where(eq(orderShipments.orderId, orderId))
    .groupBy(orderShipmentLines.lineItemId)
    .as("shipped");
  const refunded = db
    .select({
      lineItemId: orderRefundLines.lineItemId,
      units: sql<number>`sum(${orderRefundLines.quantity})::int`.as("refunded_units"),
      restocked:
        sql<number>`sum(case when ${orderRefunds.restock} then ${orderRefundLines.quantity} else 0 end)::int`.as(
          "restocked_units",
        ),
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, "failed")))
    .groupBy(orderRefundLines.lineItemId)
    .as("refunded");
  const returned = db
    .select({
      lineItemId: orderReturnLines.lineItemId,
      units: sql<number>`sum(${orderReturnLines.quantity})::int`.as("returned_units"),
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, "refused")))
    .groupBy(orderReturnLines.lineItemId)
    .as("returned");
  const rows = await db
    .select({
      id: orderLineItems.id,
      quantity: orderLineItems.quantity,
      title: orderLineItems.title,
      variantTitle: orderLineItems.variantTitle,
      sku: orderLineItems.sku,
      imageUrl: orderLineItems.imageUrl,
      unitPriceCents: orderLineItems.unitPriceCents,
      productId: orderLineItems.productId,
      inventoryLevelId: orderLineItems.inventoryLevelId,
      shipped: sql<number>`coalesce(${shipped.units}, 0)::int`,
      refunded: sql<number>`coalesce(${refunded.units}, 0)::int`,
      restocked: sql<number>`coalesce(${refunded.restocked}, 0)::int`,
      inReturns: sql<number>`coalesce(${returned.units}, 0)::int`,
    })
    .from(orderLineItems)
    .leftJoin(shipped, eq(shipped.lineItemId, orderLineItems.id))
    .leftJoin(refunded, eq(refunded.lineItemId, orderLineItems.id))
    .leftJoin(returned, eq(returned.lineItemId, orderLineItems.id))
    .where(eq(orderLineItems.orderId, orderId))
    .orderBy(asc(orderLineItems.id));
  return rows.map((row) => ({
    ...row,
    shipped: Number(row.shipped),
    refunded: Number(row.refunded),
    restocked: Number(row.restocked),
    inReturns: Number(row.inReturns),
  }));
}

/** The order row, locked for the rest of the transaction (one action on an order at a time). */
export async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

/** Sets the fulfilment status and the one-word status from what the rows say now. */
export async function recomputeOrderStatus(tx: Reader & Pick<Database, "update">, orderId: number) {
  const [order] = await tx
    .select({ cancelledAt: orders.cancelledAt, financialStatus: orders.financialStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const fulfillmentStatus = fulfillmentStatusOf(await loadLineProgress(tx, orderId));
  const status = orderStatusOf({
    cancelled: order.cancelledAt !== null,
    financialStatus: order.financialStatus,
    fulfillmentStatus,
  });
  await tx.update(orders).set({ fulfillmentStatus, status, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return { status, fulfillmentStatus, financialStatus: order.financialStatus };
}

export async function addOrderEvent(
  tx: Pick<Database, "insert">,
  orderId: number,
  actor: Actor,
  kind: OrderEventKind,
  message: string,
  data?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    kind,
    message,
    data: data ?? null,
    staffId: actor.staffId,
    staffName: actor.name,
  });
}

/** Queues a mail to the shopper (sent only if the transaction commits) and writes it in the timeline. */
export async function mailShopper(tx: Tx, orderId: number, actor: Actor, email: OutgoingEmail): Promise<void> {
  const outboxId = await queueEmail(tx, email);
  await addOrderEvent(tx, orderId, actor, "email", `E-mail sent to ${email.to}: "${email.subject}"`, {
    outboxId,
    kind: email.kind,
  });
}

/**
 * Where the shopper sees the order: their account's order page, or for a guest a new signed link (the
 * token of the confirmation e-mail is kept only as a hash, so each mail carries its own).
 */
export async function shopperOrderUrl(
  tx: Tx,
  order: { id: number; orderNumber: string; customerId: number | null },
  publicUrl: string,
): Promise<string> {
  const [customer] = order.customerId
    ? await tx.select({ userId: customers.userId }).from(customers).where(eq(customers.id, order.customerId))
    : [];
  const path = `${publicUrl}/account/orders/${order.id}`;
  if (customer?.userId) return path;
  const token = await createGuestOrderToken(tx, order.orderNumber);
  return `${path}?token=${token}`;
}

/** Product ids of lines, for the stock change feed. */
export function productIdsOf(lines: Array<{ productId: number | null }>): number[] {
  return [...new Set(lines.map((line) => line.productId).filter((id): id is number => id !== null))];
}

/** Puts units back on the shelves they were taken from (levels that still exist); returns the product ids touched. */
export async function restockLines(
  tx: Tx,
  lines: OrderLineProgress[],
  units: Array<{ lineItemId: number; quantity: number }>,
): Promise<number[]> {
  const touched: OrderLineProgress[] = [];
  const levelIds = units
    .map((unit) => lines.find((line) => line.id === unit.lineItemId)?.inventoryLevelId)
    .filter((id): id is number => typeof id === "number")
    .sort((a, b) => a - b);
  if (levelIds.length === 0) return [];
  // Locked in id order, like placing an order does, so the two never deadlock.
  await tx
    .select({ id: inventoryLevels.id })
    .from(inventoryLevels)
    .where(inArray(inventoryLevels.id, levelIds))
    .orderBy(asc(inventoryLevels.id))
    .for("update");
  for (const unit of units) {
    const line = lines.find((candidate) => candidate.id === unit.lineItemId);
    if (!line?.inventoryLevelId || unit.quantity <= 0) continue;
    const updated = await tx
      .update(inventoryLevels)
      .set({ available: sql`${inventoryLevels.available} + ${unit.quantity}`, updatedAt: new Date() })
      .where(eq(inventoryLevels.id, line.inventoryLevelId))
      .returning({ id: inventoryLevels.id });
    if (updated.length > 0) touched.push(line);
  }
  return productIdsOf(touched);
}

/** A transaction's id as support reads it out: a letter and 10 characters without look-alikes. */
export function newDisplayableId(prefix: string): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let id = prefix;
  for (const byte of crypto.getRandomValues(new Uint8Array(10))) id += alphabet[byte % alphabet.length];
  return id;
}
