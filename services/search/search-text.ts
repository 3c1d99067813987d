// Query text → PostgreSQL tsquery strings. Pure functions: the database side of the same rules is
// the SQL function search_normalize() of migration 0002_search (keep the two in step).
//
// The index uses the 'simple' configuration (no stemming) over normalised text: stemming would
// make "chlorinator" match "chlorine" and break as-you-type prefixes ("chlorinat" is no prefix of
// the stem "chlorin"). Plurals are handled here instead: a word also matches its singular and
// plural forms, and the last word matches as a prefix.

/** Characters unaccent() folds that NFKD does not decompose. */
const FOLDS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th" };

/** Lower case, accents removed, anything but letters, digits and decimal points becomes a space. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[ßæœøđłþ]/g, (ch) => FOLDS[ch] ?? ch)
    .replace(/[^a-z0-9.]+/g, " ")
    .replace(/(?<![0-9])\.|\.(?![0-9])/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Part numbers are compared on their letters and digits only: SP-2610-X15 = sp2610x15 = "SP2610 X15". */
export function normalizePartNumber(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]/g, "");
}

export function tokenize(text: string): string[] {
  const normalized = normalizeSearchText(text);
  return normalized === "" ? [] : normalized.split(" ");
}

/** Words that say nothing about a product. "in" stays: it is the inch in "2 in". */
const STOPWORDS = new Set([
  "a",
  "an",
  "the",
  "for",
  "and",
  "or",
  "of",
  "with",
  "to",
  "on",
  "by",
  "at",
  "from",
  "my",
  "your",
  "is",
  "are",
  "that",
  "this",
]);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

export function hasDigit(word: string): boolean {
  return /[0-9]/.test(word);
}

/** A crude English singular: enough for catalog nouns (pumps, cartridges, batteries, brushes). */
export function singular(word: string): string {
  if (word.length <= 3 || hasDigit(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The forms a non-final word may take in the catalog: itself, its singular and its plurals. */
export function wordForms(word: string): string[] {
  if (word.length <= 2 || hasDigit(word)) return [word];
  const base = singular(word);
  const forms = new Set([word, base, `${base}s`]);
  if (/(s|x|z|ch|sh)$/.test(base)) forms.add(`${base}es`);
  if (/[^aeiou]y$/.test(base)) forms.add(`${base.slice(0, -1)}ies`);
  return [...forms];
}

/** One alternative: words that must all match. */
export type Phrase = string[];
/** One position of the query: alternatives (the words typed, or a synonym group). */
export interface QueryTerm {
  alternatives: Phrase[];
  /** The last term of the query: matched as a prefix (as-you-type). */
  prefix: boolean;
}

export interface TsQueryOptions {
  /** A tsquery weight label restriction ("A": title only). */
  weight?: string;
}

/** Tokens are [a-z0-9.]+ by construction; quoting keeps to_tsquery from reading anything else. */
function lexeme(word: string, prefix: boolean, weight: string): string {
  const label = `${prefix ? "*" : ""}${weight}`;
  return `'${word.replace(/'/g, "")}'${label ? `:${label}` : ""}`;
}

function wordQuery(word: string, prefix: boolean, weight: string): string {
  if (prefix && word.length >= 2) {
    const base = singular(word);
    const parts = base === word ? [word] : [word, base];
    return group(
      parts.map((w) => lexeme(w, true, weight)),
      " | ",
    );
  }
  return group(
    wordForms(word).map((w) => lexeme(w, false, weight)),
    " | ",
  );
}

function group(parts: string[], operator: string): string {
  return parts.length === 1 ? parts[0] : `(${parts.join(operator)})`;
}

/** The tsquery text for the terms: every term must match; a term matches any of its alternatives. */
export function termsToTsQuery(terms: readonly QueryTerm[], options: TsQueryOptions = {}): string {
  const weight = options.weight ?? "";
  return terms
    .map((term) =>
      group(
        term.alternatives.map((phrase) =>
          group(
            phrase.map((word, index) => wordQuery(word, term.prefix && index === phrase.length - 1, weight)),
            " & ",
          ),
        ),
        " | ",
      ),
    )
    .join(" & ");
}

/**
 * The tsquery text without its weight labels ("'hot':A & 'heat':*AB" -> "'hot' & 'heat':*"): what a GIN
 * index answers, since it stores lexemes without their weights (the weights are checked on the row).
 */
export function withoutWeights(tsquery: string): string {
  return tsquery.replace(/':(\*?)[A-D]+/g, (_, prefix: string) => (prefix ? "':*" : "'"));
}

/**
 * True when every operand of the tsquery text is restricted to the title's words (weight A alone:
 * "'hot':A & 'heat':*A"): the title tier's index (search_documents_title_tier_idx) answers it. That
 * holds because every head vector keeps its positions (setweight over to_tsvector): a lexeme stored
 * without positions matches any weight, and ts_filter would drop it.
 */
export function titleTierOnly(tsquery: string): boolean {
  const operands = [...tsquery.matchAll(/'[^']*'(:\*?[A-D]*)?/g)];
  return operands.length > 0 && operands.every((operand) => /^:\*?A$/.test(operand[1] ?? ""));
}

/** A prefix operand of a tsquery text: 'lexeme':* with its weight labels, if any. */
const PREFIX_OPERAND = /'([^']+)':\*([A-D]*)/g;

/** The lexemes that the tsquery texts search as prefixes ("'pu':*A" -> pu), each once. */
export function prefixOperands(tsqueries: readonly (string | null)[]): string[] {
  const found = new Set<string>();
  for (const tsquery of tsqueries) for (const match of tsquery?.matchAll(PREFIX_OPERAND) ?? []) found.add(match[1]);
  return [...found];
}

/** What the vocabulary holds below one string of a prefix's tree: whether it is a word, and its next letters. */
export interface VocabularyNode {
  isLexeme: boolean;
  /** The characters that follow it in the words that start with it (and are longer). */
  next: readonly string[];
}

/** Terms that match exactly the words a prefix starts: whole words, and shorter prefixes. */
export interface PrefixCover {
  words: string[];
  prefixes: string[];
}

/**
 * The terms that match every word starting with `prefix` and nothing else, given the vocabulary's tree
 * along the paths from the prefix to each frequent word it starts (`nodes`, keyed by string): each
 * string on a path that is a word is searched as that word; every branch off the paths, as its own
 * prefix, which starts no frequent word ("pu" with pump and pumps frequent: 'pu', 'pum', 'pump', 'pumps'
 * as words, 'pua':*, 'pub':*, ... 'pumpx':*). Null when `prefix` starts no frequent word.
 */
export function prefixCover(prefix: string, nodes: ReadonlyMap<string, VocabularyNode>): PrefixCover | null {
  if (!nodes.has(prefix)) return null;
  const cover: PrefixCover = { words: [], prefixes: [] };
  const visit = (node: string) => {
    const info = nodes.get(node) as VocabularyNode;
    if (info.isLexeme) cover.words.push(node);
    for (const next of info.next) {
      const child = node + next;
      if (nodes.has(child)) visit(child);
      else cover.prefixes.push(child);
    }
  };
  visit(prefix);
  return cover;
}

/**
 * The tsquery text with each prefix that `covers` lists replaced by its cover's terms, with the same
 * weights ("'pu':*A" -> "('pump':A | 'pumps':A | 'pua':*A | ...)"); a cover without terms (no word
 * starts the prefix) becomes the prefix as a whole word, which matches nothing either. Prefixes
 * `covers` does not list stay. Equivalent when every cover is one of the vectors' vocabulary.
 */
export function expandPrefixOperands(tsquery: string, covers: ReadonlyMap<string, PrefixCover>): string {
  return tsquery.replace(PREFIX_OPERAND, (operand, prefix: string, weights: string) => {
    const cover = covers.get(prefix);
    if (!cover) return operand;
    const label = weights ? `:${weights}` : "";
    const terms = [
      ...cover.words.map((word) => `'${word}'${label}`),
      ...cover.prefixes.map((start) => `'${start}':*${weights}`),
    ];
    return terms.length === 0 ? `'${prefix}'${label}` : group(terms, " | ");
  });
}

/** Exact part-number hits rank first: the whole query as a part number and each token that holds a digit. */
export function partNumberCandidates(text: string): string[] {
  const whole = normalizePartNumber(text);
  const candidates = new Set<string>();
  if (whole.length >= 3 && hasDigit(whole)) candidates.add(whole);
  for (const token of tokenize(text)) {
    const pn = normalizePartNumber(token);
    if (pn.length >= 4 && hasDigit(pn)) candidates.add(pn);
  }
  return [...candidates];
}

export function partNumberTsQuery(candidates: readonly string[], weight = "B"): string | null {
  if (candidates.length === 0) return null;
  return group(
    candidates.map((pn) => lexeme(pn, false, weight)),
    " | ",
  );
}
