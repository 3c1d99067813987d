import type { SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** Runs raw SQL and returns its rows; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A json column as its value: the drivers answer it parsed, or as text (a json value nested in a row
 * or array); fallback when it is null.
 */
export function jsonColumn<T>(value: T | string | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
