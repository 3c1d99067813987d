import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { queryRows } from "./query-rows.ts";
import { hasDigit, isStopword } from "./search-text.ts";

/** Candidates per misspelt word, by trigram similarity, before the edit distance decides. */
const CANDIDATES = 8;
/** Words read from the dictionary's distance index per misspelt word, before the candidates are chosen. */
const NEAREST = 32;

/** Words worth correcting: letters only (part numbers are matched by prefix instead), 4+ letters. */
export function isCorrectable(word: string): boolean {
  return word.length >= 4 && !hasDigit(word) && !isStopword(word) && /^[a-z]+$/.test(word);
}

/** Edits (insert, delete, substitute, swap two neighbours) between two words. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** How far a correction may be: one edit for short words, two from 7 letters. */
export function allowedEdits(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

interface Candidate {
  input: string;
  known: boolean;
  starts_word: boolean;
  word: string | null;
  similarity: number | null;
  frequency: number | null;
}

/**
 * "Did you mean": each word the catalog dictionary (search_words) does not know is replaced by the
 * closest known word: the dictionary's most trigram-similar words are the candidates, the fewest
 * edits (a swap of two letters counts as one: "pentiar") wins, then similarity, then frequency. The
 * last word is left alone when it begins a known word (the shopper is still typing). Returns the
 * corrected word list, or null when nothing changed.
 */
export async function correctWords(db: Database, words: readonly string[]): Promise<string[] | null> {
  const candidates = [...new Set(words.filter(isCorrectable))];
  if (candidates.length === 0) return null;
  const last = words[words.length - 1];
  // One round trip, and it runs only when a query found (almost) nothing.
  const rows = await queryRows<Candidate>(
    db,
    // Whether a word is known or starts one is asked once per word, not once per candidate row of the
    // join (the prefix test reads the dictionary's trigram index).
    sql`
    with w as materialized (
      select i.input,
        exists (select 1 from search_words s where s.word = i.input) as known,
        (i.input = ${last} and exists (select 1 from search_words s where s.word like i.input || '%')) as starts_word
      from unnest(${sql.param(candidates)}::text[]) as i(input)
    )
    select w.input, w.known, w.starts_word, c.word, c.similarity, c.frequency
    from w
    left join lateral (
      select * from (
        -- The nearest words in trigram distance (1 - similarity), from the dictionary's index in that
        -- order, four times as many as kept: ties are broken by frequency among these, so a word
        -- tied with more than 32 others at the cut may be left out where ranking them all kept it.
        select s.word, similarity(s.word, w.input) as similarity, s.frequency
        from search_words s
        where abs(length(s.word) - length(w.input)) <= 2
        order by s.word <-> w.input
        limit ${NEAREST}
      ) nearest
      order by nearest.similarity desc, nearest.frequency desc, nearest.word
      limit ${CANDIDATES}
    ) c on true
  `,
  );
  const replacements = new Map<string, string>();
  for (const input of candidates) {
    const options = rows.filter((row) => row.input === input);
    if (options.length === 0 || options[0].known || options[0].starts_word) continue;
    const best = options
      .filter((row) => row.word !== null)
      .map((row) => ({ ...row, edits: editDistance(input, row.word ?? "") }))
      .filter((row) => row.edits <= allowedEdits(input))
      .sort(
        (a, b) =>
          a.edits - b.edits || (b.similarity ?? 0) - (a.similarity ?? 0) || (b.frequency ?? 0) - (a.frequency ?? 0),
      )[0];
    if (best?.word && best.word !== input) replacements.set(input, best.word);
  }
  if (replacements.size === 0) return null;
  return words.map((word) => replacements.get(word) ?? word);
}
