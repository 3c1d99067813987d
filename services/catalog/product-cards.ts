import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centsToAmount } from "../../shared/money.ts";
import type { StoreChange } from "../changes/store-changes.ts";
import { jsonColumn, queryRows } from "../search/query-rows.ts";
import { createTtlMap, DEFAULT_CACHE_TTL_MS } from "../ttl-cache.ts";

/** The first inventory level of the product's first variant (what a product card adds to the cart). */
export interface CardInventoryLevel {
  /** The inventoryLevelId a cart line is added with. */
  id: number;
  variantId: number;
  inventoryPrice: number;
  inventoryCompareAtPrice: number | null;
  availableForSale: boolean;
  availableQuantity: number;
  /** True: sold regardless of stock (unlimited quantity). */
  bypassNegativeQuantity: boolean;
}

export interface ProductCard {
  id: number;
  title: string;
  vendor: string | null;
  imageUrl: string | null;
  handle: string;
  avgRating: number;
  totalReviews: number;
  price: number;
  compareAtPrice: number | null;
  isFeatured: boolean;
  Images: { id: number; url: string }[];
  availableInventoryLevels: CardInventoryLevel[];
}

export interface CardRow {
  id: number;
  title: string;
  handle: string;
  vendor: string | null;
  avg_rating: string | number;
  total_reviews: number;
  min_price_cents: number;
  compare_at_price_cents: number | null;
  is_featured: boolean;
  images: { id: number; url: string }[] | string | null;
  level_id: number | null;
  variant_id: number | null;
  variant_price_cents: number | null;
  variant_compare_at_price_cents: number | null;
  variant_available_for_sale: boolean | null;
  available: number | null;
  bypass_negative_quantity: boolean | null;
}

/** A card row (an element of product_cards(), migrations 0006 and 0033) as the API's product card. */
export function toProductCard(row: CardRow): ProductCard {
  // Copied: the row may be a kept one (a caller changing its card must not change the kept row).
  const images = jsonColumn<ProductCard["Images"]>(row.images, []).map((image) => ({ id: image.id, url: image.url }));
  const levels: CardInventoryLevel[] =
    row.level_id === null
      ? []
      : [
          {
            id: row.level_id,
            variantId: row.variant_id ?? 0,
            inventoryPrice: centsToAmount(row.variant_price_cents ?? row.min_price_cents),
            inventoryCompareAtPrice:
              row.variant_compare_at_price_cents === null ? null : centsToAmount(row.variant_compare_at_price_cents),
            availableForSale: row.variant_available_for_sale === true,
            availableQuantity: row.available ?? 0,
            bypassNegativeQuantity: row.bypass_negative_quantity === true,
          },
        ];
  return {
    id: row.id,
    title: row.title,
    vendor: row.vendor,
    imageUrl: images[0]?.url ?? null,
    handle: row.handle,
    avgRating: Number(row.avg_rating),
    totalReviews: row.total_reviews,
    price: centsToAmount(row.min_price_cents),
    compareAtPrice: row.compare_at_price_cents === null ? null : centsToAmount(row.compare_at_price_cents),
    isFeatured: row.is_featured,
    Images: images,
    availableInventoryLevels: levels,
  };
}

/**
 * How many card rows each process keeps per database (0 keeps none). A card is read for every product
 * of every listing, search and carousel: the cards of the products shoppers see most are answered from
 * memory instead of being joined from five tables each time. A store change forgets the cards it
 * touches (forgetProductCards, on every instance through the change feed: services/store-services.ts),
 * and a kept row is served for a minute at most.
 */
export const productCardCache = { maxEntries: 20_000 };

const cachedCards = createTtlMap<number, CardRow>(DEFAULT_CACHE_TTL_MS, () => productCardCache.maxEntries);

/**
 * Forgets the kept cards a store change touches: the products of a product, price or stock change (all
 * of them when it names none), and every card on a brand change (a brand's name is on its cards).
 * Categories, content, settings, discounts and equipment show on no card.
 */
export function forgetProductCards(db: Database, change: StoreChange): void {
  switch (change.kind) {
    case "product":
    case "price":
    case "stock":
      cachedCards.forget(db, change.ids ? change.ids.map(Number) : null);
      return;
    case "brand":
      cachedCards.forget(db, null);
      return;
    default:
      return;
  }
}

/**
 * The card rows of the given ids, in that order (unknown and unpublished ids are skipped): the kept
 * ones from memory, the others in one query (product_cards(), migration 0033).
 */
export async function loadCardRows(db: Database, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  // Taken before the query: what a change forgets while it runs is not kept from its answer.
  const cache = cachedCards(db);
  const found = new Map<number, CardRow>();
  const missing: number[] = [];
  for (const id of ids) {
    const row = cache.get(id);
    if (row) found.set(id, row);
    else if (!missing.includes(id)) missing.push(id);
  }
  if (missing.length > 0) {
    const [answer] = await queryRows<{ cards: CardRow[] | string }>(
      db,
      sql`select product_cards(${JSON.stringify(missing)}::json) as cards`,
    );
    for (const row of jsonColumn<CardRow[]>(answer?.cards, [])) {
      found.set(row.id, row);
      cache.set(row.id, row);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The product cards for the given ids, in the given order (unknown and unpublished ids are skipped).
 * One query at most.
 */
export async function loadProductCards(db: Database, ids: readonly number[]): Promise<ProductCard[]> {
  return (await loadCardRows(db, ids)).map(toProductCard);
}
