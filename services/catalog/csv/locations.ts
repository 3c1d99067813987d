// The stock location the CSV's `stock` column reads and writes: the store's first (main) location.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../../db/rows.ts";

/** The main location's id; with `create`, an empty store gets its "Main Warehouse". */
export async function defaultLocationId(db: Database, options: { create: boolean }): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from inventory_locations order by id limit 1`);
  if (row) return row.id;
  if (!options.create) return null;
  const [created] = await queryRows<{ id: number }>(
    db,
    sql`insert into inventory_locations (name) values ('Main Warehouse')
        on conflict (name) do update set name = excluded.name returning id`,
  );
  return created.id;
}
