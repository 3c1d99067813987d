// Model numbers in the search box. A query holding a token with digits is looked up among the
// equipment models' normalised keys (one statement: an indexed equality lookup, and a prefix range
// that it reads only when nothing matched exactly). A model found turns the search into that model's
// parts: "SP2610X15" lists the pump's parts with a "Parts for Hayward Super Pump SP2610X15" card above
// them, "SP2610X15 seal" its seal first. A query without a digit costs nothing here.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { looksLikeModelNumber, modelQueryKeys, normalizeModelNumber } from "../../shared/model-number.ts";
import { type EquipmentSummary, loadEquipmentSummaries } from "../equipment/equipment-catalog.ts";
import { modelsByPrefixSql } from "../equipment/model-lookup.ts";
import { queryRows } from "./query-rows.ts";

/** The model a search names, as the results page and the header dropdown show it. */
export interface EquipmentMatch {
  handle: string;
  title: string;
  name: string;
  brand: string;
  series: string;
  modelNumber: string;
  imageUrl: string | null;
  url: string;
  /** What of the query was the model number ("sp 2610 x15"). */
  matchedText: string;
  /** The rest of the query ("seal"). */
  rest: string;
}

/** Spans of at most this many tokens may together be one model number ("SP 2610 X15"). */
const MAX_SPAN_TOKENS = 4;

interface Span {
  start: number;
  end: number;
  text: string;
}

function candidateSpans(tokens: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (let start = 0; start < tokens.length; start++) {
    for (let end = Math.min(tokens.length, start + MAX_SPAN_TOKENS); end > start; end--) {
      const text = tokens.slice(start, end).join(" ");
      if (looksLikeModelNumber(text) && /\d/.test(text)) spans.push({ start, end, text });
    }
  }
  // Longest first: "sp 2610 x15" before "2610".
  return spans.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
}

/** Whether the query could name a model at all (a token with a digit): the cheap test before any lookup. */
export function mayNameModel(q: string): boolean {
  return /\d/.test(q) && normalizeModelNumber(q).length >= 2;
}

/**
 * The model a query names, or null. All spans' keys go to the database in one equality lookup on the
 * btree; the longest span that matched wins, then the strongest key. When no key matched, the longest
 * digit-bearing token is tried as the start of a model number (prefix range on the same index).
 */
export async function findModelInQuery(db: Database, q: string): Promise<EquipmentMatch | null> {
  if (!mayNameModel(q)) return null;
  const tokens = q.trim().split(/\s+/).slice(0, 12);
  const spans = candidateSpans(tokens);
  if (spans.length === 0) return null;
  const keysOf = spans.map((span) => modelQueryKeys(span.text));
  const allKeys = [...new Set(keysOf.flat())];
  // When no key matches, the longest digit-bearing token may start a model number: the same statement
  // reads that range only then (its keys were among the exact ones).
  const longest = [...spans]
    .filter((span) => span.end - span.start === 1)
    .sort((a, b) => normalizeModelNumber(b.text).length - normalizeModelNumber(a.text).length)[0];
  const prefix = longest ? modelsByPrefixSql(longest.text, 1) : null;
  const rows = await queryRows<{ key: string; equipment_id: number; strength: number; prefixed: boolean }>(
    db,
    prefix
      ? sql`with exact as materialized (
          select key, equipment_id, strength from equipment_model_keys where key = any(${sql.param(allKeys)}::text[]))
        select key, equipment_id, strength, false as prefixed from exact
        union all
        select p.key, p.equipment_id, 3, true from (${prefix}) p where not exists (select 1 from exact)`
      : sql`select key, equipment_id, strength, false as prefixed from equipment_model_keys
        where key = any(${sql.param(allKeys)}::text[])`,
  );
  let best: { span: Span; equipmentId: number; score: number } | null = null;
  for (const [i, span] of spans.entries()) {
    for (const [k, key] of keysOf[i].entries()) {
      for (const row of rows) {
        if (row.prefixed || row.key !== key) continue;
        const score = (span.end - span.start) * 100 - row.strength * 10 - k;
        if (!best || score > best.score) best = { span, equipmentId: row.equipment_id, score };
      }
    }
    if (best) break;
  }
  const completed = rows.find((row) => row.prefixed);
  if (!best && longest && completed) best = { span: longest, equipmentId: completed.equipment_id, score: 0 };
  if (!best) return null;
  const [summary] = await loadEquipmentSummaries(db, [best.equipmentId]);
  if (!summary) return null;
  const rest = [...tokens.slice(0, best.span.start), ...tokens.slice(best.span.end)].join(" ");
  return toMatch(summary, best.span.text, rest);
}

function toMatch(summary: EquipmentSummary, matchedText: string, rest: string): EquipmentMatch {
  return {
    handle: summary.handle,
    title: summary.title,
    name: summary.name,
    brand: summary.brand,
    series: summary.series,
    modelNumber: summary.modelNumber,
    imageUrl: summary.imageUrl,
    url: summary.url,
    matchedText,
    rest,
  };
}

/** The listing condition of `fits=`: products a diagram of one of these models names. */
export function fitsEquipmentCondition(handles: readonly string[]): SQL {
  return sql`s.product_id in (select cp.product_id from equipment_callout_parts cp
    where cp.equipment_id in (select m.id from equipment_models m where m.handle = any(${sql.param([...handles])}::text[])))`;
}
