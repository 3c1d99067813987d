import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../../db/client.ts";

/** Runs raw SQL and returns its rows; both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface DialectAccess {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  $client: unknown;
}

/**
 * Like queryRows, for a statement run on every request whose shape never changes (only its
 * parameters do): on PostgreSQL it is a named prepared statement, so each pooled connection parses
 * and plans it once instead of on every call. PGlite runs in-process with no round trip to save
 * and answers it as queryRows does.
 */
export async function queryPreparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const access = db as unknown as DialectAccess;
  if (!(access.$client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = access.dialect.sqlToQuery(query);
  // The name follows the text: one text, one name, on every connection of the pool.
  const name = `s_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const result = await access.$client.query<T & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}
