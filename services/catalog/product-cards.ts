import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centsToAmount } from "../../shared/money.ts";
import { jsonColumn, queryRows } from "../search/query-rows.ts";

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

/** A card row (an element of product_cards(), migration 0006) as the API's product card. */
export function toProductCard(row: CardRow): ProductCard {
  const images = jsonColumn<ProductCard["Images"]>(row.images, []);
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
 * The card rows of the product ids listed by `ids` (a JSON array of ids), in that order, as one JSON
 * array: for statements that answer a page of ids and its cards together. product_cards() is a
 * PL/pgSQL function, so its plan is made once per connection, not with every statement.
 */
export function cardsJson(ids: SQL): SQL {
  return sql`product_cards(${ids})`;
}

/** The product cards for the given ids, in the given order (unknown ids are skipped). One query. */
export async function loadProductCards(db: Database, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const [row] = await queryRows<{ cards: CardRow[] | string }>(
    db,
    sql`select product_cards(${JSON.stringify(ids)}::json) as cards`,
  );
  return jsonColumn<CardRow[]>(row.cards, []).map(toProductCard);
}
