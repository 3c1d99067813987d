import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { createTtlCache } from "../ttl-cache.ts";
import { queryRows } from "./query-rows.ts";
import { type QueryTerm, singular, tokenize } from "./search-text.ts";

// search_synonyms rows read "term -> synonyms". They apply both ways, one hop: a query phrase that
// is a term also matches its synonyms; a phrase listed as a synonym also matches its term. So with
// "salt cell -> chlorinator cell, swg", the queries "salt cell", "chlorinator cell" and "swg" all
// find salt cells, while two synonyms of one term do not pull each other's own synonyms in.

export interface SynonymIndex {
  /** Longest phrase, in words. */
  maxWords: number;
  /** Phrase key (its words in singular form) -> the alternatives it may match, itself first. */
  entries: Map<string, string[][]>;
}

// The synonym table is tiny and rarely edited: reading it on every keystroke of the search box
// would cost a round trip each time. A short-lived per-database copy is enough; rebuildSearchIndex
// clears it.
const cache = createTtlCache<SynonymIndex>(60_000, 1);

export function clearSynonymCache(db: Database): void {
  cache.clear(db);
}

function phraseKey(words: readonly string[]): string {
  return words.map(singular).join(" ");
}

export const EMPTY_SYNONYMS: SynonymIndex = { maxWords: 0, entries: new Map() };

export function buildSynonymIndex(rows: readonly { term: string; synonyms: readonly string[] }[]): SynonymIndex {
  const entries = new Map<string, string[][]>();
  let maxWords = 0;
  const link = (from: string[], to: string[]) => {
    const key = phraseKey(from);
    const list = entries.get(key) ?? [from];
    if (!list.some((words) => phraseKey(words) === phraseKey(to))) list.push(to);
    entries.set(key, list);
    maxWords = Math.max(maxWords, from.length);
  };
  for (const row of rows) {
    const term = tokenize(row.term);
    if (term.length === 0) continue;
    for (const synonym of row.synonyms) {
      const words = tokenize(synonym);
      if (words.length === 0 || phraseKey(words) === phraseKey(term)) continue;
      link(term, words);
      link(words, term);
    }
  }
  return { maxWords, entries };
}

export function loadSynonyms(db: Database): Promise<SynonymIndex> {
  return cache(db, "synonyms", async () =>
    buildSynonymIndex(
      await queryRows<{ term: string; synonyms: string[] }>(
        db,
        sql`select term, synonyms from search_synonyms order by id`,
      ),
    ),
  );
}

/**
 * Turns the query words into terms: the longest run of words that spells a synonym phrase becomes
 * one term whose alternatives are the phrase and its synonyms. The last plain word is matched as a
 * prefix, for as-you-type queries.
 */
export function expandSynonyms(words: readonly string[], synonyms: SynonymIndex): QueryTerm[] {
  const terms: QueryTerm[] = [];
  let index = 0;
  while (index < words.length) {
    let matched = 0;
    for (let length = Math.min(synonyms.maxWords, words.length - index); length >= 1; length--) {
      const alternatives = synonyms.entries.get(phraseKey(words.slice(index, index + length)));
      if (alternatives) {
        // The words as typed come first (they decide the exact-title tier elsewhere).
        const typed = words.slice(index, index + length);
        const rest = alternatives.filter((alt) => phraseKey(alt) !== phraseKey(typed));
        terms.push({ alternatives: [typed, ...rest.map((alt) => [...alt])], prefix: false });
        matched = length;
        break;
      }
    }
    if (matched > 0) {
      index += matched;
    } else {
      terms.push({ alternatives: [[words[index]]], prefix: index === words.length - 1 });
      index += 1;
    }
  }
  return terms;
}
