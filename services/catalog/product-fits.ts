// Which equipment models a product fits: read from the callouts of the models' diagrams
// (equipment_callout_parts carries the model id, so this is one index lookup by product).
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../search/query-rows.ts";

export interface FitsEquipment {
  handle: string;
  title: string;
  brand: string;
  series: string;
  modelNumber: string;
  equipmentType: string;
}

/** More than any real part fits; keeps the product page's list bounded. */
const MAX_FITS = 500;

/** A model as the query answers it. */
export interface FitsEquipmentRow {
  handle: string;
  brand: string;
  series: string;
  model_number: string;
  equipment_type: string;
}

export async function fitsEquipmentOf(db: Database, productId: number): Promise<FitsEquipment[]> {
  const [row] = await queryRows<{ fits: FitsEquipmentRow[] | string | null }>(
    db,
    sql`select ${fitsEquipmentJson(sql`${productId}::int`)} as fits`,
  );
  const fits = row?.fits ?? [];
  return toFitsEquipment(typeof fits === "string" ? (JSON.parse(fits) as FitsEquipmentRow[]) : fits);
}

/**
 * The models a product fits as a JSON array of FitsEquipmentRow, in order: a scalar expression, so the
 * product page's statement carries it (one round trip).
 */
export function fitsEquipmentJson(productId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('handle', f.handle, 'brand', f.brand, 'series', f.series,
      'model_number', f.model_number, 'equipment_type', f.equipment_type) order by f.brand, f.series, f.model_number), '[]')
    from (select m.handle, v.name as brand, m.series, m.model_number, m.equipment_type
      from equipment_models m join vendors v on v.id = m.vendor_id
      where m.id in (select cp.equipment_id from equipment_callout_parts cp where cp.product_id = ${productId})
      order by v.name, m.series, m.model_number
      limit ${MAX_FITS}) f)`;
}

export function toFitsEquipment(rows: readonly FitsEquipmentRow[]): FitsEquipment[] {
  return rows.map((row) => ({
    handle: row.handle,
    title: `${row.brand} ${row.series} ${row.model_number}`,
    brand: row.brand,
    series: row.series,
    modelNumber: row.model_number,
    equipmentType: row.equipment_type,
  }));
}
