// Category paths as the CSV writes them ("Pumps > Pool Pumps"): every collection's titles from the top.
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../../db/rows.ts";
import { categoryPathKey } from "../../../shared/admin/catalog-csv.ts";

export interface CategoryPaths {
  /** The titles from the top level down to the collection; null for an unknown id. */
  pathOf(id: number): string[] | null;
  /**
   * The collection a path names (levels compared without case): its id, null when no collection has
   * that path, or "ambiguous" when two sibling collections share a title.
   */
  idOf(levels: readonly string[]): number | null | "ambiguous";
}

/** Loads the whole category tree (hundreds of rows, not the catalog). */
export async function loadCategoryPaths(db: Database): Promise<CategoryPaths> {
  const rows = await queryRows<{ id: number; parent_id: number | null; title: string }>(
    db,
    sql`select id, parent_id, title from collections`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<number, string[]>();
  const pathOf = (id: number, depth = 0): string[] | null => {
    const known = paths.get(id);
    if (known) return known;
    const row = byId.get(id);
    if (!row || depth > 50) return null;
    const parent = row.parent_id === null ? [] : pathOf(row.parent_id, depth + 1);
    if (parent === null) return null;
    const path = [...parent, row.title.trim()];
    paths.set(id, path);
    return path;
  };
  const byKey = new Map<string, number | "ambiguous">();
  for (const row of rows) {
    const path = pathOf(row.id);
    if (!path) continue;
    const key = categoryPathKey(path);
    byKey.set(key, byKey.has(key) ? "ambiguous" : row.id);
  }
  return {
    pathOf: (id) => pathOf(id),
    idOf: (levels) => byKey.get(categoryPathKey(levels)) ?? null,
  };
}
