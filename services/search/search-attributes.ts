// A product's measured attributes and type, read from its own data (title, tags, specification table)
// with the query's reader (query-understanding.ts), so both sides write "1-1/2 in", "1.5 inch" and
// 1.5" the same way: the attribute word "1d5in". Stored in search_product_attributes (migration 0010);
// the search vectors carry the words (weight A: an attribute in the specification table ranks like one
// in the title) and search_documents.type_nouns the type.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "./query-rows.ts";
import { type AttributeName, findAttributes, typeNounsOf } from "./query-understanding.ts";
import { tokenize } from "./search-text.ts";

export interface ProductSearchSource {
  title: string;
  productCode: string | null;
  productType: string | null;
  /** [prefix, value] */
  tags: [string, string][];
  descriptionHtml: string | null;
}

export interface ProductAttributes {
  typeNouns: string[];
  horsepower: number[];
  voltage: number[];
  size: number[];
  filterArea: number[];
  btu: number[];
  watts: number[];
  gallons: number[];
  speed: string[];
  /** The canonical attribute words, space-separated. */
  words: string;
}

/** Specification rows that hold no attribute of the product itself. */
const SKIPPED_ROWS = /^(?:brand|manufacturer part number|replaces|shipping weight|warranty|product type)$/i;
const SPEC_ROW = /<tr>\s*<th[^>]*>([^<]*)<\/th>\s*<td[^>]*>([^<]*)<\/td>\s*<\/tr>/gi;

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The value cells of the description's specification table ("Horsepower: 1.5 HP"). */
export function specificationValues(html: string | null): { label: string; value: string }[] {
  if (!html) return [];
  const rows: { label: string; value: string }[] = [];
  for (const match of html.matchAll(SPEC_ROW)) {
    rows.push({ label: decodeEntities(match[1]).trim(), value: decodeEntities(match[2]).trim() });
  }
  return rows;
}

/** Parts are titled "<what it is> for <what it fits>": the first half names the product. */
export function titleHead(title: string): string {
  return title.split(/\s(?:for|-|with|w\/)\s|,\s/i)[0] ?? title;
}

export function productAttributes(source: ProductSearchSource): ProductAttributes {
  const typeTag = source.tags.find(([prefix]) => prefix.toLowerCase() === "type")?.[1] ?? "";
  let head = titleHead(source.title);
  // The part number is no word of the name ("GLX-UNION-38" is no union), nor is a colour ("Light Gray").
  if (source.productCode) head = head.split(source.productCode).join(" ");
  head = head.replace(/\blight\s+(?:gr[ae]y|blue|brown|tan|beige|green)\b/gi, " ");
  const typeNouns = new Set([
    ...typeNounsOf(tokenize(head)),
    ...typeNounsOf(tokenize(typeTag), true),
    ...typeNounsOf(tokenize(source.productType ?? ""), true),
  ]);

  const texts = [
    source.title,
    ...source.tags.filter(([prefix]) => !/^brand$/i.test(prefix)).map(([, value]) => value),
    ...specificationValues(source.descriptionHtml)
      .filter((row) => !SKIPPED_ROWS.test(row.label))
      .map((row) => row.value),
  ];
  const values: Record<AttributeName, Set<number>> = {
    horsepower: new Set(),
    voltage: new Set(),
    size: new Set(),
    filterArea: new Set(),
    btu: new Set(),
    watts: new Set(),
    gallons: new Set(),
    speed: new Set(),
  };
  const words = new Set<string>();
  for (const text of texts) {
    for (const attribute of findAttributes(text.toLowerCase())) {
      values[attribute.name].add(attribute.value);
      words.add(attribute.word);
    }
  }
  const list = (name: AttributeName) => [...values[name]].sort((a, b) => a - b);
  return {
    typeNouns: [...typeNouns],
    horsepower: list("horsepower"),
    voltage: list("voltage"),
    size: list("size"),
    filterArea: list("filterArea"),
    btu: list("btu"),
    watts: list("watts"),
    gallons: list("gallons"),
    speed: [...values.speed].map((v) => (v === 0 ? "variable" : v === 1 ? "single" : "two")),
    words: [...words].join(" "),
  };
}

interface SourceRow {
  id: number;
  title: string;
  product_code: string | null;
  product_type: string | null;
  description_html: string | null;
  tags: [string, string][] | string | null;
}

/** Products read and written per statement. */
const BATCH = 2_000;

/**
 * Computes and stores the attributes of the products selected by `where` (on products p), in batches
 * by id. Products that no longer exist lose their row by the foreign key.
 */
export async function writeProductAttributes(db: Database, where: SQL): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<SourceRow>(
      db,
      sql`select p.id, p.title, p.product_code, p.product_type, p.description_html,
        (select coalesce(json_agg(json_build_array(t.prefix, t.value) order by t.id), '[]')
           from product_tags pt join tags t on t.id = pt.tag_id where pt.product_id = p.id) as tags
      from products p where ${where} and p.id > ${after} order by p.id limit ${BATCH}`,
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    const records = rows.map((row) => {
      const tags = typeof row.tags === "string" ? (JSON.parse(row.tags) as [string, string][]) : (row.tags ?? []);
      return attributeRecord(row.id, {
        title: row.title,
        productCode: row.product_code,
        productType: row.product_type,
        tags,
        descriptionHtml: row.description_html,
      });
    });
    await insertAttributeRecords(db, records);
    if (rows.length < BATCH) return;
  }
}

/** A search_product_attributes row. */
export interface AttributeRecord {
  product_id: number;
  type_nouns: string[];
  horsepower: number[];
  voltage: number[];
  size_inches: number[];
  filter_area_sqft: number[];
  btu: number[];
  watts: number[];
  gallons: number[];
  speed: string[];
  words: string;
}

/** The attributes row of one product, read from its data (a bulk load computes them as it writes). */
export function attributeRecord(productId: number, source: ProductSearchSource): AttributeRecord {
  const a = productAttributes(source);
  return {
    product_id: productId,
    type_nouns: a.typeNouns,
    horsepower: a.horsepower,
    voltage: a.voltage,
    size_inches: a.size,
    filter_area_sqft: a.filterArea,
    btu: a.btu,
    watts: a.watts,
    gallons: a.gallons,
    speed: a.speed,
    words: a.words,
  };
}

/** Writes attribute rows (replacing a product's row when it has one): one statement. */
export async function insertAttributeRecords(
  db: Database,
  records: readonly AttributeRecord[] | { json: string },
): Promise<void> {
  if ("length" in records && records.length === 0) return;
  const json = "json" in records ? records.json : JSON.stringify(records);
  await db.execute(sql`
    insert into search_product_attributes (product_id, type_nouns, horsepower, voltage, size_inches,
      filter_area_sqft, btu, watts, gallons, speed, words)
    select x.product_id, x.type_nouns, x.horsepower, x.voltage, x.size_inches, x.filter_area_sqft, x.btu,
      x.watts, x.gallons, x.speed, x.words
    from json_to_recordset(${json}::json) as x(product_id int, type_nouns text[],
      horsepower real[], voltage real[], size_inches real[], filter_area_sqft real[], btu real[], watts real[],
      gallons real[], speed text[], words text)
    on conflict (product_id) do update set type_nouns = excluded.type_nouns, horsepower = excluded.horsepower,
      voltage = excluded.voltage, size_inches = excluded.size_inches, filter_area_sqft = excluded.filter_area_sqft,
      btu = excluded.btu, watts = excluded.watts, gallons = excluded.gallons, speed = excluded.speed,
      words = excluded.words
  `);
}
