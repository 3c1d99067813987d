// The product columns the storefront's lists read without a join (price range, the cheapest
// variant's compare-at price, whether anything can be bought, weight), and the brand and category
// product counts. The storefront's rule for "can be bought" is product-detail.ts's: a variant sells
// when an inventory level has stock, allows backorder, or its item is not tracked.
import { sql } from "drizzle-orm";
import type { Transaction } from "./catalog-write-context.ts";

/** Recomputes the denormalised columns of these products from their variants and stock. */
export async function refreshProductSummaries(tx: Transaction, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.param([...productIds]);
  await tx.execute(sql`
    with sellable as (
      select v.product_id, v.id as variant_id, v.position, v.price_cents, v.compare_at_price_cents, v.weight_grams,
        v.available_for_sale and (
          coalesce(bool_or(not ii.tracked), false)
          or coalesce(bool_or(il.bypass_negative_quantity or il.available > 0), false)
        ) as sells
      from variants v
      left join inventory_items ii on ii.variant_id = v.id
      left join inventory_levels il on il.inventory_item_id = ii.id
      where v.product_id = any(${ids}::int[])
      group by v.id
    ),
    summary as (
      select product_id,
        min(price_cents) as min_price, max(price_cents) as max_price, bool_or(sells) as sells,
        (array_agg(compare_at_price_cents order by price_cents, position, variant_id))[1] as compare_at,
        (array_agg(weight_grams order by position, variant_id))[1] as weight
      from sellable group by product_id
    )
    update products p set
      min_price_cents = coalesce(s.min_price, 0),
      max_price_cents = coalesce(s.max_price, 0),
      compare_at_price_cents = s.compare_at,
      available_for_sale = coalesce(s.sells, false),
      weight_grams = s.weight,
      updated_at = now()
    from products p2 left join summary s on s.product_id = p2.id
    where p.id = p2.id and p.id = any(${ids}::int[])`);
}

/** Brands count their published products (the brand list and the footer hide brands with none). */
export async function refreshVendorCounts(tx: Transaction, vendorIds: readonly (number | null)[]): Promise<void> {
  const ids = [...new Set(vendorIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update vendors v set product_count = (
      select count(*)::int from products p
      where p.vendor_id = v.id and p.published_at is not null and p.published_at <= now()
    )
    where v.id = any(${sql.param(ids)}::int[])`);
}

/** A category counts the distinct published products of its whole subtree; these categories and their ancestors are recounted. */
export async function refreshCategoryCounts(tx: Transaction, collectionIds: readonly number[]): Promise<void> {
  const ids = [...new Set(collectionIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from collections where id = any(${sql.param(ids)}::int[])
      union
      select c.id, c.parent_id from collections c join up on c.id = up.parent_id
    ),
    down(root, id) as (
      select id, id from up
      union all
      select d.root, c.id from down d join collections c on c.parent_id = d.id
    ),
    counted as (
      select d.root, count(distinct cp.product_id)::int as n
      from down d
      left join collection_products cp on cp.collection_id = d.id
      left join products p on p.id = cp.product_id and p.published_at is not null and p.published_at <= now()
      where p.id is not null or cp.product_id is null
      group by d.root
    )
    update collections c set product_count = coalesce(counted.n, 0)
    from up left join counted on counted.root = up.id
    where c.id = up.id`);
}
