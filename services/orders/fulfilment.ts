// Shipping an order: some or all of its lines go out with a carrier and a tracking number. One transaction
// locks the order, checks that no line ships more than is still owed, writes the shipment, sets the status,
// writes the timeline and queues the "Your order has shipped" e-mail. The caller's key names the shipment:
// the same key again answers the first shipment (a double click, a retry) instead of shipping twice.
import { and, asc, eq, inArray } from "drizzle-orm";
import { orders } from "../../db/schema/commerce.ts";
import type { Carrier } from "../../db/schema/fulfilment.ts";
import { orderShipmentLines, orderShipments } from "../../db/schema/fulfilment.ts";
import { InvalidInput, NotFound, Unprocessable } from "../errors.ts";
import { auditOrderAction } from "./admin/order-audit.ts";
import { buildShippedEmail } from "./fulfilment-emails.ts";
import {
  CARRIER_LABELS,
  everythingToShip,
  normalizeTrackingNumber,
  type QuantityRequest,
  quantityProblem,
  trackingUrlFor,
  unitsToShip,
} from "./fulfilment-rules.ts";
import type { OrderActionContext } from "./order-actions-context.ts";
import {
  type Actor,
  addOrderEvent,
  loadLineProgress,
  lockOrder,
  mailShopper,
  recomputeOrderStatus,
  shopperOrderUrl,
  type Tx,
} from "./order-progress.ts";

export interface FulfilInput {
  /** Absent or empty: every unit still to ship. */
  lines?: QuantityRequest[];
  carrier: Carrier;
  trackingNumber: string;
  /** For another carrier: its tracking page (https). */
  trackingUrl?: string | null;
  /** Tell the shopper (default true). */
  notifyShopper?: boolean;
}

export interface ShipmentResult {
  shipmentId: number;
  orderId: number;
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
  lines: QuantityRequest[];
  status: string;
  fulfillmentStatus: string;
  /** True when the key named an earlier shipment and nothing new happened. */
  repeated: boolean;
}

async function shipmentResult(tx: Tx, shipmentId: number, repeated: boolean): Promise<ShipmentResult> {
  const [shipment] = await tx.select().from(orderShipments).where(eq(orderShipments.id, shipmentId));
  const lines = await tx
    .select({ lineItemId: orderShipmentLines.lineItemId, quantity: orderShipmentLines.quantity })
    .from(orderShipmentLines)
    .where(eq(orderShipmentLines.shipmentId, shipmentId))
    .orderBy(asc(orderShipmentLines.lineItemId));
  const [order] = await tx
    .select({ status: orders.status, fulfillmentStatus: orders.fulfillmentStatus })
    .from(orders)
    .where(eq(orders.id, shipment.orderId));
  return {
    shipmentId: shipment.id,
    orderId: shipment.orderId,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    lines,
    status: order.status,
    fulfillmentStatus: order.fulfillmentStatus,
    repeated,
  };
}

export async function fulfilOrder(
  ctx: OrderActionContext,
  actor: Actor,
  orderId: number,
  input: FulfilInput,
  idempotencyKey: string,
): Promise<ShipmentResult> {
  const key = idempotencyKey.trim();
  if (key.length === 0 || key.length > 200)
    throw new InvalidInput("A shipment needs an idempotency key (1 to 200 characters).");
  const trackingNumber = normalizeTrackingNumber(input.trackingNumber);
  if (!/^[A-Z0-9-]{4,40}$/.test(trackingNumber)) {
    throw new InvalidInput("The tracking number must be 4 to 40 letters, digits or dashes.");
  }
  if (input.trackingUrl && !/^https:\/\/[^\s]+$/.test(input.trackingUrl)) {
    throw new InvalidInput("The tracking link must be an https:// address.");
  }
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFound("This order was not found.");
    const [earlier] = await tx
      .select({ id: orderShipments.id })
      .from(orderShipments)
      .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.idempotencyKey, key)));
    if (earlier) return shipmentResult(tx, earlier.id, true);
    if (order.cancelledAt) throw new Unprocessable("This order was cancelled: nothing can be shipped.");
    if (order.financialStatus === "refunded")
      throw new Unprocessable("This order was refunded in full: nothing can be shipped.");

    const progress = await loadLineProgress(tx, orderId);
    const requested = input.lines?.length ? input.lines : everythingToShip(progress);
    if (requested.length === 0) throw new Unprocessable("Every item of this order has already shipped.");
    const problem = quantityProblem(progress, requested, unitsToShip, "ship");
    if (problem) throw new Unprocessable(problem);

    const trackingUrl = trackingUrlFor(input.carrier, trackingNumber, input.trackingUrl);
    const before = { status: order.status, fulfillmentStatus: order.fulfillmentStatus };
    const [shipment] = await tx
      .insert(orderShipments)
      .values({
        orderId,
        carrier: input.carrier,
        trackingNumber,
        trackingUrl,
        shippedAt: ctx.now(),
        staffId: actor.staffId,
        idempotencyKey: key,
      })
      .returning({ id: orderShipments.id });
    await tx
      .insert(orderShipmentLines)
      .values(
        requested.map((item) => ({ shipmentId: shipment.id, lineItemId: item.lineItemId, quantity: item.quantity })),
      );
    const after = await recomputeOrderStatus(tx, orderId);
    const units = requested.reduce((sum, item) => sum + item.quantity, 0);
    const carrierLabel = CARRIER_LABELS[input.carrier];
    await addOrderEvent(
      tx,
      orderId,
      actor,
      "shipped",
      `${units} item${units === 1 ? "" : "s"} shipped with ${carrierLabel}, tracking ${trackingNumber}${after?.fulfillmentStatus === "fulfilled" ? " (order complete)" : ""}`,
      { shipmentId: shipment.id },
    );
    if (input.notifyShopper !== false) {
      const items = requested.map((item) => {
        const line = progress.find((candidate) => candidate.id === item.lineItemId);
        return {
          title: line?.title ?? "",
          variantTitle: line?.variantTitle ?? null,
          sku: line?.sku ?? null,
          quantity: item.quantity,
        };
      });
      await mailShopper(
        tx,
        orderId,
        actor,
        buildShippedEmail({
          storeName: ctx.storeName,
          to: order.email,
          orderNumber: order.orderNumber,
          orderUrl: await shopperOrderUrl(tx, order, ctx.publicUrl),
          carrierLabel,
          trackingNumber,
          trackingUrl,
          items,
          moreToCome: after?.fulfillmentStatus !== "fulfilled",
        }),
      );
    }
    await auditOrderAction(tx, actor, {
      action: "order.fulfil",
      entity: "order",
      entityId: orderId,
      before,
      after: { ...after, shipmentId: shipment.id, carrier: input.carrier, trackingNumber, lines: requested },
    });
    return shipmentResult(tx, shipment.id, false);
  });
}

/** Shipments of orders, oldest first, with their lines (the shopper's page and the back office). */
export async function listShipments(db: Pick<Tx, "select">, orderId: number) {
  const shipments = await db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.shippedAt), asc(orderShipments.id));
  const lines =
    shipments.length === 0
      ? []
      : await db
          .select()
          .from(orderShipmentLines)
          .where(
            inArray(
              orderShipmentLines.shipmentId,
              shipments.map((shipment) => shipment.id),
            ),
          );
  return shipments.map((shipment) => ({
    id: shipment.id,
    carrier: shipment.carrier,
    carrierLabel: CARRIER_LABELS[shipment.carrier],
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    shippedAt: shipment.shippedAt.toISOString(),
    lines: lines
      .filter((line) => line.shipmentId === shipment.id)
      .map((line) => ({ lineItemId: line.lineItemId, quantity: line.quantity })),
  }));
}
