import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centsToAmount } from "../../shared/money.ts";
import { queryPreparedRows } from "../search/query-rows.ts";

/** The first inventory level of the product's first variant (spec §3 Product (list/card)). */
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

/**
 * The card columns of the products `p` joined in by `from` (which must bind products as p): the
 * images and the first inventory level come from index lookups per product.
 */
export function cardSelect(from: SQL, where: SQL = sql``): SQL {
  return sql`
    select p.id, p.title, p.handle, v.name as vendor, p.avg_rating, p.total_reviews, p.min_price_cents,
      p.compare_at_price_cents, p.is_featured,
      (select json_agg(json_build_object('id', i.id, 'url', i.url) order by i.position, i.id)
         from product_images i where i.product_id = p.id) as images,
      lvl.level_id, lvl.variant_id, lvl.variant_price_cents, lvl.variant_compare_at_price_cents,
      lvl.variant_available_for_sale, lvl.available, lvl.bypass_negative_quantity
    ${from}
    left join vendors v on v.id = p.vendor_id
    left join lateral (
      select il.id as level_id, va.id as variant_id, va.price_cents as variant_price_cents,
        va.compare_at_price_cents as variant_compare_at_price_cents,
        (va.available_for_sale and p.available_for_sale) as variant_available_for_sale, il.available, il.bypass_negative_quantity
      from variants va
      join inventory_items ii on ii.variant_id = va.id
      join inventory_levels il on il.inventory_item_id = ii.id
      where va.product_id = p.id
      order by va.position, va.id, il.id
      limit 1
    ) lvl on true
    ${where}`;
}

/** A card row (from cardSelect, as rows or as JSON) as the API's product card. */
export function toProductCard(row: CardRow): ProductCard {
  const images =
    typeof row.images === "string" ? (JSON.parse(row.images) as ProductCard["Images"]) : (row.images ?? []);
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
 * array: for statements that answer a page of ids and its cards together.
 */
export function cardsJson(ids: SQL): SQL {
  return sql`(select coalesce(json_agg(to_json(c) order by k.ord), '[]') from json_array_elements_text(${ids})
      with ordinality k(id, ord)
    cross join lateral (${cardSelect(sql`from products p`, sql`where p.id = k.id::int`)}) c)`;
}

/** The product cards for the given ids, in the given order (unknown ids are skipped). One query. */
export async function loadProductCards(db: Database, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await queryPreparedRows<CardRow>(
    db,
    cardSelect(sql`from products p`, sql`where p.id = any(${sql.param(ids)}::int[])`),
  );
  const byId = new Map<number, ProductCard>();
  for (const row of rows) byId.set(row.id, toProductCard(row));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
