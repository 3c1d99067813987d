import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** Runs raw SQL and returns its rows; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
