// Orders as the account pages show them. Every read filters by who may see the order (order-access.ts):
// an order id in a URL alone opens nothing.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  type AddressSnapshot,
  orderLineItems,
  orders,
  paymentMethods,
  transactions,
} from "../../db/schema/commerce.ts";
import { centsToAmount } from "../../shared/money.ts";
import type { Visitor } from "../checkout/visitor-checkout.ts";
import { NotFound } from "../errors.ts";
import { guestTokenOpensOrder, sessionOrderIds } from "./order-access.ts";

type Reader = Pick<Database, "select">;

export interface OrderSummaryDto {
  id: number;
  orderNumber: string;
  placedAt: string;
  status: string;
  financialStatus: string;
  totalPrice: number;
  itemCount: number;
}

export interface OrderLineDto {
  id: number;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

export interface OrderDetailDto extends OrderSummaryDto {
  email: string;
  subtotalPrice: number;
  totalDiscount: number;
  discountCode: string | null;
  shippingPrice: number;
  totalTax: number;
  currency: string;
  shippingAddress: AddressSnapshot | null;
  LineItems: OrderLineDto[];
  payment: { brand: string; last4: string | null } | null;
  /** Whether products can still be added (Add to Order): until it ships. */
  canAddProducts: boolean;
}

/** Orders that are still being prepared can take another product (spec "Add to Order"). */
export const OPEN_ORDER_STATUSES = ["placed", "paid"] as const;

export async function listCustomerOrders(
  db: Reader,
  customerId: number,
  page: { limit: number; offset: number },
): Promise<{ orders: OrderSummaryDto[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        placedAt: orders.placedAt,
        status: orders.status,
        financialStatus: orders.financialStatus,
        totalCents: orders.totalCents,
        itemCount: sql<number>`(select coalesce(sum(li.quantity), 0)::int from order_line_items li where li.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return {
    total,
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      placedAt: row.placedAt.toISOString(),
      status: row.status,
      financialStatus: row.financialStatus,
      totalPrice: centsToAmount(row.totalCents),
      itemCount: Number(row.itemCount),
    })),
  };
}

/**
 * The order when this visitor may see it: its signed-in customer, the browser that placed it, or anyone
 * holding the guest link's token. NotFound otherwise (never "forbidden": an id reveals nothing).
 */
export async function findVisibleOrderId(
  db: Reader,
  visitor: Pick<Visitor, "customerId" | "sessionData">,
  orderId: number,
  token: string | null,
): Promise<number> {
  const [order] = await db
    .select({ id: orders.id, customerId: orders.customerId, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  const visible =
    order !== undefined &&
    ((visitor.customerId !== null && order.customerId === visitor.customerId) ||
      sessionOrderIds(visitor.sessionData).includes(order.id) ||
      (token !== null && (await guestTokenOpensOrder(db, token, order.orderNumber))));
  if (!visible) throw new NotFound("We could not find this order. Please sign in to see your orders.");
  return order.id;
}

export async function getOrderDetail(db: Reader, orderId: number): Promise<OrderDetailDto> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound("We could not find this order.");
  const [lines, [payment]] = await Promise.all([
    db.select().from(orderLineItems).where(eq(orderLineItems.orderId, orderId)).orderBy(asc(orderLineItems.id)),
    db
      .select({ brand: paymentMethods.brand, last4: paymentMethods.last4 })
      .from(transactions)
      .innerJoin(paymentMethods, eq(paymentMethods.id, transactions.paymentMethodId))
      .where(and(eq(transactions.orderId, orderId), eq(transactions.status, "SUCCESS")))
      .orderBy(desc(transactions.id))
      .limit(1),
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    financialStatus: order.financialStatus,
    totalPrice: centsToAmount(order.totalCents),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    email: order.email,
    subtotalPrice: centsToAmount(order.subtotalCents),
    totalDiscount: centsToAmount(order.discountCents),
    discountCode: order.discountCode,
    shippingPrice: centsToAmount(order.shippingCents),
    totalTax: centsToAmount(order.taxCents),
    currency: order.currency,
    shippingAddress: order.shippingAddress,
    LineItems: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      title: line.title,
      variantTitle: line.variantTitle,
      sku: line.sku,
      imageUrl: line.imageUrl,
      quantity: line.quantity,
      unitPrice: centsToAmount(line.unitPriceCents),
      totalPrice: centsToAmount(line.totalCents),
    })),
    payment: payment ?? null,
    canAddProducts: (OPEN_ORDER_STATUSES as readonly string[]).includes(order.status),
  };
}
