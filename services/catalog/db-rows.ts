// Raw SQL (recursive CTEs, which Drizzle's builder cannot express) answers `{ rows }` on both drivers
// (node-postgres and PGlite); Drizzle types that result as unknown, so this narrows it in one place.
// Casts in the SQL (::int) keep the values the same type on both engines.
import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
