import { isAttributeWord, typeNounsOf } from "./query-understanding.ts";
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
   * `match` as the query built it, before its prefixes were searched as whole words (product-listing.ts,
   * expandPrefixes): the key of a one-word search's precomputed listing (search_word_summaries).
   */
  summaryKey: string;
  /**
   * Relevance tiers, best first, each a tsquery on the head vector: every typed word in the title
   * (weight A); in the title, its fits part, part numbers or vendor (A, B); the same two allowing
   * synonyms; anywhere but the description (A, B, C). Repeated tiers are left out.
   */
  tiers: string[];
  /** Exact part-number hits (weight B lexemes), or null when the query holds no part number. */
  partNumberExact: string | null;
  /**
   * The product types the query names (its head noun: "gasket" of "gasket for pentair filter"):
   * products of that type rank above products that merely contain the word.
   */
  typeNouns: string[];
  /** The types of what the product should fit ("filter" there): those products rank below. */
  fitsTypeNouns: string[];
  /**
   * One tsquery per measured attribute of the query ("3hp"): a product that has it ranks above one
   * that does not (of the same type). They narrow the match when required or when nothing else is typed.
   */
  attributes: string[];
  attributesRequired: boolean;
  /**
   * Every matching product has the same of the attributes, so they add the same to every rank (the
   * rank levels then hold as without attributes): all of them are required, or the caller knows that no
   * product has the ones left out (product-filter.ts).
   */
  attributesConstant: boolean;
}

export interface PlanOptions {
  /** How many of the words name the product; the rest say what it fits ("X for Y"). All by default. */
  headCount?: number;
  /** Attribute words that must match too (a narrow try); the others only rank. */
  requiredAttributes?: readonly string[];
}

/**
 * The types the head words name: their last type noun ("pool pump motor": motor). A head word the
 * store knows only by a synonym ("swg": salt cell) names the synonym's type.
 */
export function queryTypeNouns(headWords: readonly string[], synonyms: SynonymIndex): string[] {
  const nouns = typeNounsOf(headWords);
  if (nouns.length > 0) return nouns;
  const terms = expandSynonyms(headWords, synonyms);
  for (let i = terms.length - 1; i >= 0; i--) {
    const found = new Set(terms[i].alternatives.flatMap((phrase) => typeNounsOf(phrase)));
    if (found.size > 0) return [...found];
  }
  return [];
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
  searchedWords: readonly string[],
  searchText: string,
  synonyms: SynonymIndex,
  options: PlanOptions = {},
): SearchPlan | null {
  let words = searchedWords;
  if (words.length === 0) return null;
  const headCount = Math.min(options.headCount ?? words.length, words.length);
  const typeNouns = queryTypeNouns(words.slice(0, headCount), synonyms);
  const fitsTypeNouns = typeNounsOf(words.slice(headCount)).filter((noun) => !typeNouns.includes(noun));
  const attributes = [...new Set(words.filter(isAttributeWord))].map((word) => `'${word}'`);
  const all = [...words];
  // The text words decide the match and the tiers; attributes only rank (unless they are all there is).
  const textWords = words.filter((word) => !isAttributeWord(word));
  if (textWords.length === 0) {
    const every = attributes.join(" & ");
    return {
      words: all,
      match: every,
      summaryKey: every,
      tiers: [attributes.map((a) => `${a}:A`).join(" & ")],
      partNumberExact: null,
      typeNouns,
      fitsTypeNouns,
      attributes: [],
      attributesRequired: true,
      attributesConstant: true,
    };
  }
  words = textWords;
  const terms = expandSynonyms(words, synonyms);
  const typed = expandSynonyms(words, EMPTY_SYNONYMS);
  let match = termsToTsQuery(terms);
  // The whole query read as one part number ("SP2610 X15", "sp-2610-x15" -> sp2610x15), as a prefix.
  const joined = normalizePartNumber(words.join(""));
  if (joined.length >= 3 && (words.length > 1 || joined !== words[0])) {
    match = `(${match}) | '${joined}':*`;
  }
  const required = [...new Set(options.requiredAttributes ?? [])].filter(isAttributeWord).map((word) => `'${word}'`);
  const attributesRequired = required.length > 0;
  if (attributesRequired) match = `(${match}) & ${required.join(" & ")}`;
  return {
    words: all,
    match,
    summaryKey: match,
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
    typeNouns,
    fitsTypeNouns,
    attributes,
    attributesRequired,
    attributesConstant: attributes.every((attribute) => required.includes(attribute)),
  };
}
