// The back office's product table: every product (drafts too), found with the storefront's own search
// rules (words, synonyms, part numbers and SKUs, from the products' search vectors), filtered by
// category (with its subcategories), brand, status and stock, sorted and paged.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { ProductListQuery, StockState } from "../../../shared/admin/catalog.ts";
import { centsToAmount } from "../../../shared/money.ts";
import { queryRows } from "../../search/query-rows.ts";
import { buildSearchPlan, searchWords } from "../../search/search-plan.ts";
import { normalizePartNumber } from "../../search/search-text.ts";
import { loadSynonyms } from "../../search/synonyms.ts";

export interface AdminProductRow {
  id: number;
  title: string;
  handle: string;
  partNumber: string | null;
  vendor: string | null;
  status: "draft" | "published";
  minPrice: number;
  maxPrice: number;
  stock: number;
  variantCount: number;
  /** See STOCK_STATES (shared/admin/catalog.ts). */
  stockState: StockState;
  imageUrl: string | null;
  updatedAt: string;
}

export interface AdminProductPage {
  products: AdminProductRow[];
  total: number;
  page: number;
  size: number;
}

const SORT_COLUMNS: Record<ProductListQuery["sort"], SQL> = {
  updated: sql`p.updated_at`,
  title: sql`lower(p.title)`,
  price: sql`p.min_price_cents`,
  stock: sql`st.stock`,
};

export async function listProductsForAdmin(
  db: Database,
  query: ProductListQuery,
  storeThreshold: number,
): Promise<AdminProductPage> {
  const conditions: SQL[] = [];
  let rank: SQL | null = null;
  const text = query.q?.trim();
  if (text) {
    const plan = buildSearchPlan(searchWords(text), text, await loadSynonyms(db));
    const partNumber = normalizePartNumber(text);
    const byPartNumber =
      partNumber.length >= 3
        ? sql`(p.part_number_normalized like ${`%${partNumber}%`}
             or exists (select 1 from variants sv where sv.product_id = p.id and search_part_number(sv.sku) like ${`%${partNumber}%`})
             or exists (select 1 from unnest(p.superseded_part_numbers) sp where search_part_number(sp) = ${partNumber}))`
        : sql`false`;
    const byWords = plan ? sql`p.search_vector @@ to_tsquery('simple', ${plan.match})` : sql`false`;
    conditions.push(sql`(${byWords} or ${byPartNumber})`);
    rank = sql`(case when p.part_number_normalized = ${partNumber} then 2 when ${byPartNumber} then 1 else 0 end) desc,
      ${plan ? sql`ts_rank(p.search_vector, to_tsquery('simple', ${plan.match}))` : sql`0`} desc`;
  }
  if (query.category) {
    conditions.push(sql`exists (
      with recursive tree(id) as (
        select ${query.category}::int
        union all
        select c.id from collections c join tree t on c.parent_id = t.id
      )
      select 1 from collection_products cp join tree t on t.id = cp.collection_id where cp.product_id = p.id)`);
  }
  if (query.brand) conditions.push(sql`p.vendor_id = ${query.brand}`);
  if (query.status === "published") conditions.push(sql`(p.published_at is not null and p.published_at <= now())`);
  if (query.status === "draft") conditions.push(sql`(p.published_at is null or p.published_at > now())`);
  if (query.stock) conditions.push(sql`st.state = ${query.stock}`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  const order = rank && query.sort === "updated" ? rank : sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last`;
  const offset = (query.page - 1) * query.size;

  const needsStockFirst = Boolean(query.stock) || query.sort === "stock";
  // Each variant's state first, then the product's: "out" when nothing can be sold, "low" when a
  // tracked variant that does not take backorders is at or below its threshold (out included), then
  // "backorder" (a variant with nothing on hand sells on backorder), "untracked" (no variant's stock is
  // counted), "in" otherwise. A variant on backorder with units on hand is in stock, never low.
  const stockOf = (product: SQL) => sql`(
    select coalesce(sum(pv.stock), 0)::int as stock, count(pv.id)::int as variant_count,
      case
        when count(pv.id) = 0 or bool_and(pv.state = 'out') then 'out'
        when bool_or(pv.state in ('out', 'low')) then 'low'
        when bool_or(pv.state = 'backorder') then 'backorder'
        when bool_and(pv.state = 'untracked') then 'untracked'
        else 'in'
      end as state
    from (
      select vs.id, vs.stock,
        case
          when vs.untracked then 'untracked'
          when vs.backorder and vs.stock <= 0 then 'backorder'
          when vs.backorder then 'in'
          when vs.stock <= 0 then 'out'
          when vs.stock <= vs.threshold then 'low'
          else 'in'
        end as state
      from (
        select v.id, coalesce(sum(il.available), 0)::int as stock,
          coalesce(bool_or(il.bypass_negative_quantity), false) as backorder,
          coalesce(bool_or(not ii.tracked), false) as untracked,
          coalesce(v.low_stock_threshold, ${storeThreshold}) as threshold
        from variants v
        left join inventory_items ii on ii.variant_id = v.id
        left join inventory_levels il on il.inventory_item_id = ii.id
        where v.product_id = ${product}.id
        group by v.id
      ) vs
    ) pv
  )`;
  const pageOf = (limit: number, from: number) =>
    queryRows<{
      id: number;
      title: string;
      handle: string;
      product_code: string | null;
      vendor: string | null;
      published: boolean;
      min_price_cents: number;
      max_price_cents: number;
      stock: number;
      variant_count: number;
      state: StockState;
      image_url: string | null;
      updated_at: string | Date;
      total: number;
    }>(
      db,
      // Stock is summed per product in a lateral subquery. Without a stock filter or sort, the page is
      // chosen first and only its products' stock is read (a 100k catalog pages in milliseconds).
      needsStockFirst
        ? sql`
          select page.*, (select i.url from product_images i where i.product_id = page.id order by i.position, i.id limit 1) as image_url
          from (
            select p.id, p.title, p.handle, p.product_code, vd.name as vendor,
              (p.published_at is not null and p.published_at <= now()) as published,
              p.min_price_cents, p.max_price_cents, st.stock, st.variant_count, st.state,
              p.updated_at, count(*) over ()::int as total
            from products p
            cross join lateral ${stockOf(sql`p`)} st
            left join vendors vd on vd.id = p.vendor_id
            where ${where}
            order by ${order}, p.id desc
            limit ${limit} offset ${from}
          ) page`
        : sql`
          select page.*, st.stock, st.variant_count, st.state,
            (select i.url from product_images i where i.product_id = page.id order by i.position, i.id limit 1) as image_url
          from (
            select p.id, p.title, p.handle, p.product_code, vd.name as vendor,
              (p.published_at is not null and p.published_at <= now()) as published,
              p.min_price_cents, p.max_price_cents, p.updated_at, count(*) over ()::int as total,
              row_number() over (order by ${order}, p.id desc) as rn
            from products p
            left join vendors vd on vd.id = p.vendor_id
            where ${where}
            order by ${order}, p.id desc
            limit ${limit} offset ${from}
          ) page
          cross join lateral ${stockOf(sql`page`)} st
          order by page.rn`,
    );
  const rows = await pageOf(query.size, offset);
  // Past the last page: the total still tells the table how many pages there are.
  const total = rows[0]?.total ?? (offset > 0 ? ((await pageOf(1, 0))[0]?.total ?? 0) : 0);
  return {
    products: rows.map((row) => ({
      id: row.id,
      title: row.title,
      handle: row.handle,
      partNumber: row.product_code,
      vendor: row.vendor,
      status: row.published ? "published" : "draft",
      minPrice: centsToAmount(row.min_price_cents),
      maxPrice: centsToAmount(row.max_price_cents),
      stock: row.stock,
      variantCount: row.variant_count,
      stockState: row.state,
      imageUrl: row.image_url,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    total,
    page: query.page,
    size: query.size,
  };
}
