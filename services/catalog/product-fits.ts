// Which equipment models a product fits: read from the callouts of the models' diagrams
// (equipment_callout_parts carries the model id, so this is one index lookup by product).
import { sql } from "drizzle-orm";
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

export async function fitsEquipmentOf(db: Database, productId: number): Promise<FitsEquipment[]> {
  const rows = await queryRows<{
    handle: string;
    brand: string;
    series: string;
    model_number: string;
    equipment_type: string;
  }>(
    db,
    sql`select m.handle, v.name as brand, m.series, m.model_number, m.equipment_type
      from equipment_models m join vendors v on v.id = m.vendor_id
      where m.id in (select cp.equipment_id from equipment_callout_parts cp where cp.product_id = ${productId})
      order by v.name, m.series, m.model_number
      limit ${MAX_FITS}`,
  );
  return rows.map((row) => ({
    handle: row.handle,
    title: `${row.brand} ${row.series} ${row.model_number}`,
    brand: row.brand,
    series: row.series,
    modelNumber: row.model_number,
    equipmentType: row.equipment_type,
  }));
}
