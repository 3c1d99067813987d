// Catalog CSV export: one row per variant, products in id order, read a page of products at a time
// (keyset paging) and streamed through csv-stringify, so the whole catalog is never in memory.
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../../db/rows.ts";
import {
  CATALOG_CSV_HEADER,
  CATEGORY_PATH_SEPARATOR,
  type CatalogCsvColumnName,
  LIST_SEPARATOR,
  MAX_OPTIONS,
} from "../../../shared/admin/catalog-csv.ts";
import { loadCategoryPaths } from "./category-paths.ts";
import { defaultLocationId } from "./locations.ts";

/** Products read per round: a few thousand rows in memory at most. */
const PAGE_SIZE = 500;

type CsvRecord = Record<CatalogCsvColumnName, string>;

interface ProductRow {
  id: number;
  handle: string;
  title: string;
  description_html: string | null;
  brand: string | null;
  product_type: string | null;
  product_code: string | null;
  superseded_part_numbers: string[] | string;
  seo_title: string | null;
  seo_description: string | null;
  published: boolean;
}

interface VariantRow {
  id: number;
  product_id: number;
  sku: string | null;
  price_cents: number;
  compare_at_price_cents: number | null;
  cost_cents: number | null;
  weight_grams: number | null;
  stock: number | null;
  backorder: boolean | null;
}

function money(cents: number | null): string {
  return cents === null ? "" : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** A text[] column as an array (both drivers parse it; kept defensive for a literal). */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value === "{}" ? [] : value.slice(1, -1).split(",");
}

/** The catalog's rows, one variant at a time, products in id order. */
export async function* catalogCsvRecords(db: Database): AsyncGenerator<CsvRecord> {
  const paths = await loadCategoryPaths(db);
  const locationId = await defaultLocationId(db, { create: false });
  let afterId = 0;
  for (;;) {
    const products = await queryRows<ProductRow>(
      db,
      sql`select p.id, p.handle, p.title, p.description_html, v.name as brand, p.product_type, p.product_code,
            p.superseded_part_numbers, p.seo_title, p.seo_description, (p.published_at is not null) as published
          from products p left join vendors v on v.id = p.vendor_id
          where p.id > ${afterId} order by p.id limit ${PAGE_SIZE}`,
    );
    if (products.length === 0) return;
    afterId = products[products.length - 1].id;
    const ids = sql.param(products.map((p) => p.id));
    const [variantRows, optionRows, valueRows, tagRows, categoryRows, imageRows] = await Promise.all([
      queryRows<VariantRow>(
        db,
        sql`select v.id, v.product_id, v.sku, v.price_cents, v.compare_at_price_cents, v.cost_cents, v.weight_grams,
              l.available as stock, l.bypass_negative_quantity as backorder
            from variants v
            left join inventory_items i on i.variant_id = v.id
            left join inventory_levels l on l.inventory_item_id = i.id and l.location_id = ${locationId ?? 0}
            where v.product_id = any(${ids}::int[]) order by v.product_id, v.position, v.id`,
      ),
      queryRows<{ id: number; product_id: number; name: string }>(
        db,
        sql`select id, product_id, name from product_options where product_id = any(${ids}::int[])
            order by product_id, position, id`,
      ),
      queryRows<{ variant_id: number; option_id: number; value: string }>(
        db,
        sql`select vov.variant_id, ov.option_id, ov.value
            from variants v join variant_option_values vov on vov.variant_id = v.id
            join option_values ov on ov.id = vov.option_value_id
            where v.product_id = any(${ids}::int[])`,
      ),
      queryRows<{ product_id: number; tag: string }>(
        db,
        sql`select pt.product_id, t.prefix || '_' || t.value as tag
            from product_tags pt join tags t on t.id = pt.tag_id
            where pt.product_id = any(${ids}::int[]) order by pt.product_id, t.prefix, t.value`,
      ),
      queryRows<{ product_id: number; collection_id: number }>(
        db,
        sql`select cp.product_id, cp.collection_id from collection_products cp
            where cp.product_id = any(${ids}::int[]) order by cp.product_id, cp.collection_id`,
      ),
      queryRows<{ product_id: number; url: string }>(
        db,
        sql`select product_id, url from product_images where product_id = any(${ids}::int[])
            order by product_id, position, id`,
      ),
    ]);
    const variantsOf = group(variantRows, (r) => r.product_id);
    const optionsOf = group(optionRows, (r) => r.product_id);
    const valuesOf = group(valueRows, (r) => r.variant_id);
    const tagsOf = group(tagRows, (r) => r.product_id);
    const categoriesOf = group(categoryRows, (r) => r.product_id);
    const imagesOf = group(imageRows, (r) => r.product_id);

    for (const product of products) {
      const options = (optionsOf.get(product.id) ?? []).slice(0, MAX_OPTIONS);
      const categories = (categoriesOf.get(product.id) ?? [])
        .map((c) => paths.pathOf(c.collection_id))
        .filter((path): path is string[] => path !== null)
        .map((path) => path.join(` ${CATEGORY_PATH_SEPARATOR} `));
      const productCells = {
        title: product.title,
        description_html: product.description_html ?? "",
        brand: product.brand ?? "",
        product_type: product.product_type ?? "",
        categories: categories.join(LIST_SEPARATOR),
        tags: (tagsOf.get(product.id) ?? []).map((t) => t.tag).join(LIST_SEPARATOR),
        part_number: product.product_code ?? "",
        superseded_part_numbers: textArray(product.superseded_part_numbers).join(LIST_SEPARATOR),
        seo_title: product.seo_title ?? "",
        seo_description: product.seo_description ?? "",
        published: product.published ? "true" : "false",
        option1_name: options[0]?.name ?? "",
        option2_name: options[1]?.name ?? "",
        option3_name: options[2]?.name ?? "",
        image_urls: (imagesOf.get(product.id) ?? []).map((i) => i.url).join(LIST_SEPARATOR),
      };
      // Product columns on the product's first row only: a spreadsheet shows one product per block.
      for (const [index, variant] of (variantsOf.get(product.id) ?? []).entries()) {
        const values = new Map((valuesOf.get(variant.id) ?? []).map((v) => [v.option_id, v.value]));
        yield {
          handle: product.handle,
          ...(index === 0 ? productCells : EMPTY_PRODUCT_CELLS),
          option1_value: options[0] ? (values.get(options[0].id) ?? "") : "",
          option2_value: options[1] ? (values.get(options[1].id) ?? "") : "",
          option3_value: options[2] ? (values.get(options[2].id) ?? "") : "",
          sku: variant.sku ?? "",
          price: money(variant.price_cents),
          compare_at_price: money(variant.compare_at_price_cents),
          cost: money(variant.cost_cents),
          stock: variant.stock === null ? "" : String(variant.stock),
          backorder: variant.backorder ? "true" : "false",
          weight_grams: variant.weight_grams === null ? "" : String(variant.weight_grams),
        };
      }
    }
  }
}

const EMPTY_PRODUCT_CELLS = {
  title: "",
  description_html: "",
  brand: "",
  product_type: "",
  categories: "",
  tags: "",
  part_number: "",
  superseded_part_numbers: "",
  seo_title: "",
  seo_description: "",
  published: "",
  option1_name: "",
  option2_name: "",
  option3_name: "",
  image_urls: "",
};

/** The catalog as a CSV stream (a header, then one row per variant). */
export function catalogCsvStream(db: Database): Readable {
  const stringifier = stringify({ header: true, columns: [...CATALOG_CSV_HEADER], bom: false });
  const records = Readable.from(catalogCsvRecords(db));
  records.on("error", (error) => stringifier.destroy(error));
  return records.pipe(stringifier);
}

/** Writes the catalog as CSV to `destination`; resolves with the number of variant rows written. */
export async function exportCatalogCsv(db: Database, destination: Writable): Promise<{ rows: number }> {
  let rows = 0;
  const counted = async function* () {
    for await (const record of catalogCsvRecords(db)) {
      rows++;
      yield record;
    }
  };
  await pipeline(Readable.from(counted()), stringify({ header: true, columns: [...CATALOG_CSV_HEADER] }), destination);
  return { rows };
}
