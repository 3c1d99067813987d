import {
  isStopword,
  normalizePartNumber,
  partNumberCandidates,
  partNumberTsQuery,
  termsToTsQuery,
  tokenize,
} from "./search-text.ts";
import { EMPTY_SYNONYMS, expandSynonyms, type SynonymIndex } from "./synonyms.ts";

/** What the SQL needs to match and rank one text query. */
export interface SearchPlan {
  /** The words searched (after stopwords and price phrases are removed). */
  words: string[];
  /** Matches products (against products.search_vector). */
  match: string;
  /**
   * Relevance tiers, best first, each a tsquery on the head vector: every typed word in the title
   * (weight A); in the title, its fits part, part numbers or vendor (A, B); the same two allowing
   * synonyms; anywhere but the description (A, B, C). Repeated tiers are left out.
   */
  tiers: string[];
  /** Exact part-number hits (weight B lexemes), or null when the query holds no part number. */
  partNumberExact: string | null;
}

/**
 * The words a query searches for: normalised tokens without stopwords (unless nothing else is left).
 * An empty list means the query has nothing searchable.
 */
export function searchWords(text: string): string[] {
  const tokens = tokenize(text);
  const meaningful = tokens.filter((word) => !isStopword(word));
  return meaningful.length > 0 ? meaningful : tokens;
}

export function buildSearchPlan(
  words: readonly string[],
  searchText: string,
  synonyms: SynonymIndex,
): SearchPlan | null {
  if (words.length === 0) return null;
  const terms = expandSynonyms(words, synonyms);
  const typed = expandSynonyms(words, EMPTY_SYNONYMS);
  let match = termsToTsQuery(terms);
  // The whole query read as one part number ("SP2610 X15", "sp-2610-x15" -> sp2610x15), as a prefix.
  const joined = normalizePartNumber(words.join(""));
  if (joined.length >= 3 && (words.length > 1 || joined !== words[0])) {
    match = `(${match}) | '${joined}':*`;
  }
  return {
    words: [...words],
    match,
    tiers: [
      ...new Set([
        termsToTsQuery(typed, { weight: "A" }),
        termsToTsQuery(typed, { weight: "AB" }),
        termsToTsQuery(terms, { weight: "A" }),
        termsToTsQuery(terms, { weight: "AB" }),
        termsToTsQuery(terms, { weight: "ABC" }),
      ]),
    ],
    partNumberExact: partNumberTsQuery(partNumberCandidates(searchText)),
  };
}
