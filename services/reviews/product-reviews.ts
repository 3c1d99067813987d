// A shopper's review of a product: written from the product page, held as 'pending' until staff approve
// it (services/reviews/admin/moderation.ts), then shown and counted in the product's rating.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { productReviews, products } from "../../db/schema/catalog.ts";
import { orderLineItems, orders } from "../../db/schema/commerce.ts";
import type { ReviewSubmission } from "../../shared/product-feedback.ts";
import { productIsPublished } from "../catalog/published.ts";
import { Conflict, NotFound } from "../errors.ts";

export const ALREADY_REVIEWED = "You have already reviewed this product. Thank you!";
export const PRODUCT_NOT_FOUND = "This product is not in the store any more.";

/** Orders in these states were paid for: their buyer's review is a verified purchase. */
const BOUGHT_STATUSES = ["paid", "fulfilled", "partially_fulfilled", "partially_refunded"];

/** The customer has a paid order with this product in it. */
export async function hasBoughtProduct(db: Database, customerId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLineItems, eq(orderLineItems.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orderLineItems.productId, productId),
        inArray(orders.status, BOUGHT_STATUSES as never[]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A published product's id by id, or a 404 a person understands. */
export async function requirePublishedProduct(db: Database, productId: number): Promise<{ id: number; title: string }> {
  const [product] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.id, productId), productIsPublished()));
  if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
  return product;
}

export interface SubmittedReview {
  id: number;
  status: "pending";
  verifiedPurchase: boolean;
}

/**
 * Stores the review as pending. A signed-in customer reviews a product once (a second one is a 409);
 * their review is a verified purchase when they bought it. Guests are never verified.
 */
export async function submitReview(
  db: Database,
  input: { productId: number; customerId: number | null; review: ReviewSubmission },
): Promise<SubmittedReview> {
  await requirePublishedProduct(db, input.productId);
  const verifiedPurchase =
    input.customerId === null ? false : await hasBoughtProduct(db, input.customerId, input.productId);
  const { review } = input;
  const [row] = await db
    .insert(productReviews)
    .values({
      productId: input.productId,
      customerId: input.customerId,
      authorName: review.authorName,
      email: review.email ?? null,
      starsRating: review.starsRating,
      title: review.title,
      body: review.body,
      status: "pending",
      isPublished: false,
      verifiedPurchase,
    })
    .onConflictDoNothing({
      target: [productReviews.productId, productReviews.customerId],
      where: sql`${productReviews.customerId} is not null`,
    })
    .returning({ id: productReviews.id });
  if (!row) throw new Conflict(ALREADY_REVIEWED);
  return { id: row.id, status: "pending", verifiedPurchase };
}
