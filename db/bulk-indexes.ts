import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { jsonColumn, queryRows } from "./rows.ts";

/** A secondary index dropped for a bulk load, as PostgreSQL itself writes its definition. */
export interface DroppedIndex {
  name: string;
  table: string;
  definition: string;
  /**
   * The statistics targets set on the index's expression columns ("ALTER INDEX ... ALTER COLUMN n SET
   * STATISTICS"), by column number: a definition does not hold them.
   */
  statistics: Record<string, number> | null;
}

/**
 * Drops the secondary indexes of `tables` (those backing no constraint: primary keys and unique
 * constraints stay) and answers their definitions for recreateIndexes. A bulk load then writes only
 * the table, and each index is built once, sorted, at the end: for a GIN index over a million rows
 * that is minutes instead of an insertion per row. Call it inside the load's transaction, so a failed
 * load also brings the indexes back.
 */
export async function dropSecondaryIndexes(db: Database, tables: readonly string[]): Promise<DroppedIndex[]> {
  if (tables.length === 0) return [];
  const rows = await queryRows<DroppedIndex>(
    db,
    sql`select i.relname as name, t.relname as "table", pg_get_indexdef(x.indexrelid) as definition,
        (select json_object_agg(a.attnum, a.attstattarget) from pg_attribute a
          where a.attrelid = x.indexrelid and a.attstattarget >= 0) as statistics
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = any(${sql.param([...tables])}::text[])
        and not x.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by t.relname, i.relname`,
  );
  for (const index of rows) await db.execute(sql.raw(`drop index ${quotedName(index.name)}`));
  return rows;
}

/** An identifier as SQL quotes it. */
function quotedName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Builds the dropped indexes again, exactly as they were, with their columns' statistics targets. */
export async function recreateIndexes(db: Database, indexes: readonly DroppedIndex[]): Promise<void> {
  for (const index of indexes) {
    await db.execute(sql.raw(index.definition));
    for (const [column, target] of Object.entries(jsonColumn(index.statistics, {}))) {
      await db.execute(
        sql.raw(
          `alter index ${quotedName(index.name)} alter column ${Number(column)} set statistics ${Number(target)}`,
        ),
      );
    }
  }
}
