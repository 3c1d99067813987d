import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { writeProductAttributes } from "../../services/search/search-attributes.ts";
import type { SeedSummary } from "./seed.ts";
import { isCatalogEmpty, resetCatalog, seedDemoData } from "./seed.ts";

let handle: DatabaseHandle;
let summary: SeedSummary;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(query);
  return Number(row.n);
}

beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  expect(await isCatalogEmpty(handle.db)).toBe(true);
  const progress: number[] = [];
  summary = await seedDemoData(handle.db, {
    products: 300,
    batchSize: 120,
    onProgress: ({ done }) => progress.push(done),
  });
  expect(progress).toEqual([0, 120, 240, 300]);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe("seedDemoData", () => {
  it("writes the catalog and the store content", async () => {
    expect(summary.products).toBe(300);
    expect(await isCatalogEmpty(handle.db)).toBe(false);
    expect(await count(sql`select count(*) as n from products`)).toBe(300);
    expect(await count(sql`select count(*) as n from variants`)).toBe(summary.variants);
    expect(await count(sql`select count(*) as n from inventory_levels`)).toBe(summary.variants);
    expect(await count(sql`select count(*) as n from product_reviews`)).toBe(summary.reviews);
    expect(await count(sql`select count(*) as n from collections`)).toBe(summary.collections);
    expect(await count(sql`select count(*) as n from countries`)).toBe(249);
    expect(await count(sql`select count(*) as n from articles where legacy_id in (257, 355) and kind = 'info'`)).toBe(
      2,
    );
    expect(
      await count(sql`select count(*) as n from discount_codes where code = 'FIRST10' and once_per_customer`),
    ).toBe(1);
    expect(
      await count(sql`select count(*) as n from nav_menus where handle in ('main-menu', 'footer-information')`),
    ).toBe(2);
    expect(await count(sql`select count(*) as n from product_model3ds`)).toBe(10);
    expect(await count(sql`select count(*) as n from collection_images where placement = 'topBanner'`)).toBeGreaterThan(
      10,
    );
  });

  it("keeps the denormalised columns consistent", async () => {
    expect(
      await count(sql`select count(*) as n from products p
        where p.min_price_cents <> (select min(price_cents) from variants v where v.product_id = p.id)
           or p.max_price_cents <> (select max(price_cents) from variants v where v.product_id = p.id)
           or p.available_for_sale <> (select bool_or(available_for_sale) from variants v where v.product_id = p.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from products p
        where p.total_reviews <> (select count(*) from product_reviews r where r.product_id = p.id)
           or abs(p.avg_rating - coalesce((select avg(stars_rating) from product_reviews r where r.product_id = p.id), 0)) > 0.006`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from vendors v
        where v.product_count <> (select count(*) from products p where p.vendor_id = v.id)`),
    ).toBe(0);
    const [top] = await rows<{ product_count: number }>(
      sql`select product_count from collections where handle = 'pool-equipment'`,
    );
    expect(top.product_count).toBeGreaterThan(0);
    expect(await count(sql`select sum(product_count) as n from collections where level = 1`)).toBeGreaterThanOrEqual(
      300,
    );
    expect(
      await count(
        sql`select count(*) as n from products p where not exists (select 1 from collection_products c where c.product_id = p.id)`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from variants v
        where v.available_for_sale <> exists (select 1 from inventory_items i join inventory_levels l on l.inventory_item_id = i.id
          where i.variant_id = v.id and (l.available > 0 or l.bypass_negative_quantity))`),
    ).toBe(0);
  });

  it("builds again every index it drops for the bulk load", async () => {
    const indexes = await rows<{ name: string }>(
      sql`select indexname as name from pg_indexes where schemaname = current_schema()
        and tablename in ('products', 'variants', 'product_tags', 'collection_products', 'product_reviews')
        order by 1`,
    );
    const names = indexes.map((index) => index.name);
    for (const name of [
      "products_search_vector_idx",
      "products_title_trgm_idx",
      "products_part_number_trgm_idx",
      "variants_sku_lower_unique",
      "variants_product_id_position_idx",
      "product_tags_tag_id_idx",
      "collection_products_product_id_idx",
      "product_reviews_product_id_created_at_idx",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("writes the search attributes the search rebuild would read", async () => {
    expect(await count(sql`select count(*) as n from search_product_attributes`)).toBe(300);
    const seeded = await rows<Record<string, unknown>>(
      sql`select * from search_product_attributes order by product_id`,
    );
    await handle.db.execute(sql`delete from search_product_attributes`);
    await writeProductAttributes(handle.db, sql`true`);
    const read = await rows<Record<string, unknown>>(sql`select * from search_product_attributes order by product_id`);
    expect(read).toEqual(seeded);
    expect(seeded.filter((row) => (row.words as string) !== "").length).toBeGreaterThan(50);
  });

  it("moves identity sequences past the seeded ids", async () => {
    const [row] = await rows<{ id: number }>(
      sql`insert into tags (prefix, value) values ('Test', 'Value') returning id`,
    );
    expect(row.id).toBe(summary.tags + 1);
    await handle.db.execute(sql`delete from tags where prefix = 'Test'`);
  });

  it("refuses a second seed, and seeds again after a reset", async () => {
    await expect(seedDemoData(handle.db, { products: 10 })).rejects.toThrow(/not empty/);
    await resetCatalog(handle.db);
    expect(await isCatalogEmpty(handle.db)).toBe(true);
    expect(await count(sql`select count(*) as n from countries`)).toBe(0);
    const again = await seedDemoData(handle.db, { products: 40 });
    expect(again.products).toBe(40);
    const [first] = await rows<{ id: number; product_code: string }>(
      sql`select id, product_code from products order by id limit 1`,
    );
    expect(first).toEqual({ id: 1, product_code: "SP2610X15" });
  }, 60_000);

  it("seeds the same store when a worker thread builds the rows", async () => {
    const fingerprint = async () =>
      rows<{ table: string; digest: string }>(sql`
        select 'products' as "table", md5(string_agg(p::text, '|' order by p.id)) as digest from products p
        union all select 'variants', md5(string_agg(v::text, '|' order by v.id)) from variants v
        union all select 'reviews', md5(string_agg(r.product_id || r.title || r.body, '|' order by r.id)) from product_reviews r
        union all select 'featured', md5(string_agg(f::text, '|' order by f.collection_id, f.position)) from collection_featured_products f
        union all select 'callout parts', md5(string_agg(c::text, '|' order by c::text)) from equipment_callout_parts c`);
    await resetCatalog(handle.db);
    const inline = await seedDemoData(handle.db, { products: 150, batchSize: 60, thread: "inline" });
    const expected = await fingerprint();
    await resetCatalog(handle.db);
    const worker = await seedDemoData(handle.db, { products: 150, batchSize: 60, thread: "worker" });
    expect({ ...worker, elapsedMs: 0, equipmentMs: 0 }).toEqual({ ...inline, elapsedMs: 0, equipmentMs: 0 });
    expect(await fingerprint()).toEqual(expected);
  }, 60_000);
});
