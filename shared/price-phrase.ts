// Price phrases in a search query: "pumps under $500",
// "heater over 1,000 USD". One implementation for the header box, the results page and the server.
//
// A phrase is a bound word followed by an amount that carries "$" or "USD" before or after it:
//   lower bound: over, above, more expensive than, greater than, >
//   upper bound: under, below, cheaper than, smaller than, <
// A bare number ("under 100") is not a price: it may be a size, a flow rate or a part number.

export type PriceBound = "min" | "max";

export interface PricePhrase {
  bound: PriceBound;
  /** The amount in the store currency, 2 decimals. */
  amount: number;
  /** The phrase as written in the query ("under $500"), for 'Price filter: {matched text}'. */
  text: string;
  start: number;
  end: number;
}

const LOWER_WORDS = String.raw`(?<=^|[^a-z0-9])(?:more\s+expensive\s+than|greater\s+than|over|above)|>`;
const UPPER_WORDS = String.raw`(?<=^|[^a-z0-9])(?:cheaper\s+than|smaller\s+than|under|below)|<`;
const AMOUNT = String.raw`(?:(?:\$|usd)\s*(?<n1>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<d1>\d{1,2}))?(?!\d|\.\d)|(?<n2>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<d2>\d{1,2}))?\s*(?:\$|usd(?![a-z])))`;

// Words need a word boundary; > and < do not ("under$50", ">$50").
const PHRASE = new RegExp(String.raw`(?:(?<lower>${LOWER_WORDS})|(?<upper>${UPPER_WORDS}))\s*${AMOUNT}`, "gi");

function amountOf(match: RegExpExecArray): number {
  // n1/d1: the amount follows $ or USD; n2/d2: it precedes them.
  const whole = match.groups?.n1 ?? match.groups?.n2 ?? "0";
  const cents = match.groups?.d1 ?? match.groups?.d2 ?? "";
  return Number(`${whole.replace(/,/g, "")}.${cents.padEnd(2, "0")}`);
}

/** Every price phrase in the text, in order. */
export function findPricePhrases(text: string): PricePhrase[] {
  const phrases: PricePhrase[] = [];
  PHRASE.lastIndex = 0;
  for (let match = PHRASE.exec(text); match !== null; match = PHRASE.exec(text)) {
    const isLower = match.groups?.lower !== undefined;
    phrases.push({
      bound: isLower ? "min" : "max",
      amount: amountOf(match),
      text: match[0].trim(),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return phrases;
}

/** The first lower-bound and the first upper-bound phrase of the text. */
export function parsePricePhrases(text: string): { min: PricePhrase | null; max: PricePhrase | null } {
  const phrases = findPricePhrases(text);
  return {
    min: phrases.find((p) => p.bound === "min") ?? null,
    max: phrases.find((p) => p.bound === "max") ?? null,
  };
}

/** The text without the phrases of the given bounds, spaces tidied. */
export function removePricePhrases(text: string, bounds: readonly PriceBound[] = ["min", "max"]): string {
  let out = "";
  let cursor = 0;
  for (const phrase of findPricePhrases(text)) {
    if (!bounds.includes(phrase.bound)) continue;
    out += `${text.slice(cursor, phrase.start)} `;
    cursor = phrase.end;
  }
  out += text.slice(cursor);
  return out.replace(/\s+/g, " ").trim();
}

export interface PriceChip {
  bound: PriceBound;
  amount: number;
  /** 'Price filter: {text}'. */
  text: string;
}

/**
 * The chips to offer for a query, given the price filter already set. A min chip is offered only
 * if no max is set or the max is greater than the suggested min; mirrored for the max chip.
 */
export function priceChips(text: string, current: { minPrice?: number | null; maxPrice?: number | null }): PriceChip[] {
  const { min, max } = parsePricePhrases(text);
  const chips: PriceChip[] = [];
  if (min && (current.maxPrice == null || current.maxPrice > min.amount)) {
    chips.push({ bound: "min", amount: min.amount, text: min.text });
  }
  if (max && (current.minPrice == null || max.amount > current.minPrice)) {
    chips.push({ bound: "max", amount: max.amount, text: max.text });
  }
  return chips;
}

/** Accepting a chip moves its amount into the price filter and its phrase out of the query. */
export function acceptPriceChip<T extends { q: string; minPrice: number | null; maxPrice: number | null }>(
  query: T,
  chip: PriceChip,
): T {
  return {
    ...query,
    q: removePricePhrases(query.q, [chip.bound]),
    minPrice: chip.bound === "min" ? chip.amount : query.minPrice,
    maxPrice: chip.bound === "max" ? chip.amount : query.maxPrice,
  };
}

/**
 * The words to search for (server side): a phrase is dropped from the text when its bound arrives
 * as minPrice/maxPrice, so "pumps under $500" with maxPrice=500 searches "pumps".
 */
export function searchTextWithoutAppliedPrices(
  text: string,
  applied: { minPrice: number | null; maxPrice: number | null },
): string {
  const bounds: PriceBound[] = [];
  if (applied.minPrice !== null) bounds.push("min");
  if (applied.maxPrice !== null) bounds.push("max");
  return bounds.length === 0 ? text.trim() : removePricePhrases(text, bounds);
}
