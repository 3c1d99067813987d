// A product's rating and review count follow its approved reviews. Recomputed from the rows (never
// incremented) after every moderation, so a retried or concurrent approval cannot drift the figures.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { afterCatalogWrite } from "../catalog/admin/catalog-write-context.ts";
import type { StoreChangeFeed } from "../changes/store-changes.ts";

type Writer = Pick<Database, "update">;

/** Sets avg_rating and total_reviews from the product's approved reviews; returns the new figures. */
export async function recomputeProductRating(
  db: Writer,
  productId: number,
): Promise<{ avgRating: number; totalReviews: number } | null> {
  const [row] = await db
    .update(products)
    .set({
      avgRating: sql`coalesce((select round(avg(r.stars_rating)::numeric, 2) from product_reviews r
        where r.product_id = ${productId} and r.status = 'approved'), 0)`,
      totalReviews: sql`(select count(*)::int from product_reviews r
        where r.product_id = ${productId} and r.status = 'approved')`,
    })
    .where(eq(products.id, productId))
    .returning({ avgRating: products.avgRating, totalReviews: products.totalReviews });
  return row ?? null;
}

/**
 * After the write has committed: the rating is part of the search rows (sorting by rating, the cards)
 * and of the cached pages, so both are told.
 */
export async function announceRatingChange(
  db: Database,
  changes: StoreChangeFeed,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  // As after any catalog write: the search rows refreshed, then the change published (even when the
  // refresh fails: the rating has changed).
  await afterCatalogWrite({ db, changes, actor: null }, productIds, [{ kind: "product", ids: productIds }]);
}
