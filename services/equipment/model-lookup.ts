// Finding models by what a shopper typed from the label. Every lookup is on the btree of
// equipment_model_keys: equality on the typed keys first, then (only when nothing matched) a prefix
// range for a number typed without its suffix. Never a scan, never a trigram.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { modelQueryKeys, normalizeModelNumber } from "../../shared/model-number.ts";
import { queryRows } from "../search/query-rows.ts";

export interface ModelMatch {
  equipmentId: number;
  /** 0 exact number, 1 a label variant, 2 without suffix, 3 a longer number starting with what was typed. */
  strength: number;
  /** The key that matched. */
  key: string;
}

/** Shortest typed number a prefix may complete ("sp26" is too vague). */
const MIN_PREFIX_LENGTH = 5;

/** Models whose number, label variant or suffix-less number is what was typed; best first. */
export async function findModelsByNumber(db: Database, typed: string, limit = 10): Promise<ModelMatch[]> {
  const keys = modelQueryKeys(typed);
  if (keys.length === 0) return [];
  const exact = await queryRows<{ equipment_id: number; strength: number; key: string }>(
    db,
    sql`select equipment_id, min(strength + case when key = ${keys[0]} then 0 else 2 end)::int as strength, min(key) as key
      from equipment_model_keys where key = any(${sql.param(keys)}::text[])
      group by equipment_id order by 2, 1 limit ${limit}`,
  );
  if (exact.length > 0) return exact.map((r) => ({ equipmentId: r.equipment_id, strength: r.strength, key: r.key }));
  const prefix = modelsByPrefixSql(typed, limit);
  if (!prefix) return [];
  const prefixed = await queryRows<{ equipment_id: number; key: string }>(db, prefix);
  return prefixed.map((r) => ({ equipmentId: r.equipment_id, strength: 3, key: r.key }));
}

/**
 * The models whose number starts with what was typed (equipment_id, key; strength 3), shortest (closest)
 * first; null when the typed number is too short to complete. text_pattern_ops: a range scan of the keys.
 */
export function modelsByPrefixSql(typed: string, limit: number): SQL | null {
  const whole = normalizeModelNumber(typed);
  if (whole.length < MIN_PREFIX_LENGTH) return null;
  return sql`select equipment_id, min(key) as key from (
        select equipment_id, key from equipment_model_keys
        where key like ${`${whole.replace(/[%_\\]/g, "")}%`} order by length(key), key limit 50) k
      group by equipment_id order by min(length(key)), 1 limit ${limit}`;
}
