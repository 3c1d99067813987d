// "Add to Order": a customer asks for one more product on an order that has not shipped. The
// order was paid for already, so nothing is charged here: the request goes to the store's staff by e-mail
// ("Expect hearing from us soon"), who confirm the price and the payment with the customer.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products, variants } from "../../db/schema/catalog.ts";
import { orders } from "../../db/schema/commerce.ts";
import { formatMoney } from "../../shared/money.ts";
import { productIsPublished } from "../catalog/published.ts";
import { addToOrderOrderRules } from "../checkout/shopper-limits.ts";
import type { Visitor } from "../checkout/visitor-checkout.ts";
import { queueEmail } from "../email/mailer.ts";
import { NotFound, Unprocessable } from "../errors.ts";
import { enforceRateLimits } from "../rate-limit/rate-limiter.ts";
import { findVisibleOrderId, OPEN_ORDER_STATUSES } from "./order-queries.ts";

export async function requestProductOnOrder(
  db: Database,
  visitor: Pick<Visitor, "customerId" | "sessionData">,
  input: { orderId: number; productId: number; token: string | null },
  context: { storeEmail: string; storeName: string; publicUrl: string; productPath: string; currency: string },
): Promise<void> {
  const orderId = await findVisibleOrderId(db, visitor, input.orderId, input.token);
  // Each request e-mails the staff: a few per order, counted once the caller is known to see the order.
  await enforceRateLimits(db, addToOrderOrderRules(orderId), "requests to add to this order");
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, status: orders.status, email: orders.email })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!(OPEN_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw new Unprocessable(
      "This order has already shipped or was closed, so nothing can be added to it. Please place a new order.",
    );
  }
  const [product] = await db
    .select({
      title: products.title,
      handle: products.handle,
      priceCents: variants.priceCents,
      forSale: products.availableForSale,
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .where(and(eq(products.id, input.productId), productIsPublished()))
    .orderBy(variants.position, variants.id)
    .limit(1);
  if (!product) throw new NotFound("This product is no longer available.");
  if (!product.forSale) throw new Unprocessable(`${product.title} is not available for sale right now.`);
  await queueEmail(db, {
    to: context.storeEmail,
    kind: "order_add_request",
    subject: `${context.storeName}: add a product to order ${order.orderNumber}`,
    text: [
      `The customer of order ${order.orderNumber} (${order.email}) asks to add this product to the order:`,
      "",
      `${product.title} (from ${formatMoney(product.priceCents / 100, context.currency)})`,
      `${context.publicUrl}${context.productPath}/${product.handle}`,
      "",
      "Please contact the customer to confirm the price and the payment before the order ships.",
    ].join("\n"),
  });
}
