// The equipment catalog for shoppers: lists and search of models, one model with its diagrams,
// callouts and parts (as product cards), the browse tree, and "does this part fit my model".
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { EQUIPMENT_TYPE_NAMES, type EquipmentType, isEquipmentType } from "../../shared/equipment.ts";
import { normalizeModelNumber } from "../../shared/model-number.ts";
import { buildPageInfo, type PageInfo } from "../catalog/pagination.ts";
import { loadProductCards, type ProductCard } from "../catalog/product-cards.ts";
import { NotFound } from "../errors.ts";
import { queryRows } from "../search/query-rows.ts";
import { findModelsByNumber } from "./model-lookup.ts";

export interface EquipmentSummary {
  id: number;
  handle: string;
  /** "Hayward Super Pump SP2610X15". */
  title: string;
  name: string;
  brand: string;
  brandHandle: string;
  type: string;
  typeName: string;
  series: string;
  modelNumber: string;
  aliases: string[];
  yearFrom: number | null;
  yearTo: number | null;
  imageUrl: string | null;
  url: string;
}

export interface EquipmentPart extends ProductCard {
  partNumber: string | null;
  quantity: number;
  note: string | null;
}

export interface EquipmentCallout {
  id: number;
  key: string;
  label: string;
  x: number;
  y: number;
  parts: EquipmentPart[];
}

export interface EquipmentDiagram {
  id: number;
  title: string;
  imageUrl: string;
  callouts: EquipmentCallout[];
}

export interface RebuildKit {
  id: number;
  name: string;
  description: string | null;
  parts: EquipmentPart[];
}

export interface EquipmentDetail extends EquipmentSummary {
  description: string | null;
  diagrams: EquipmentDiagram[];
  rebuildKits: RebuildKit[];
}

interface ModelRow {
  id: number;
  handle: string;
  name: string;
  brand: string;
  brand_handle: string;
  equipment_type: string;
  series: string;
  model_number: string;
  aliases: string[] | string;
  year_from: number | null;
  year_to: number | null;
  image_url: string | null;
  description?: string | null;
}

const MODEL_COLUMNS = sql`m.id, m.handle, m.name, v.name as brand, v.handle as brand_handle, m.equipment_type,
  m.series, m.model_number, m.aliases, m.year_from, m.year_to, m.image_url`;

function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  // A text[] nested in a row arrives as its literal ({a,"b c"}).
  const inner = value.replace(/^\{|\}$/g, "");
  if (inner === "") return [];
  return inner.split(",").map((item) => item.replace(/^"|"$/g, "").replace(/\\"/g, '"'));
}

export function typeName(type: string): string {
  return isEquipmentType(type) ? EQUIPMENT_TYPE_NAMES[type] : type;
}

function toSummary(row: ModelRow): EquipmentSummary {
  return {
    id: row.id,
    handle: row.handle,
    title: `${row.brand} ${row.series} ${row.model_number}`,
    name: row.name,
    brand: row.brand,
    brandHandle: row.brand_handle,
    type: row.equipment_type,
    typeName: typeName(row.equipment_type),
    series: row.series,
    modelNumber: row.model_number,
    aliases: textArray(row.aliases),
    yearFrom: row.year_from,
    yearTo: row.year_to,
    imageUrl: row.image_url,
    url: `/equipment/${row.handle}`,
  };
}

export interface EquipmentListQuery {
  q?: string;
  /** A brand handle or name. */
  brand?: string;
  type?: EquipmentType;
  series?: string;
  page: number;
  limit: number;
}

export interface EquipmentList {
  equipment: EquipmentSummary[];
  pageInfo: PageInfo & { page: number };
}

/** Loads models by id, in the given order. */
export async function loadEquipmentSummaries(db: Database, ids: readonly number[]): Promise<EquipmentSummary[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ModelRow>(
    db,
    sql`select ${MODEL_COLUMNS} from equipment_models m join vendors v on v.id = m.vendor_id
      where m.id = any(${sql.param([...ids])}::int[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * GET /api/equipment: models by brand, type and series; with q, the models whose number (in any of
 * its label forms) is q come first, then those whose name or series holds the words.
 */
export async function listEquipment(db: Database, query: EquipmentListQuery): Promise<EquipmentList> {
  const { page, limit } = query;
  const conditions = [sql`true`];
  if (query.brand) {
    const brand = query.brand.trim().toLowerCase();
    conditions.push(sql`(v.handle = ${brand} or lower(v.name) = ${brand})`);
  }
  if (query.type) conditions.push(sql`m.equipment_type = ${query.type}`);
  if (query.series) conditions.push(sql`lower(m.series) = ${query.series.trim().toLowerCase()}`);
  const q = query.q?.trim() ?? "";
  let matchedIds: number[] = [];
  if (q !== "") {
    matchedIds = (await findModelsByNumber(db, q, 50)).map((m) => m.equipmentId);
    const words = q
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w.length > 0)
      .slice(0, 8);
    const wordConditions = words.map((word) => {
      const like = `%${word.replace(/[%_\\]/g, "")}%`;
      const key = normalizeModelNumber(word);
      return sql`(lower(m.name) like ${like} or lower(m.series) like ${like} or lower(v.name) like ${like}
        or (${key} <> '' and m.id in (select equipment_id from equipment_model_keys where key like ${`${key}%`})))`;
    });
    conditions.push(sql`(m.id = any(${sql.param(matchedIds)}::int[]) or (${sql.join(wordConditions, sql` and `)}))`);
  }
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<ModelRow & { total: number }>(
    db,
    sql`select ${MODEL_COLUMNS}, count(*) over ()::int as total
      from equipment_models m join vendors v on v.id = m.vendor_id
      where ${where}
      order by array_position(${sql.param(matchedIds)}::int[], m.id) nulls last, v.name, m.equipment_type, m.series, m.model_number
      limit ${limit} offset ${page * limit}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 0) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from equipment_models m join vendors v on v.id = m.vendor_id where ${where}`,
    );
    total = count?.total ?? 0;
  }
  return { equipment: rows.map(toSummary), pageInfo: { ...buildPageInfo(total, limit), page } };
}

/** The brand → type → series → models tree of /equipment (models as handle, number and size). */
export interface EquipmentBrowseBrand {
  brand: string;
  brandHandle: string;
  types: {
    type: string;
    typeName: string;
    series: { series: string; models: { handle: string; modelNumber: string; name: string }[] }[];
  }[];
  modelCount: number;
}

export async function equipmentBrowseTree(db: Database): Promise<EquipmentBrowseBrand[]> {
  const rows = await queryRows<{
    brand: string;
    brand_handle: string;
    equipment_type: string;
    series: string;
    handle: string;
    model_number: string;
    name: string;
  }>(
    db,
    sql`select v.name as brand, v.handle as brand_handle, m.equipment_type, m.series, m.handle, m.model_number, m.name
      from equipment_models m join vendors v on v.id = m.vendor_id
      order by v.name, m.equipment_type, m.series, m.model_number`,
  );
  const brands: EquipmentBrowseBrand[] = [];
  for (const row of rows) {
    let brand = brands.at(-1);
    if (brand?.brandHandle !== row.brand_handle) {
      brand = { brand: row.brand, brandHandle: row.brand_handle, types: [], modelCount: 0 };
      brands.push(brand);
    }
    let type = brand.types.at(-1);
    if (type?.type !== row.equipment_type) {
      type = { type: row.equipment_type, typeName: typeName(row.equipment_type), series: [] };
      brand.types.push(type);
    }
    let series = type.series.at(-1);
    if (series?.series !== row.series) {
      series = { series: row.series, models: [] };
      type.series.push(series);
    }
    series.models.push({ handle: row.handle, modelNumber: row.model_number, name: row.name });
    brand.modelCount++;
  }
  return brands;
}

async function partsFor(
  db: Database,
  rows: readonly { product_id: number; quantity: number; note: string | null }[],
): Promise<(EquipmentPart | null)[]> {
  const ids = [...new Set(rows.map((row) => row.product_id))];
  const [cards, codes] = await Promise.all([
    loadProductCards(db, ids),
    ids.length === 0
      ? []
      : queryRows<{ id: number; product_code: string | null }>(
          db,
          sql`select id, product_code from products where id = any(${sql.param(ids)}::int[])`,
        ),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const codeById = new Map(codes.map((row) => [row.id, row.product_code]));
  return rows.map((row) => {
    const card = cardById.get(row.product_id);
    // An unpublished product is not offered (product_cards() leaves it out, migration 0033).
    if (!card) return null;
    return { ...card, partNumber: codeById.get(row.product_id) ?? null, quantity: row.quantity, note: row.note };
  });
}

/** GET /api/equipment/{handle}: the model with its diagrams, callouts and parts, and its rebuild kits. */
export async function getEquipmentByHandle(db: Database, handle: string): Promise<EquipmentDetail> {
  const [row] = await queryRows<ModelRow>(
    db,
    sql`select ${MODEL_COLUMNS}, m.description from equipment_models m join vendors v on v.id = m.vendor_id
      where m.handle = ${handle}`,
  );
  if (!row) throw new NotFound(`No equipment model with the handle "${handle}". Search by the number on its label.`);
  const [diagrams, callouts, calloutParts, kits, kitParts] = await Promise.all([
    queryRows<{ id: number; title: string; image_url: string }>(
      db,
      sql`select id, title, image_url from equipment_diagrams where equipment_id = ${row.id} order by position, id`,
    ),
    queryRows<{ id: number; diagram_id: number; key_number: string; label: string; x: string; y: string }>(
      db,
      sql`select c.id, c.diagram_id, c.key_number, c.label, c.x, c.y from equipment_callouts c
        join equipment_diagrams d on d.id = c.diagram_id where d.equipment_id = ${row.id} order by c.position, c.id`,
    ),
    queryRows<{ callout_id: number; product_id: number; quantity: number; note: string | null }>(
      db,
      sql`select callout_id, product_id, quantity, note from equipment_callout_parts
        where equipment_id = ${row.id} order by callout_id, position, product_id`,
    ),
    queryRows<{ id: number; name: string; description: string | null }>(
      db,
      sql`select id, name, description from equipment_rebuild_kits where equipment_id = ${row.id} order by id`,
    ),
    queryRows<{ kit_id: number; product_id: number; quantity: number }>(
      db,
      sql`select kp.kit_id, kp.product_id, kp.quantity from equipment_rebuild_kit_parts kp
        join equipment_rebuild_kits k on k.id = kp.kit_id where k.equipment_id = ${row.id} order by kp.kit_id, kp.product_id`,
    ),
  ]);
  const [parts, kitPartCards] = await Promise.all([
    partsFor(db, calloutParts),
    partsFor(
      db,
      kitParts.map((p) => ({ ...p, note: null })),
    ),
  ]);
  const partsByCallout = new Map<number, EquipmentPart[]>();
  calloutParts.forEach((cp, i) => {
    const part = parts[i];
    if (!part) return;
    const list = partsByCallout.get(cp.callout_id) ?? [];
    list.push(part);
    partsByCallout.set(cp.callout_id, list);
  });
  return {
    ...toSummary(row),
    description: row.description ?? null,
    diagrams: diagrams.map((d) => ({
      id: d.id,
      title: d.title,
      imageUrl: d.image_url,
      callouts: callouts
        .filter((c) => c.diagram_id === d.id)
        .map((c) => ({
          id: c.id,
          key: c.key_number,
          label: c.label,
          x: Number(c.x),
          y: Number(c.y),
          parts: partsByCallout.get(c.id) ?? [],
        })),
    })),
    rebuildKits: kits
      .map((kit) => ({
        id: kit.id,
        name: kit.name,
        description: kit.description,
        parts: kitParts.flatMap((kp, i) => (kp.kit_id === kit.id && kitPartCards[i] ? [kitPartCards[i]] : [])),
      }))
      .filter((kit) => kit.parts.length > 0),
  };
}

export type FitAnswer =
  | { fits: "yes"; equipment: EquipmentSummary }
  | { fits: "no"; equipment: EquipmentSummary }
  | { fits: "not-listed"; equipment: null };

/** "Does it fit my equipment?": yes, no (the model is known and does not take it), or not listed. */
export async function checkProductFits(db: Database, productHandle: string, modelNumber: string): Promise<FitAnswer> {
  const [product] = await queryRows<{ id: number }>(db, sql`select id from products where handle = ${productHandle}`);
  if (!product) throw new NotFound(`No product with the handle "${productHandle}".`);
  const [match] = await findModelsByNumber(db, modelNumber, 1);
  if (!match) return { fits: "not-listed", equipment: null };
  const [summary] = await loadEquipmentSummaries(db, [match.equipmentId]);
  const [found] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from equipment_callout_parts where equipment_id = ${match.equipmentId} and product_id = ${product.id} limit 1`,
  );
  return { fits: found ? "yes" : "no", equipment: summary };
}

/** Every model handle with its last change, for the sitemap. */
export async function listEquipmentForSitemap(db: Database): Promise<{ handle: string; updatedAt: Date }[]> {
  const rows = await queryRows<{ handle: string; updated_at: Date | string }>(
    db,
    sql`select handle, updated_at from equipment_models order by id`,
  );
  return rows.map((r) => ({ handle: r.handle, updatedAt: new Date(r.updated_at) }));
}
