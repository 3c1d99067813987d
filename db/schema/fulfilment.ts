// After the order: shipments (what went out, with which carrier and tracking), refunds (money back, per
// line or an amount, with or without restocking), returns asked for by shoppers, staff notes, and the
// order's timeline of events. Staff are referenced by id without a foreign key: an audit trail outlives
// the account that wrote it.

import type { SQL } from "drizzle-orm";
import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { orderLineItems, orders, transactions } from "./commerce.ts";
import { customers } from "./customers.ts";

const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const CARRIERS = ["ups", "usps", "fedex", "dhl", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const orderShipments = pgTable(
  "order_shipments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text().$type<Carrier>().notNull(),
    trackingNumber: text().notNull(),
    /** Built from the carrier's template, or given by staff for another carrier; null when none is known. */
    trackingUrl: text(),
    shippedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    staffId: integer(),
    /** The caller's key: the same key again answers this shipment instead of shipping twice. */
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_shipments_order_id_idx").on(t.orderId),
    unique("order_shipments_order_key_unique").on(t.orderId, t.idempotencyKey),
    check("order_shipments_carrier_valid", oneOf(t.carrier, CARRIERS)),
  ],
);

export const orderShipmentLines = pgTable(
  "order_shipment_lines",
  {
    shipmentId: integer()
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    lineItemId: integer()
      .notNull()
      .references(() => orderLineItems.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.lineItemId] }),
    index("order_shipment_lines_line_item_id_idx").on(t.lineItemId),
    check("order_shipment_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const ORDER_REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type OrderRefundStatus = (typeof ORDER_REFUND_STATUSES)[number];

export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    /** The processor's reason (requested_by_customer, duplicate, fraudulent). */
    reason: text().notNull(),
    /** Staff's words for the shopper and the timeline. */
    note: text(),
    restock: boolean().notNull().default(false),
    status: text().$type<OrderRefundStatus>().notNull().default("pending"),
    /** The payment transaction (kind 'refund') that moved the money. */
    transactionId: integer().references(() => transactions.id, { onDelete: "set null" }),
    errorMessage: text(),
    /** Set when the refund settles a return. */
    returnId: integer(),
    staffId: integer(),
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_refunds_order_id_idx").on(t.orderId),
    unique("order_refunds_order_key_unique").on(t.orderId, t.idempotencyKey),
    check("order_refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("order_refunds_status_valid", oneOf(t.status, ORDER_REFUND_STATUSES)),
  ],
);

export const orderRefundLines = pgTable(
  "order_refund_lines",
  {
    refundId: integer()
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    lineItemId: integer()
      .notNull()
      .references(() => orderLineItems.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.lineItemId] }),
    index("order_refund_lines_line_item_id_idx").on(t.lineItemId),
    check("order_refund_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const ORDER_EVENT_KINDS = [
  "placed",
  "paid",
  "shipped",
  "refunded",
  "refund_failed",
  "cancelled",
  "note",
  "email",
  "return_requested",
  "return_approved",
  "return_refused",
  "return_received",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The order's timeline: one row per thing that happened, in words staff read. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text().$type<OrderEventKind>().notNull(),
    message: text().notNull(),
    /** Ids the event points at (shipment, refund, return, e-mail). */
    data: jsonb().$type<Record<string, unknown>>(),
    staffId: integer(),
    /** The staff member's name as it was (kept when the account goes). */
    staffName: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_id_created_at_idx").on(t.orderId, t.createdAt),
    check("order_events_kind_valid", oneOf(t.kind, ORDER_EVENT_KINDS)),
  ],
);

/** Staff notes on an order (support may write them); each also appears in the timeline. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    body: text().notNull(),
    staffId: integer(),
    staffName: text(),
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_notes_order_id_idx").on(t.orderId),
    unique("order_notes_order_key_unique").on(t.orderId, t.idempotencyKey),
  ],
);

export const RETURN_STATUSES = ["requested", "approved", "refused", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_REASONS = ["wrong_part", "not_needed", "damaged", "defective", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const orderReturns = pgTable(
  "order_returns",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    status: text().$type<ReturnStatus>().notNull().default("requested"),
    reason: text().$type<ReturnReason>().notNull(),
    /** The shopper's own words. */
    comment: text(),
    /** Staff's words to the shopper with a decision (why refused, how to send it back). */
    staffMessage: text(),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    refundId: integer().references(() => orderRefunds.id, { onDelete: "set null" }),
    refundedAt: timestamp({ withTimezone: true }),
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_returns_order_id_idx").on(t.orderId),
    index("order_returns_status_created_at_idx").on(t.status, t.createdAt),
    unique("order_returns_order_key_unique").on(t.orderId, t.idempotencyKey),
    check("order_returns_status_valid", oneOf(t.status, RETURN_STATUSES)),
    check("order_returns_reason_valid", oneOf(t.reason, RETURN_REASONS)),
  ],
);

export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    returnId: integer()
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    lineItemId: integer()
      .notNull()
      .references(() => orderLineItems.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.lineItemId] }),
    index("order_return_lines_line_item_id_idx").on(t.lineItemId),
    check("order_return_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const orderShipmentsRelations = relations(orderShipments, ({ one, many }) => ({
  order: one(orders, { fields: [orderShipments.orderId], references: [orders.id] }),
  lines: many(orderShipmentLines),
}));

export const orderShipmentLinesRelations = relations(orderShipmentLines, ({ one }) => ({
  shipment: one(orderShipments, { fields: [orderShipmentLines.shipmentId], references: [orderShipments.id] }),
  lineItem: one(orderLineItems, { fields: [orderShipmentLines.lineItemId], references: [orderLineItems.id] }),
}));

export const orderRefundsRelations = relations(orderRefunds, ({ one, many }) => ({
  order: one(orders, { fields: [orderRefunds.orderId], references: [orders.id] }),
  transaction: one(transactions, { fields: [orderRefunds.transactionId], references: [transactions.id] }),
  lines: many(orderRefundLines),
}));

export const orderRefundLinesRelations = relations(orderRefundLines, ({ one }) => ({
  refund: one(orderRefunds, { fields: [orderRefundLines.refundId], references: [orderRefunds.id] }),
  lineItem: one(orderLineItems, { fields: [orderRefundLines.lineItemId], references: [orderLineItems.id] }),
}));

export const orderReturnsRelations = relations(orderReturns, ({ one, many }) => ({
  order: one(orders, { fields: [orderReturns.orderId], references: [orders.id] }),
  lines: many(orderReturnLines),
}));

export const orderReturnLinesRelations = relations(orderReturnLines, ({ one }) => ({
  orderReturn: one(orderReturns, { fields: [orderReturnLines.returnId], references: [orderReturns.id] }),
  lineItem: one(orderLineItems, { fields: [orderReturnLines.lineItemId], references: [orderLineItems.id] }),
}));
