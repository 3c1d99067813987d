// The rules of what happens after an order is placed, without the database: how much of a line can still
// ship, be refunded or be returned, what the order's status is from what happened, and each carrier's
// tracking address. The services (fulfilment.ts, admin/*, returns.ts) check every request against these.
import type { FulfillmentStatus, OrderStatus } from "../../db/schema/commerce.ts";
import type { Carrier } from "../../db/schema/fulfilment.ts";

/** One order line with what has happened to it so far. */
export interface LineProgress {
  id: number;
  quantity: number;
  /** Units that went out in shipments. */
  shipped: number;
  /** Units refunded (by line). */
  refunded: number;
  /** Units in returns that are requested, approved, received or refunded (not refused). */
  inReturns?: number;
}

/**
 * Units still to ship. A unit refunded before it went out is no longer owed; one refunded after it
 * shipped (a return) does not make another unit owed.
 */
export function unitsToShip(line: LineProgress): number {
  return Math.max(0, line.quantity - line.shipped - Math.max(0, line.refunded - line.shipped));
}

/** Units that can still be refunded by line. */
export function unitsToRefund(line: LineProgress): number {
  return Math.max(0, line.quantity - line.refunded);
}

/** Units a shopper can still ask to return: shipped, not refunded, not already in a return. */
export function unitsToReturn(line: LineProgress): number {
  return Math.max(0, line.shipped - Math.max(line.refunded, line.inReturns ?? 0));
}

export function fulfillmentStatusOf(lines: LineProgress[]): FulfillmentStatus {
  const shipped = lines.reduce((sum, line) => sum + line.shipped, 0);
  if (shipped === 0) return "unfulfilled";
  return lines.every((line) => unitsToShip(line) === 0) ? "fulfilled" : "partial";
}

/**
 * The order's one-word status from its separate states. Cancelled wins; then money back (the shopper
 * most needs to know that); then how far shipping got; then whether it is paid.
 */
export function orderStatusOf(state: {
  cancelled: boolean;
  financialStatus: string;
  fulfillmentStatus: FulfillmentStatus;
}): OrderStatus {
  if (state.cancelled) return "cancelled";
  if (state.financialStatus === "refunded") return "refunded";
  if (state.financialStatus === "partially_refunded") return "partially_refunded";
  if (state.fulfillmentStatus === "fulfilled") return "fulfilled";
  if (state.fulfillmentStatus === "partial") return "partially_fulfilled";
  if (state.financialStatus === "paid") return "paid";
  return "placed";
}

export interface QuantityRequest {
  lineItemId: number;
  quantity: number;
}

/**
 * Checks requested quantities against what each line allows; returns the first problem as a sentence
 * staff or a shopper can act on, or null. Lines must belong to the order and appear once.
 */
export function quantityProblem(
  lines: Array<LineProgress & { title: string }>,
  requested: QuantityRequest[],
  allowed: (line: LineProgress) => number,
  verb: "ship" | "refund" | "return",
): string | null {
  if (requested.length === 0) return `Choose at least one item to ${verb}.`;
  const seen = new Set<number>();
  for (const item of requested) {
    const line = lines.find((candidate) => candidate.id === item.lineItemId);
    if (!line) return `Line ${item.lineItemId} is not part of this order.`;
    if (seen.has(item.lineItemId)) return `${line.title} is listed twice. List each line once.`;
    seen.add(item.lineItemId);
    if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
      return `The quantity of ${line.title} must be a whole number above 0.`;
    }
    const left = allowed(line);
    if (item.quantity > left) {
      return left === 0
        ? `Nothing of ${line.title} is left to ${verb}.`
        : `Only ${left} of ${line.title} can still be ${verb === "ship" ? "shipped" : verb === "refund" ? "refunded" : "returned"} (${item.quantity} asked).`;
    }
  }
  return null;
}

/** Every unit still to ship, for "ship everything". */
export function everythingToShip(lines: LineProgress[]): QuantityRequest[] {
  return lines
    .map((line) => ({ lineItemId: line.id, quantity: unitsToShip(line) }))
    .filter((item) => item.quantity > 0);
}

export const CARRIER_LABELS: Record<Carrier, string> = {
  ups: "UPS",
  usps: "USPS",
  fedex: "FedEx",
  dhl: "DHL",
  other: "Other carrier",
};

const TRACKING_TEMPLATES: Record<Exclude<Carrier, "other">, string> = {
  ups: "https://www.ups.com/track?tracknum={number}",
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}",
  fedex: "https://www.fedex.com/fedextrack/?trknbr={number}",
  dhl: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id={number}",
};

/** Tracking numbers are letters, digits, spaces and dashes; kept without spaces. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The carrier's tracking page for a number; for another carrier, the address staff gave (or none). */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string, givenUrl?: string | null): string | null {
  if (carrier === "other") return givenUrl?.trim() || null;
  return TRACKING_TEMPLATES[carrier].replace("{number}", encodeURIComponent(normalizeTrackingNumber(trackingNumber)));
}

/** Whether a return may still be asked for: within `days` of the last shipment. */
export function returnWindowOpen(lastShippedAt: Date | null, days: number, now: Date): boolean {
  if (!lastShippedAt || days <= 0) return false;
  return now.getTime() - lastShippedAt.getTime() <= days * 24 * 60 * 60 * 1000;
}

/** Cents for refunding these units at the price paid. */
export function linesAmountCents(
  lines: Array<{ id: number; unitPriceCents: number }>,
  requested: QuantityRequest[],
): number {
  return requested.reduce((sum, item) => {
    const line = lines.find((candidate) => candidate.id === item.lineItemId);
    return sum + (line ? line.unitPriceCents * item.quantity : 0);
  }, 0);
}
