// Orders as the back office reads them: the filtered list (search by order number, e-mail, name or part
// number; payment, fulfilment and date filters), its CSV export, and one order with everything staff need:
// lines with what shipped and was refunded, customer, addresses, payment transactions, shipments,
// refunds, returns, notes and the timeline.
import { stringify } from "csv-stringify/sync";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orderLineItems, orders, paymentMethods, transactions } from "../../../db/schema/commerce.ts";
import { customers } from "../../../db/schema/customers.ts";
import { orderEvents, orderNotes } from "../../../db/schema/fulfilment.ts";
import type { OrderListQuery } from "../../../shared/admin/orders.ts";
import { InvalidInput, NotFound } from "../../errors.ts";
import { listShipments } from "../fulfilment.ts";
import { unitsToRefund, unitsToShip } from "../fulfilment-rules.ts";
import { type Actor, addOrderEvent, loadLineProgress, lockOrder } from "../order-progress.ts";
import { returnsOfOrder } from "../returns.ts";
import { auditOrderAction } from "./order-audit.ts";
import { listRefunds, refundableCents } from "./order-refunds.ts";

type Reader = Pick<Database, "select">;

export interface AdminOrderRow {
  id: number;
  orderNumber: string;
  placedAt: string;
  customerName: string;
  email: string;
  total: number;
  currency: string;
  status: string;
  financialStatus: string;
  fulfillmentStatus: string;
  itemCount: number;
  staffFlag: string | null;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterOf(query: Omit<OrderListQuery, "page" | "limit" | "sort" | "dir">): SQL | undefined {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q.toLowerCase())}%`;
    const digits = q.replace(/^#?w?/i, "");
    const name = sql`lower(coalesce(${orders.shippingAddress}->>'firstName', '') || ' ' || coalesce(${orders.shippingAddress}->>'lastName', ''))`;
    const partNumber = q.toLowerCase().replace(/[^a-z0-9]/g, "");
    conditions.push(
      or(
        sql`lower(${orders.orderNumber}) = lower(${q.startsWith("#") ? q.slice(1) : q})`,
        /^\d{1,9}$/.test(digits) ? sql`${orders.orderNumber} = ${`W${digits}`}` : undefined,
        sql`lower(${orders.email}) like ${like}`,
        sql`${name} like ${like}`,
        sql`exists (select 1 from ${customers} c where c.id = ${orders.customerId} and lower(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) like ${like})`,
        partNumber.length >= 2
          ? sql`exists (select 1 from ${orderLineItems} li where li.order_id = ${orders.id} and (regexp_replace(lower(coalesce(li.sku, '')), '[^a-z0-9]', '', 'g') like ${`%${partNumber}%`} or lower(li.title) like ${like}))`
          : undefined,
      ) as SQL,
    );
  }
  if (query.payment) conditions.push(eq(orders.financialStatus, query.payment));
  if (query.fulfilment === "cancelled") conditions.push(isNotNull(orders.cancelledAt));
  else if (query.fulfilment) {
    conditions.push(eq(orders.fulfillmentStatus, query.fulfilment), isNull(orders.cancelledAt));
  }
  if (query.from) conditions.push(gte(orders.placedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(orders.placedAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  if (query.from && query.to && query.from > query.to) {
    throw new InvalidInput("The 'from' date is after the 'to' date. Swap them to see orders between them.");
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const rowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  placedAt: orders.placedAt,
  email: orders.email,
  shippingAddress: orders.shippingAddress,
  totalCents: orders.totalCents,
  currency: orders.currency,
  status: orders.status,
  financialStatus: orders.financialStatus,
  fulfillmentStatus: orders.fulfillmentStatus,
  staffFlag: orders.staffFlag,
  itemCount: sql<number>`(select coalesce(sum(li.quantity), 0)::int from order_line_items li where li.order_id = "orders"."id")`,
};

function toRow(row: {
  id: number;
  orderNumber: string;
  placedAt: Date;
  email: string;
  shippingAddress: { firstName?: string | null; lastName?: string | null } | null;
  totalCents: number;
  currency: string;
  status: string;
  financialStatus: string;
  fulfillmentStatus: string;
  staffFlag: string | null;
  itemCount: number;
}): AdminOrderRow {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    placedAt: row.placedAt.toISOString(),
    customerName: [row.shippingAddress?.firstName, row.shippingAddress?.lastName].filter(Boolean).join(" "),
    email: row.email,
    total: row.totalCents / 100,
    currency: row.currency,
    status: row.status,
    financialStatus: row.financialStatus,
    fulfillmentStatus: row.fulfillmentStatus,
    itemCount: Number(row.itemCount),
    staffFlag: row.staffFlag,
  };
}

export async function listAdminOrders(
  db: Reader,
  query: OrderListQuery,
): Promise<{ orders: AdminOrderRow[]; total: number; page: number; limit: number }> {
  const where = filterOf(query);
  const column = query.sort === "total" ? orders.totalCents : orders.placedAt;
  const direction = query.sort && query.dir === "asc" ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(orders)
      .where(where)
      .orderBy(direction(column), direction(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(toRow), total, page: query.page, limit: query.limit };
}

/** At most this many rows in one export (a filter narrows a bigger list). */
export const ORDER_EXPORT_LIMIT = 50_000;

export async function exportOrdersCsv(
  db: Reader,
  query: Omit<OrderListQuery, "page" | "limit" | "sort" | "dir">,
): Promise<string> {
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .where(filterOf(query))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(ORDER_EXPORT_LIMIT);
  return stringify(
    rows
      .map(toRow)
      .map((row) => [
        row.orderNumber,
        row.placedAt,
        row.customerName,
        row.email,
        row.itemCount,
        row.total.toFixed(2),
        row.currency,
        row.status,
        row.financialStatus,
        row.fulfillmentStatus,
      ]),
    {
      header: true,
      columns: [
        "order_number",
        "placed_at",
        "customer",
        "email",
        "items",
        "total",
        "currency",
        "status",
        "payment_status",
        "fulfilment_status",
      ],
      // A cell starting with = + - @ is read as a formula by spreadsheets: quote it as text.
      cast: {
        string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value),
      },
    },
  );
}

export interface TimelineEntry {
  id: string;
  at: string;
  kind: string;
  message: string;
  by: string | null;
}

export async function getAdminOrder(db: Reader, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound("This order was not found.");
  const [progress, payments, shipments, refunds, returns, notes, events, refundable, customer] = await Promise.all([
    loadLineProgress(db, orderId),
    db
      .select({
        id: transactions.id,
        displayableId: transactions.displayableId,
        kind: transactions.kind,
        status: transactions.status,
        gateway: transactions.gateway,
        gatewayReference: transactions.gatewayReference,
        amountCents: transactions.amountCents,
        errorMessage: transactions.errorMessage,
        reason: transactions.reason,
        createdAt: transactions.createdAt,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
      })
      .from(transactions)
      .leftJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
      .where(eq(transactions.orderId, orderId))
      .orderBy(asc(transactions.createdAt), asc(transactions.id)),
    listShipments(db, orderId),
    listRefunds(db, orderId),
    returnsOfOrder(db, orderId),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(desc(orderNotes.createdAt)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    refundableCents(db, orderId),
    order.customerId
      ? db
          .select({
            id: customers.id,
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
            phone: customers.phone,
            userId: customers.userId,
          })
          .from(customers)
          .where(eq(customers.id, order.customerId))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
  ]);
  const [orderCount] = customer
    ? await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customer.id))
    : [{ n: 0 }];

  // Placing and paying were written before the timeline existed: they come from the order and its payments.
  const timeline: TimelineEntry[] = [
    {
      id: "placed",
      at: order.placedAt.toISOString(),
      kind: "placed",
      message: `Order placed by ${order.email}`,
      by: null,
    },
    ...payments
      .filter((payment) => payment.status === "SUCCESS" && (payment.kind === "capture" || payment.kind === "sale"))
      .map((payment) => ({
        id: `payment-${payment.id}`,
        at: payment.createdAt.toISOString(),
        kind: "paid",
        message: `Payment of ${(payment.amountCents / 100).toFixed(2)} ${order.currency} captured (transaction ${payment.displayableId})`,
        by: null,
      })),
    {
      id: "confirmation",
      at: order.placedAt.toISOString(),
      kind: "email",
      message: `E-mail sent to ${order.email}: order confirmation`,
      by: null,
    },
    ...events.map((event) => ({
      id: `event-${event.id}`,
      at: event.createdAt.toISOString(),
      kind: event.kind,
      message: event.message,
      by: event.staffName,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const card = payments.find((payment) => payment.brand);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    placedAt: order.placedAt.toISOString(),
    email: order.email,
    status: order.status,
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    staffFlag: order.staffFlag,
    currency: order.currency,
    subtotal: order.subtotalCents / 100,
    discount: order.discountCents / 100,
    discountCode: order.discountCode,
    shipping: order.shippingCents / 100,
    tax: order.taxCents / 100,
    total: order.totalCents / 100,
    refundable: refundable / 100,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    customer: customer
      ? {
          id: customer.id,
          email: customer.email,
          name: [customer.firstName, customer.lastName].filter(Boolean).join(" "),
          phone: customer.phone,
          hasAccount: customer.userId !== null,
          orderCount: orderCount.n,
        }
      : null,
    card: card ? { brand: card.brand ?? "card", last4: card.last4 } : null,
    lines: progress.map((line) => ({
      id: line.id,
      title: line.title,
      variantTitle: line.variantTitle,
      sku: line.sku,
      imageUrl: line.imageUrl,
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents / 100,
      total: (line.unitPriceCents * line.quantity) / 100,
      shipped: line.shipped,
      refunded: line.refunded,
      toShip: order.cancelledAt ? 0 : unitsToShip(line),
      toRefund: unitsToRefund(line),
    })),
    transactions: payments.map((payment) => ({
      id: payment.id,
      displayableId: payment.displayableId,
      kind: payment.kind,
      status: payment.status,
      gateway: payment.gateway,
      gatewayReference: payment.gatewayReference,
      amount: payment.amountCents / 100,
      errorMessage: payment.errorMessage,
      reason: payment.reason,
      createdAt: payment.createdAt.toISOString(),
    })),
    shipments,
    refunds,
    returns,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      by: note.staffName,
      createdAt: note.createdAt.toISOString(),
    })),
    timeline,
    canCancel: order.cancelledAt === null && order.fulfillmentStatus === "unfulfilled",
    canFulfil:
      order.cancelledAt === null &&
      order.financialStatus !== "refunded" &&
      progress.some((line) => unitsToShip(line) > 0),
  };
}
export type AdminOrderDetail = Awaited<ReturnType<typeof getAdminOrder>>;

/** A staff note (support may write them); the same key again answers the first note. */
export async function addOrderNote(
  db: Database,
  actor: Actor,
  orderId: number,
  body: string,
  idempotencyKey: string | null,
): Promise<{ id: number; body: string; by: string | null; createdAt: string; repeated: boolean }> {
  const text = body.trim();
  if (!text) throw new InvalidInput("The note is empty. Write something to keep on the order.");
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new NotFound("This order was not found.");
    if (idempotencyKey) {
      const [earlier] = await tx
        .select()
        .from(orderNotes)
        .where(and(eq(orderNotes.orderId, orderId), eq(orderNotes.idempotencyKey, idempotencyKey)));
      if (earlier) {
        return {
          id: earlier.id,
          body: earlier.body,
          by: earlier.staffName,
          createdAt: earlier.createdAt.toISOString(),
          repeated: true,
        };
      }
    }
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId, body: text, staffId: actor.staffId, staffName: actor.name, idempotencyKey })
      .returning();
    await addOrderEvent(tx, orderId, actor, "note", `Note: ${text}`, { noteId: note.id });
    await auditOrderAction(tx, actor, {
      action: "order.note",
      entity: "order",
      entityId: orderId,
      after: { noteId: note.id, body: text },
    });
    return {
      id: note.id,
      body: note.body,
      by: note.staffName,
      createdAt: note.createdAt.toISOString(),
      repeated: false,
    };
  });
}
