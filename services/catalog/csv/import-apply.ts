// Writes a checked import from its staging rows to the catalog: one transaction of set-based
// statements (temporary tables, multi-row INSERT ... SELECT, UPDATE ... FROM), whatever the row count.
// Rows are matched by handle (products) and SKU (variants, case ignored). A column missing from the
// file leaves that field as it is; a product the file names gets exactly the file's variants, tags,
// categories, options and images. Each statement only touches rows whose values differ, so an
// unchanged file changes nothing (not even updated_at), and records the products it changed.
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.ts";
import type { CatalogCsvColumnName, ImportSummary } from "../../../shared/admin/catalog-csv.ts";
import { defaultLocationId } from "./locations.ts";
import { withoutStatementTimeout } from "./statement-timeout.ts";

export interface AppliedImport {
  changedProductIds: number[];
  summary: Omit<ImportSummary, "seconds">;
}

/** `(a, b) is distinct from (c, d)` over pairs of expressions. */
function differs(pairs: readonly [SQL, SQL][]): SQL {
  if (pairs.length === 0) return sql`false`;
  return sql`(${sql.join(
    pairs.map(([a]) => a),
    sql`, `,
  )}) is distinct from (${sql.join(
    pairs.map(([, b]) => b),
    sql`, `,
  )})`;
}

const TRACE = process.env.IMPORT_TRACE === "1";
const dialect = new PgDialect({ casing: "snake_case" });
/** Runs a statement; IMPORT_TRACE=1 prints each one's time (to find a slow plan). */
async function timed(tx: Database, query: SQL): Promise<unknown> {
  if (!TRACE) return tx.execute(query);
  const started = performance.now();
  const result = await tx.execute(query);
  const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, " ").slice(0, 90);
  console.error(`${(performance.now() - started).toFixed(0).padStart(7)} ms  ${text}`);
  return result;
}

function setList(pairs: readonly [string, SQL][]): SQL {
  return sql.join(
    pairs.map(([column, value]) => sql`${sql.raw(column)} = ${value}`),
    sql`, `,
  );
}

export async function applyStagedImport(
  db: Database,
  runId: number,
  columns: ReadonlyMap<CatalogCsvColumnName, number>,
): Promise<AppliedImport> {
  const has = (column: CatalogCsvColumnName) => columns.has(column);
  const hasOptions = has("option1_name") || has("option2_name") || has("option3_name");
  return withoutStatementTimeout(db, async (tx) => {
    const run = (query: SQL) => timed(tx, query);
    const rows = async <T>(query: SQL) => ((await timed(tx, query)) as { rows: T[] }).rows;
    const locationId = await defaultLocationId(tx, { create: true });
    await run(sql`create temporary table imp_changed (product_id int not null) on commit drop`);

    // Brands the file names that the store lacks.
    const newBrands = has("brand")
      ? await rows<{ name: string }>(
          sql`with wanted as (
                select distinct on (lower(s.brand)) s.brand as name,
                  coalesce(nullif(trim(both '-' from regexp_replace(lower(s.brand), '[^a-z0-9]+', '-', 'g')), ''), 'brand') as handle
                from catalog_import_rows s
                where s.run_id = ${runId} and s.is_first and s.brand is not null
                  and not exists (select 1 from vendors v where lower(v.name) = lower(s.brand))
                order by lower(s.brand), s.row_number)
              insert into vendors (name, handle)
              select w.name, case when exists (select 1 from vendors v where v.handle = w.handle)
                                  then w.handle || '-' || substr(md5(w.name), 1, 6) else w.handle end
              from wanted w
              returning name`,
        )
      : [];

    // Products: one per handle, from its first row.
    await run(sql`
      create temporary table imp_products on commit drop as
      select s.handle, s.row_number, p.id as product_id, (p.id is null) as created,
        s.title, s.description_html, s.product_type, s.category_ids, s.tags, s.part_number,
        coalesce(s.superseded_part_numbers, '{}') as superseded, s.seo_title, s.seo_description, s.published,
        array_remove(array[s.option1_name, s.option2_name, s.option3_name], null) as option_names,
        coalesce(s.image_urls, '{}') as image_urls,
        (select v.id from vendors v where lower(v.name) = lower(s.brand) order by v.id limit 1) as vendor_id
      from catalog_import_rows s
      left join products p on p.handle = s.handle
      where s.run_id = ${runId} and s.is_first`);
    await run(sql`create unique index on imp_products (handle)`);
    // Temporary tables have no statistics until analysed: without them the planner picks nested loops.
    await run(sql`analyze imp_products`);

    // New products get their ids first, so nothing has to be matched back after the insert.
    await run(
      sql`update imp_products set product_id = nextval(pg_get_serial_sequence('products', 'id')) where created`,
    );
    await run(sql`create index on imp_products (product_id)`);
    // Statistics after the ids are in: with the ones taken before, every join on product_id looks empty
    // to the planner and a 100,000-row import turns into nested loops.
    await run(sql`analyze imp_products`);

    // Existing products: the columns the file has, where they differ.
    const productSets: [string, SQL][] = [];
    if (has("title")) productSets.push(["title", sql`i.title`]);
    if (has("description_html")) productSets.push(["description_html", sql`i.description_html`]);
    if (has("brand")) productSets.push(["vendor_id", sql`i.vendor_id`]);
    if (has("product_type")) productSets.push(["product_type", sql`i.product_type`]);
    if (has("part_number")) {
      productSets.push(["product_code", sql`i.part_number`]);
      productSets.push(["part_number_normalized", sql`nullif(search_part_number(i.part_number), '')`]);
    }
    if (has("superseded_part_numbers")) productSets.push(["superseded_part_numbers", sql`i.superseded`]);
    if (has("seo_title")) productSets.push(["seo_title", sql`i.seo_title`]);
    if (has("seo_description")) productSets.push(["seo_description", sql`i.seo_description`]);
    if (has("published"))
      productSets.push([
        "published_at",
        sql`case when i.published is null then p.published_at when i.published then coalesce(p.published_at, now()) end`,
      ]);
    if (productSets.length) {
      await run(sql`
        with u as (
          update products p set ${setList(productSets)}, updated_at = now()
          from imp_products i
          where i.product_id = p.id and not i.created
            and ${differs(productSets.map(([column, value]) => [sql.raw(`p.${column}`), value]))}
          returning p.id)
        insert into imp_changed select id from u`);
    }

    // Variants: by SKU (case ignored); position and title from the file.
    await run(sql`
      create temporary table imp_variants on commit drop as
      select s.row_number, s.sku, i.product_id, v.id as variant_id, (v.id is null) as created,
        s.price_cents, s.compare_at_price_cents, s.cost_cents, s.stock, s.backorder, s.weight_grams,
        s.option1_value, s.option2_value, s.option3_value,
        (row_number() over (partition by s.handle order by s.row_number))::int as position,
        coalesce(nullif(concat_ws(' / ', s.option1_value, s.option2_value, s.option3_value), ''), 'Default Title') as title
      from catalog_import_rows s
      join imp_products i on i.handle = s.handle
      left join variants v on lower(v.sku) = lower(s.sku)
      where s.run_id = ${runId}`);
    await run(sql`create index on imp_variants (product_id)`);
    await run(sql`analyze imp_variants`);

    const [{ removed: removedVariants }] = await rows<{ removed: number }>(
      sql`with d as (
            delete from variants v using imp_products i
            where v.product_id = i.product_id and not i.created
              and not exists (select 1 from imp_variants x where x.variant_id = v.id)
            returning v.product_id),
          changed as (insert into imp_changed select product_id from d)
          select count(*)::int as removed from d`,
    );

    const variantSets: [string, SQL][] = [
      ["sku", sql`x.sku`],
      ["position", sql`x.position`],
      ["price_cents", sql`x.price_cents`],
    ];
    if (hasOptions) variantSets.push(["title", sql`x.title`]);
    if (has("compare_at_price")) variantSets.push(["compare_at_price_cents", sql`x.compare_at_price_cents`]);
    if (has("cost")) variantSets.push(["cost_cents", sql`x.cost_cents`]);
    if (has("weight_grams")) variantSets.push(["weight_grams", sql`x.weight_grams`]);
    await run(sql`
      with u as (
        update variants v set ${setList(variantSets)}, updated_at = now()
        from imp_variants x
        where x.variant_id = v.id
          and ${differs(variantSets.map(([column, value]) => [sql.raw(`v.${column}`), value]))}
        returning v.product_id)
      insert into imp_changed select product_id from u`);

    // New products, with what lists sort and filter by computed from the file's variants (as for existing ones below).
    await run(sql`
      with agg as (
        select x.product_id, min(x.price_cents) as min_price, max(x.price_cents) as max_price,
          bool_or(coalesce(x.stock, 0) > 0 or coalesce(x.backorder, false)) as for_sale,
          (array_agg(x.compare_at_price_cents order by x.price_cents, x.position))[1] as compare_at,
          (array_agg(x.weight_grams order by x.position))[1] as weight
        from imp_variants x where x.created group by x.product_id)
      insert into products (id, handle, title, description_html, vendor_id, product_type, product_code,
        part_number_normalized, superseded_part_numbers, seo_title, seo_description, published_at,
        min_price_cents, max_price_cents, available_for_sale, compare_at_price_cents, weight_grams)
      select i.product_id, i.handle, i.title, i.description_html, i.vendor_id, i.product_type, i.part_number,
        nullif(search_part_number(i.part_number), ''), i.superseded, i.seo_title, i.seo_description,
        case when coalesce(i.published, true) then now() end,
        a.min_price, a.max_price, a.for_sale, a.compare_at, a.weight
      from imp_products i join agg a on a.product_id = i.product_id
      where i.created order by i.row_number`);
    await run(sql`insert into imp_changed select product_id from imp_products where created`);
    const [{ created: createdProducts }] = await rows<{ created: number }>(
      sql`select count(*)::int as created from imp_products where created`,
    );
    await run(
      sql`update imp_variants set variant_id = nextval(pg_get_serial_sequence('variants', 'id')) where created`,
    );
    await run(sql`
      insert into variants (id, product_id, title, position, price_cents, compare_at_price_cents, cost_cents, sku,
        weight_grams, available_for_sale)
      select variant_id, product_id, title, position, price_cents, compare_at_price_cents, cost_cents, sku, weight_grams,
        (coalesce(stock, 0) > 0 or coalesce(backorder, false))
      from imp_variants where created order by row_number`);
    await run(sql`insert into imp_changed select product_id from imp_variants where created`);
    const [{ created: createdVariants }] = await rows<{ created: number }>(
      sql`select count(*)::int as created from imp_variants where created`,
    );
    await run(sql`create index on imp_variants (variant_id)`);
    await run(sql`analyze imp_variants`);

    // Stock: one inventory item per variant, its level at the main location.
    await run(sql`
      insert into inventory_items (variant_id, sku, tracked)
      select variant_id, sku, true from imp_variants
      on conflict (variant_id) do update set sku = excluded.sku
      where inventory_items.sku is distinct from excluded.sku`);
    const levelSets: [string, SQL][] = [];
    if (has("stock")) levelSets.push(["available", sql`excluded.available`]);
    if (has("backorder")) levelSets.push(["bypass_negative_quantity", sql`excluded.bypass_negative_quantity`]);
    await run(sql`create temporary table imp_stock_changed (variant_id int not null) on commit drop`);
    // Stock at the location before the file: each change goes into the variant's stock history below.
    if (has("stock")) {
      await run(sql`
        create temporary table imp_stock_before on commit drop as
        select it.variant_id, l.available
        from imp_variants x
        join inventory_items it on it.variant_id = x.variant_id
        join inventory_levels l on l.inventory_item_id = it.id and l.location_id = ${locationId}`);
    }
    await run(sql`
      with u as (
        insert into inventory_levels (inventory_item_id, location_id, available, bypass_negative_quantity)
        select it.id, ${locationId}, coalesce(x.stock, 0), coalesce(x.backorder, false)
        from imp_variants x join inventory_items it on it.variant_id = x.variant_id
        on conflict (inventory_item_id, location_id) do ${
          levelSets.length
            ? sql`update set ${setList(levelSets)}, updated_at = now()
                  where ${differs(levelSets.map(([column, value]) => [sql.raw(`inventory_levels.${column}`), value]))}`
            : sql`nothing`
        }
        returning inventory_item_id)
      insert into imp_stock_changed
      select it.variant_id from u join inventory_items it on it.id = u.inventory_item_id`);
    if (has("stock")) {
      // The stock history, as the stock page shows it: "Catalog import", the run and its file, who ran it.
      await run(sql`
        insert into stock_adjustments (variant_id, delta, resulting_stock, reason, note, staff_id, staff_name)
        select c.variant_id, l.available - coalesce(b.available, 0), l.available, 'import',
          'Import #' || r.id || ' (' || r.file_name || ')', r.staff_id, r.actor
        from imp_stock_changed c
        join inventory_items it on it.variant_id = c.variant_id
        join inventory_levels l on l.inventory_item_id = it.id and l.location_id = ${locationId}
        left join imp_stock_before b on b.variant_id = c.variant_id
        cross join catalog_import_runs r
        where r.id = ${runId} and l.available <> coalesce(b.available, 0)`);
    }
    // A variant whose stock changed is for sale when it has stock or sells on backorder (as the catalog is seeded).
    await run(sql`
      with u as (
        update variants v set available_for_sale = (l.available > 0 or l.bypass_negative_quantity), updated_at = now()
        from imp_stock_changed c
        join inventory_items it on it.variant_id = c.variant_id
        join inventory_levels l on l.inventory_item_id = it.id and l.location_id = ${locationId}
        where v.id = c.variant_id and v.available_for_sale is distinct from (l.available > 0 or l.bypass_negative_quantity)
        returning v.product_id)
      insert into imp_changed select product_id from u`);
    await run(
      sql`insert into imp_changed select x.product_id from imp_stock_changed c join imp_variants x using (variant_id)`,
    );

    if (hasOptions) await applyOptions(tx);
    if (has("tags")) await applyTags(tx);
    if (has("categories")) await applyCategories(tx);
    if (has("image_urls")) await applyImages(tx);

    // What lists sort and filter by, from the variants (the cheapest variant's compare-at price, the first one's weight).
    await run(sql`
      with agg as (
        select v.product_id, min(v.price_cents) as min_price, max(v.price_cents) as max_price,
          bool_or(v.available_for_sale) as for_sale,
          (array_agg(v.compare_at_price_cents order by v.price_cents, v.position, v.id))[1] as compare_at,
          (array_agg(v.weight_grams order by v.position, v.id))[1] as weight
        from variants v join imp_products i on i.product_id = v.product_id and not i.created
        group by v.product_id),
      u as (
        update products p set min_price_cents = a.min_price, max_price_cents = a.max_price,
          available_for_sale = a.for_sale, compare_at_price_cents = a.compare_at, weight_grams = a.weight,
          updated_at = now()
        from agg a
        where p.id = a.product_id
          and (p.min_price_cents, p.max_price_cents, p.available_for_sale, p.compare_at_price_cents, p.weight_grams)
            is distinct from (a.min_price, a.max_price, a.for_sale, a.compare_at, a.weight)
        returning p.id)
      insert into imp_changed select id from u`);

    const changed = await rows<{ product_id: number }>(
      sql`select distinct product_id from imp_changed order by product_id`,
    );
    if (changed.length) await refreshCounts(tx);
    const [{ products: productCount, rows: rowCount }] = await rows<{ products: number; rows: number }>(
      sql`select (select count(*)::int from imp_products) as products, (select count(*)::int from imp_variants) as rows`,
    );
    return {
      changedProductIds: changed.map((c) => c.product_id),
      summary: {
        rows: rowCount,
        products: productCount,
        newProducts: createdProducts,
        variants: rowCount,
        newVariants: createdVariants,
        removedVariants,
        newBrands: newBrands.map((b) => b.name),
        changedProducts: changed.length,
      },
    };
  });
}

/**
 * Options, their values and each variant's choices, rebuilt only for the products where they differ
 * from the file (compared as one signature per product: names, values in order, each variant's values).
 */
async function applyOptions(tx: Database): Promise<void> {
  const run = (query: SQL) => timed(tx, query);
  await run(sql`
    create temporary table imp_option_values on commit drop as
    select x.product_id, o.n, o.value, min(x.row_number) as first_row
    from imp_variants x
    cross join lateral (values (1, x.option1_value), (2, x.option2_value), (3, x.option3_value)) as o(n, value)
    where o.value is not null
    group by x.product_id, o.n, o.value`);
  await run(sql`analyze imp_option_values`);
  await run(sql`
    create temporary table imp_option_rebuild on commit drop as
    with wanted_values as (
      select product_id, string_agg(n || '=' || value, chr(31) order by n, first_row) as s
      from imp_option_values group by product_id),
    wanted_choices as (
      select product_id,
        string_agg(variant_id || ':' || concat_ws(chr(30), option1_value, option2_value, option3_value), chr(31)
          order by variant_id) as s
      from imp_variants group by product_id),
    wanted as (
      select i.product_id,
        array_to_string(i.option_names, chr(30)) || '#' || coalesce(wv.s, '') || '#' || coalesce(wc.s, '') as sig
      from imp_products i
      left join wanted_values wv on wv.product_id = i.product_id
      left join wanted_choices wc on wc.product_id = i.product_id
      where not i.created),
    options_now as (
      select po.id, po.product_id, po.name,
        row_number() over (partition by po.product_id order by po.position, po.id) as n
      from product_options po join imp_products i on i.product_id = po.product_id and not i.created),
    names_now as (
      select product_id, string_agg(name, chr(30) order by n) as s from options_now group by product_id),
    values_now as (
      select o.product_id, string_agg(o.n || '=' || ov.value, chr(31) order by o.n, ov.position, ov.id) as s
      from options_now o join option_values ov on ov.option_id = o.id group by o.product_id),
    variant_choices_now as (
      select v.product_id, v.id, string_agg(ov.value, chr(30) order by o.n) as s
      from variants v
      join imp_products i on i.product_id = v.product_id and not i.created
      left join variant_option_values vov on vov.variant_id = v.id
      left join option_values ov on ov.id = vov.option_value_id
      left join options_now o on o.id = ov.option_id
      group by v.product_id, v.id),
    choices_now as (
      select product_id, string_agg(id || ':' || coalesce(s, ''), chr(31) order by id) as s
      from variant_choices_now group by product_id),
    current as (
      select i.product_id,
        coalesce(n.s, '') || '#' || coalesce(vn.s, '') || '#' || coalesce(c.s, '') as sig
      from imp_products i
      left join names_now n on n.product_id = i.product_id
      left join values_now vn on vn.product_id = i.product_id
      left join choices_now c on c.product_id = i.product_id)
    select w.product_id from wanted w join current c on c.product_id = w.product_id
    where w.sig is distinct from c.sig
    union all
    -- A new product has no options yet: built whenever it has some.
    select product_id from imp_products where created and cardinality(option_names) > 0`);
  await run(sql`delete from product_options po using imp_option_rebuild r where po.product_id = r.product_id`);
  await run(sql`insert into imp_changed select product_id from imp_option_rebuild`);
  await run(sql`create temporary table imp_options (id int, product_id int, position int) on commit drop`);
  await run(sql`
    with ins as (
      insert into product_options (product_id, name, position)
      select r.product_id, o.name, o.n::int
      from imp_option_rebuild r
      join imp_products i on i.product_id = r.product_id
      cross join lateral unnest(i.option_names) with ordinality as o(name, n)
      returning id, product_id, position)
    insert into imp_options select id, product_id, position from ins`);
  await run(sql`analyze imp_options`);
  await run(sql`create temporary table imp_option_value_ids (id int, option_id int, value text) on commit drop`);
  await run(sql`
    with ins as (
      insert into option_values (option_id, value, position)
      select o.id, v.value, (row_number() over (partition by o.id order by v.first_row))::int
      from imp_option_values v join imp_options o on o.product_id = v.product_id and o.position = v.n
      returning id, option_id, value)
    insert into imp_option_value_ids select id, option_id, value from ins`);
  await run(sql`analyze imp_option_value_ids`);
  await run(sql`
    insert into variant_option_values (variant_id, option_value_id)
    select x.variant_id, ov.id
    from imp_variants x
    join imp_options o on o.product_id = x.product_id
    join imp_option_value_ids ov on ov.option_id = o.id
      and ov.value = case o.position when 1 then x.option1_value when 2 then x.option2_value else x.option3_value end
    on conflict do nothing`);
}

/** Tags: `Prefix_Value`, created when new; each named product gets exactly the file's. */
async function applyTags(tx: Database): Promise<void> {
  const run = (query: SQL) => timed(tx, query);
  await run(sql`
    create temporary table imp_tags on commit drop as
    select distinct i.product_id, trim(split_part(t, '_', 1)) as prefix, trim(substr(t, strpos(t, '_') + 1)) as value
    from imp_products i cross join lateral unnest(coalesce(i.tags, '{}')) as t`);
  await run(sql`analyze imp_tags`);
  await run(sql`
    insert into tags (prefix, value) select distinct prefix, value from imp_tags
    on conflict (prefix, value) do nothing`);
  await run(sql`
    create temporary table imp_tag_ids on commit drop as
    select x.product_id, t.id as tag_id from imp_tags x join tags t on t.prefix = x.prefix and t.value = x.value`);
  await run(sql`analyze imp_tag_ids`);
  await run(sql`
    with d as (
      delete from product_tags pt using imp_products i
      where pt.product_id = i.product_id
        and not exists (select 1 from imp_tag_ids x where x.product_id = pt.product_id and x.tag_id = pt.tag_id)
      returning pt.product_id)
    insert into imp_changed select product_id from d`);
  await run(sql`
    with a as (
      insert into product_tags (product_id, tag_id) select product_id, tag_id from imp_tag_ids
      on conflict do nothing returning product_id)
    insert into imp_changed select product_id from a`);
}

/** Categories: each named product is in exactly the file's (new ones go last in their category). */
async function applyCategories(tx: Database): Promise<void> {
  const run = (query: SQL) => timed(tx, query);
  await run(sql`
    create temporary table imp_categories on commit drop as
    select distinct i.product_id, c as collection_id
    from imp_products i cross join lateral unnest(coalesce(i.category_ids, '{}')) as c`);
  await run(sql`analyze imp_categories`);
  await run(sql`
    with d as (
      delete from collection_products cp using imp_products i
      where cp.product_id = i.product_id
        and not exists (select 1 from imp_categories x where x.product_id = cp.product_id and x.collection_id = cp.collection_id)
      returning cp.product_id)
    insert into imp_changed select product_id from d`);
  await run(sql`
    with fresh as (
      select x.product_id, x.collection_id from imp_categories x
      where not exists (select 1 from collection_products cp
                        where cp.product_id = x.product_id and cp.collection_id = x.collection_id)),
    last as (
      select cp.collection_id, max(cp.position) as position from collection_products cp
      where cp.collection_id in (select collection_id from fresh) group by cp.collection_id),
    a as (
      insert into collection_products (collection_id, product_id, position)
      select f.collection_id, f.product_id,
        coalesce(l.position, 0) + (row_number() over (partition by f.collection_id order by f.product_id))::int
      from fresh f left join last l on l.collection_id = f.collection_id
      on conflict do nothing returning product_id)
    insert into imp_changed select product_id from a`);
}

/** Images by URL (never downloaded here): kept rows keep their alt text, new ones take the title. */
async function applyImages(tx: Database): Promise<void> {
  const run = (query: SQL) => timed(tx, query);
  await run(sql`
    create temporary table imp_images on commit drop as
    select i.product_id, u.url, u.n::int as position, i.title, i.created
    from imp_products i cross join lateral unnest(i.image_urls) with ordinality as u(url, n)`);
  await run(sql`analyze imp_images`);
  await run(sql`
    with d as (
      delete from product_images pi using imp_products i
      where pi.product_id = i.product_id
        and not exists (select 1 from imp_images x where x.product_id = pi.product_id and x.url = pi.url)
      returning pi.product_id)
    insert into imp_changed select product_id from d`);
  await run(sql`
    with u as (
      update product_images pi set position = x.position
      from imp_images x where x.product_id = pi.product_id and x.url = pi.url and pi.position <> x.position
      returning pi.product_id)
    insert into imp_changed select product_id from u`);
  await run(sql`
    with a as (
      insert into product_images (product_id, url, alt_text, position)
      select x.product_id, x.url, coalesce(x.title, p.title), x.position
      from imp_images x join products p on p.id = x.product_id
      where x.created
         or not exists (select 1 from product_images pi where pi.product_id = x.product_id and pi.url = x.url)
      returning product_id)
    insert into imp_changed select product_id from a`);
}

/** The denormalised product counts of brands and categories (a category counts its whole subtree). */
async function refreshCounts(tx: Database): Promise<void> {
  await tx.execute(sql`
    update vendors v set product_count = s.n
    from (select v2.id, count(p.id)::int as n from vendors v2 left join products p on p.vendor_id = v2.id group by v2.id) s
    where v.id = s.id and v.product_count is distinct from s.n`);
  await tx.execute(sql`
    with recursive tree(root, id) as (
      select id, id from collections
      union all
      select t.root, c.id from tree t join collections c on c.parent_id = t.id),
    counts as (
      select t.root as id, count(distinct cp.product_id)::int as n
      from tree t left join collection_products cp on cp.collection_id = t.id
      group by t.root)
    update collections c set product_count = s.n
    from counts s
    where c.id = s.id and c.product_count is distinct from s.n`);
}
