import type { SQL } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * Runs raw SQL (recursive CTEs and the search functions, which Drizzle's builder cannot express) and
 * returns its rows. Both drivers (node-postgres and PGlite) answer `{ rows }`; Drizzle types that
 * result as unknown, so it is narrowed here once. Casts in the SQL (::int) keep the values the same
 * type on both engines.
 */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A json column as its value: the drivers answer it parsed, or as text (a json value nested in a row
 * or array); fallback when it is null.
 */
export function jsonColumn<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
