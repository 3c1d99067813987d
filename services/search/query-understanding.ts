// What a shopper's words mean beyond the words: a price ("pool pump under 600", "between 200 and
// 400", "cheap spa cover"), measured attributes ("3hp", "1 1/2 inch", "250k btu", "variable speed")
// and "X for Y" (an X that fits Y). Pure functions, used on both sides: the same attribute reader
// turns a product's title, tags and specification table into attribute words at index time
// (search-attributes.ts), so "1.5 horsepower" typed meets "1.5 HP" written.
//
// Attributes become canonical words ("3hp", "230v", "1d5in", "400000btu", "5500w", "40000gal",
// "75sqft", "variablespeed") that sit in the products' search vectors: a query attribute is one more
// word every match must hold, answered by the same GIN index as the others.

import type { AttributeName } from "../../shared/search-understanding.ts";
import { singular, tokenize } from "./search-text.ts";

// ---------------------------------------------------------------------------------------------
// Numbers: "1.5", "400,000", "3/4", "1 1/2", "1-1/2", "4-15/16", "250k".

const DENOMINATORS = new Set([2, 4, 8, 16, 32, 64]);

/** A fraction's value when it reads as one (3/4, 15/16); null for "115/230" (two voltages) and the like. */
function fractionValue(numerator: number, denominator: number): number | null {
  if (!DENOMINATORS.has(denominator) || numerator <= 0 || numerator >= denominator) return null;
  return numerator / denominator;
}

/** The number a written amount stands for: fractions, thousands separators and a trailing k. */
export function parseNumber(text: string): number | null {
  const t = text.trim().toLowerCase();
  const k = /\s*k$/.test(t);
  const body = t.replace(/\s*k$/, "");
  let value: number | null = null;
  const mixed = /^(\d+)[\s-]+(\d{1,2})\/(\d{1,2})$/.exec(body);
  const simple = /^(\d{1,2})\/(\d{1,2})$/.exec(body);
  if (mixed) {
    const fraction = fractionValue(Number(mixed[2]), Number(mixed[3]));
    value = fraction === null ? null : Number(mixed[1]) + fraction;
  } else if (simple) {
    value = fractionValue(Number(simple[1]), Number(simple[2]));
  } else if (/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\.\d+$/.test(body)) {
    value = Number(body.replace(/,/g, ""));
  }
  if (value === null || !Number.isFinite(value)) return null;
  return k ? value * 1000 : value;
}

/** A number as it appears in an attribute word: no trailing zeros, at most 4 decimals. */
export function formatNumber(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

// ---------------------------------------------------------------------------------------------
// Attributes

export type { AttributeName };

export interface Attribute {
  name: AttributeName;
  /** The number (speed: 1 single, 2 two, 0 variable). */
  value: number;
  /** The canonical search word: "3hp", "230v", "1d5in" (1.5 in), "variablespeed". */
  word: string;
  /** As written. */
  text: string;
  start: number;
  end: number;
}

const UNIT_SUFFIX: Record<Exclude<AttributeName, "speed">, string> = {
  horsepower: "hp",
  voltage: "v",
  size: "in",
  filterArea: "sqft",
  btu: "btu",
  watts: "w",
  gallons: "gal",
};

const SPEED_WORDS = ["variablespeed", "singlespeed", "twospeed"] as const;

/** The canonical word of an attribute value. */
export function attributeWord(name: AttributeName, value: number): string {
  if (name === "speed") return value === 0 ? SPEED_WORDS[0] : value === 1 ? SPEED_WORDS[1] : SPEED_WORDS[2];
  // "d" for the decimal point: the text search parser would split "1.5in" into "1.5" and "in".
  return `${formatNumber(value).replace(".", "d")}${UNIT_SUFFIX[name]}`;
}

/** Every attribute word, for telling them from typed words. */
export function isAttributeWord(word: string): boolean {
  return /^\d+(?:d\d+)?(?:hp|v|in|sqft|btu|w|gal)$/.test(word) || (SPEED_WORDS as readonly string[]).includes(word);
}

// A number: mixed fraction, simple fraction, thousands, decimal; then an optional k (thousands).
const NUMBER = String.raw`(?:\d+[\s-]+\d{1,2}\/\d{1,2}|\d{1,2}\/\d{1,2}|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.\d+|\d+)(?:\s*k(?![a-z]))?`;
// Units, longest spelling first. "k" before a unit is a multiplier: "250k btu", "5.5 kw" (5,500 w).
const UNITS: [Exclude<AttributeName, "speed">, string][] = [
  ["horsepower", String.raw`horse\s*power|horsepower|h\.p\.?|hp|horse`],
  ["filterArea", String.raw`sq(?:uare)?\.?\s*f(?:ee|oo)?t\.?|sqft|sf|ft2|ft²`],
  ["btu", "btu(?:h|s)?"],
  ["gallons", String.raw`gallons?|gals?\.?`],
  ["voltage", "volts?|vac|vdc|v"],
  ["watts", "kilowatts?|kw|watts?|w"],
  ["size", String.raw`inch(?:es)?|in\.?|"|''|”`],
];
const UNIT_PATTERN = UNITS.map(([name, pattern]) => `(?<${name}>${pattern})`).join("|");
// Before: not part of a longer token (a part number such as SP2610X15). After: the unit ends the word
// (the inch mark ends itself).
const QUANTITY = new RegExp(
  String.raw`(?<![a-z0-9.\/,-])(?<number>${NUMBER})\s*-?\s*(?:${UNIT_PATTERN})(?![a-z0-9])`,
  "gi",
);
// "115/230V": two voltages.
const VOLTAGE_PAIR = /(?<![a-z0-9./-])(\d{2,3})\s*\/\s*(\d{2,3})\s*(?:volts?|vac|v)(?![a-z0-9])/gi;
const SPEEDS: [number, RegExp][] = [
  [0, /(?<![a-z0-9])(?:variable[\s-]*speed|var[\s-]*speed|vsp?)(?![a-z0-9])/gi],
  [2, /(?<![a-z0-9])(?:2|two|dual)[\s-]*speed(?![a-z0-9])/gi],
  [1, /(?<![a-z0-9])(?:1|one|single)[\s-]*speed(?![a-z0-9])/gi],
];

/** Every measured attribute written in the text, in order. Overlaps are resolved first come. */
export function findAttributes(text: string): Attribute[] {
  const found: Attribute[] = [];
  const taken = (start: number, end: number) => found.some((a) => start < a.end && end > a.start);
  const add = (name: AttributeName, value: number, start: number, end: number) => {
    if (taken(start, end) && !found.some((a) => a.start === start && a.end === end)) return;
    found.push({ name, value, word: attributeWord(name, value), text: text.slice(start, end).trim(), start, end });
  };
  for (const match of text.matchAll(VOLTAGE_PAIR)) {
    const end = match.index + match[0].length;
    add("voltage", Number(match[1]), match.index, end);
    add("voltage", Number(match[2]), match.index, end);
  }
  for (const [value, pattern] of SPEEDS) {
    for (const match of text.matchAll(pattern)) add("speed", value, match.index, match.index + match[0].length);
  }
  for (const match of text.matchAll(QUANTITY)) {
    const groups = match.groups ?? {};
    const unit = UNITS.find(([name]) => groups[name] !== undefined);
    const value = parseNumber(groups.number ?? "");
    if (!unit || value === null || value <= 0) continue;
    const [name] = unit;
    let amount = value;
    // Kilowatts: "5.5 kw" arrives as 5.5 with the k read as the multiplier, or as 5.5 "kw".
    if (name === "watts" && /^k/i.test(groups.watts ?? "")) amount = value * 1000;
    // "2 in" names a size; "3 in tabs" too (the tablet's size). A "v" after a number under 5 or over
    // 1,000 ends a model number ("3721621 1V"), it is no voltage.
    if (name === "voltage" && (amount > 1000 || amount < 5)) continue;
    if (name === "size" && amount > 120) continue;
    if (name === "horsepower" && amount > 50) continue;
    add(name, amount, match.index, match.index + match[0].length);
  }
  return found.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Prices

export interface PriceIntent {
  min: number | null;
  max: number | null;
  /** The phrases as typed, for "Price: under 600" and for removing them. */
  text: string;
  /** "cheap", "budget": the lowest prices first. */
  lowFirst: boolean;
}

const CURRENCY_AFTER = String.raw`(?:\s*(?:\$|usd|dollars?|bucks))`;
const AMOUNT = String.raw`(?<cur>\$|usd\s*)?\s*(?<n>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<d>\d{1,2}))?(?<k>\s*k(?![a-z]))?(?<after>${CURRENCY_AFTER})?`;
// A bare number followed by one of these measures something else: "under 100 gpm", "over 1 hp".
const NOT_MONEY =
  /^\s*(?:-?\s*(?:hp|horse|h\.p|v\b|volt|vac|in\b|inch|"|''|ft|feet|foot|gpm|gph|gal|btu|w\b|watt|kw|sq|lb|lbs|oz|qt|pack|pk|x\b|%|amp|psi|mm|cm|year|yr|month|day|hour|min\b|sec|speed|port|way|piece|pc))/i;
const PRICED = String.raw`(?:(?<![a-z0-9])(?:priced|costing|for|at|and)\s+)?`;
// Words need a word boundary; < and > do not ("robot>$700").
const UPPER = String.raw`(?:(?<![a-z0-9])(?:under|below|beneath|less\s+than|cheaper\s+than|smaller\s+than|lower\s+than|up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?|within)|<=?)`;
const LOWER = String.raw`(?:(?<![a-z0-9])(?:over|above|more\s+than|greater\s+than|more\s+expensive\s+than|higher\s+than|at\s+least|min(?:imum)?|starting\s+at)|>=?)`;
const BOUND_PHRASE = new RegExp(String.raw`${PRICED}(?:(?<upper>${UPPER})|(?<lower>${LOWER}))\s*${AMOUNT}`, "gi");
const AMOUNT2 = AMOUNT.replace(/\?<(cur|n|d|k|after)>/g, "?<$12>");
const RANGE_PHRASE = new RegExp(
  String.raw`(?<![a-z0-9])${PRICED}(?:(?<between>between|from)\s+)?${AMOUNT}\s*(?:-|to|and)\s*${AMOUNT2}`,
  "gi",
);
const CHEAP =
  /(?<![a-z0-9])(?:cheap(?:est|er)?|budget|affordable|inexpensive|low[\s-]*(?:cost|priced?)|bargain|economical)(?![a-z0-9])/gi;

function moneyOf(groups: Record<string, string | undefined>, suffix = ""): number {
  const whole = Number((groups[`n${suffix}`] ?? "0").replace(/,/g, ""));
  const cents = groups[`d${suffix}`] ? Number(`0.${groups[`d${suffix}`]}`) : 0;
  const value = whole + cents;
  return groups[`k${suffix}`] ? value * 1000 : value;
}

function hasCurrency(groups: Record<string, string | undefined>, suffix = ""): boolean {
  return Boolean(groups[`cur${suffix}`] || groups[`after${suffix}`]);
}

interface Span {
  start: number;
  end: number;
  /** A "cheap" word (not a bound). */
  lowFirst?: boolean;
}

/** Prices typed into a query, and the spans they take. Bare numbers count unless a unit follows. */
export function findPriceIntent(text: string): { intent: PriceIntent | null; spans: Span[] } {
  let min: number | null = null;
  let max: number | null = null;
  let lowFirst = false;
  const spans: Span[] = [];
  const texts: string[] = [];
  const overlaps = (start: number, end: number) => spans.some((s) => start < s.end && end > s.start);
  const take = (start: number, end: number, lowFirstWord = false) => {
    spans.push(lowFirstWord ? { start, end, lowFirst: true } : { start, end });
    texts.push(text.slice(start, end).trim());
  };
  for (const match of text.matchAll(RANGE_PHRASE)) {
    const groups = match.groups ?? {};
    const end = match.index + match[0].length;
    // "2 to 3 hp", "1-1/2": a range of something else. A price range says so ($, dollars, between).
    if (!groups.between && !hasCurrency(groups) && !hasCurrency(groups, "2")) continue;
    if (!hasCurrency(groups, "2") && NOT_MONEY.test(text.slice(end))) continue;
    const low = moneyOf(groups);
    const high = moneyOf(groups, "2");
    if (!(high > low)) continue;
    min = low;
    max = high;
    take(match.index, end);
  }
  for (const match of text.matchAll(BOUND_PHRASE)) {
    const groups = match.groups ?? {};
    const end = match.index + match[0].length;
    if (overlaps(match.index, end)) continue;
    if (!hasCurrency(groups) && NOT_MONEY.test(text.slice(end))) continue;
    const amount = moneyOf(groups);
    if (!(amount > 0)) continue;
    if (groups.upper !== undefined) max = max === null ? amount : Math.min(max, amount);
    else min = min === null ? amount : Math.max(min, amount);
    take(match.index, end);
  }
  for (const match of text.matchAll(CHEAP)) {
    lowFirst = true;
    take(match.index, match.index + match[0].length, true);
  }
  if (min !== null && max !== null && max <= min) max = null;
  if (min === null && max === null && !lowFirst) return { intent: null, spans: [] };
  return { intent: { min, max, lowFirst, text: texts.join(" ") }, spans };
}

// ---------------------------------------------------------------------------------------------
// Product types: the noun that names what a product is ("pump", "cartridge", "gasket").

/** The store's product-type nouns (singular). Compound types are written as one word. */
export const TYPE_NOUNS = new Set([
  "actuator",
  "adapter",
  "alarm",
  "algaecide",
  "assembly",
  "bag",
  "ball",
  "basket",
  "blanket",
  "blower",
  "board",
  "brush",
  "bulb",
  "cam",
  "cartridge",
  "cell",
  "chlorinator",
  "chlorine",
  "clamp",
  "clarifier",
  "cleaner",
  "connector",
  "control",
  "cover",
  "diffuser",
  "drain",
  "element",
  "feeder",
  "filter",
  "fitting",
  "flocculant",
  "gasket",
  "gauge",
  "generator",
  "grid",
  "handrail",
  "head",
  "heater",
  "heatpump",
  "hose",
  "housing",
  "igniter",
  "impeller",
  "increaser",
  "jet",
  "keypad",
  "kit",
  "ladder",
  "lens",
  "lid",
  "light",
  "manifold",
  "media",
  "module",
  "motor",
  "net",
  "oring",
  "ozonator",
  "pack",
  "panel",
  "pillow",
  "pipe",
  "pole",
  "powder",
  "pump",
  "reducer",
  "robot",
  "sand",
  "screw",
  "seal",
  "sensor",
  "shock",
  "skimmer",
  "strip",
  "switch",
  "system",
  "tab",
  "tablet",
  "tailpiece",
  "throat",
  "timer",
  "topside",
  "transformer",
  "union",
  "vacuum",
  "valve",
  "wing",
]);

/** Nouns that say little on their own: "Pressure Switch Kit" is a switch, "Seal Assembly" a seal. */
const WEAK_NOUNS = new Set(["kit", "assembly", "system", "pack", "element", "ball", "head", "control"]);

/** What a type word stands for: plural and compound forms folded ("o ring" -> oring, "tablets" -> tab). */
const TYPE_ALIASES: Record<string, string> = { tablet: "tab", robot: "cleaner", ignitor: "igniter" };

/**
 * A word typed in part, of at least four letters, that starts a product type ("chlorinat" of chlorinator):
 * the query's last word, which is searched as a prefix.
 */
export function startsTypeNoun(word: string): boolean {
  if (word.length < 4) return false;
  for (const noun of TYPE_NOUNS) if (noun.startsWith(word)) return true;
  return false;
}

/**
 * The type nouns a run of words ends in, from its end: the last strong noun (and weak ones after it).
 * Strict (a type name such as "Filter Media"): only the last words count, nothing is skipped.
 */
export function typeNounsOf(words: readonly string[], strict = false): string[] {
  const nouns: string[] = [];
  for (let i = words.length - 1; i >= 0; i--) {
    let word = singular(words[i]);
    // Compounds: "o ring", "heat pump".
    if (word === "ring" && words[i - 1] === "o") word = "oring";
    else if (word === "pump" && words[i - 1] === "heat") word = "heatpump";
    else if (word === "o" && singular(words[i + 1] ?? "") === "ring") continue;
    word = TYPE_ALIASES[word] ?? word;
    // "Pump Part", "Filter Part": a part of the thing, not the thing.
    if (word === "part") break;
    if (!TYPE_NOUNS.has(word)) {
      if (strict) break;
      continue;
    }
    if (!nouns.includes(word)) nouns.push(word);
    if (!WEAK_NOUNS.has(word)) break;
  }
  return nouns;
}

// ---------------------------------------------------------------------------------------------
// The whole query

export interface QueryUnderstanding {
  /** The query without price phrases and attributes: the words to search. */
  text: string;
  /** The words naming the product ("gasket" of "gasket for pentair filter"). */
  head: string;
  /** The words naming what it fits ("pentair filter"), or "". */
  fits: string;
  price: PriceIntent | null;
  attributes: Attribute[];
}

const FITS_SPLIT =
  /\s(?:for|that\s+fits?|fits?|fitting|to\s+fit|compatible\s+with|replacement\s+for|with|w\/)\s(?=\S)/i;

function cut(text: string, spans: readonly Span[]): string {
  let out = "";
  let cursor = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < cursor) continue;
    out += `${text.slice(cursor, span.start)} `;
    cursor = span.end;
  }
  return (out + text.slice(cursor)).replace(/\s+/g, " ").trim();
}

/**
 * Reads a query: its price phrases (as a filter; never words to match), its measured attributes (as
 * canonical attribute words) and its "X for Y" split. `keepPrices` leaves the price phrases in the text
 * (the price filter was set explicitly).
 */
export function understandQuery(q: string): QueryUnderstanding {
  const cached = understood.get(q);
  if (cached) {
    // Most recently used last: the oldest entry is the first the map iterates.
    understood.delete(q);
    understood.set(q, cached);
    return cached;
  }
  const reading = readQuery(q);
  understood.set(q, reading);
  if (understood.size > UNDERSTOOD_CACHE_SIZE) understood.delete(understood.keys().next().value as string);
  return reading;
}

// The same queries come again and again (the dropdown asks as the shopper types, the page asks again,
// popular searches): a query's reading is a few dozen regular expressions, kept for the most recent ones.
const UNDERSTOOD_CACHE_SIZE = 1_000;
const understood = new Map<string, Readonly<QueryUnderstanding>>();

function readQuery(q: string): QueryUnderstanding {
  const lower = q.toLowerCase();
  const { intent, spans } = findPriceIntent(lower);
  const withoutPrice = cut(lower, spans);
  const attributes = findAttributes(withoutPrice);
  const text = cut(withoutPrice, attributes);
  // A dangling connector left by a removed phrase ("pump for under 600" -> "pump for").
  const tidy = text.replace(/\s+(?:for|with|and|at|priced|costing)$/i, "").replace(/^(?:for|with)\s+/i, "");
  const split = FITS_SPLIT.exec(` ${tidy} `);
  let head = tidy;
  let fits = "";
  if (split && split.index > 0) {
    const padded = ` ${tidy} `;
    head = padded.slice(0, split.index).trim();
    fits = padded.slice(split.index + split[0].length).trim();
  }
  return { text: tidy, head, fits, price: intent, attributes };
}

/**
 * The measured attributes typed into q, and q as typed without them (case and price words kept):
 * "3 hp pool pump under 600" -> "pool pump under 600" and 3 HP. The results page moves them into
 * attribute filters (a=horsepower_3).
 */
export function splitAttributes(q: string): { text: string; attributes: Attribute[] } {
  const lower = q.toLowerCase();
  const { spans } = findPriceIntent(lower);
  // Price phrases blanked in place: the attribute spans then point into q itself.
  let blanked = lower;
  for (const span of spans) {
    blanked = blanked.slice(0, span.start) + " ".repeat(span.end - span.start) + blanked.slice(span.end);
  }
  const attributes = findAttributes(blanked);
  if (attributes.length === 0) return { text: q.trim(), attributes };
  const text = cut(q, attributes)
    .replace(/\s+(?:for|with|and|at)$/i, "")
    .replace(/^(?:for|with)\s+/i, "")
    .trim();
  return { text, attributes };
}

/** The query as typed without its price words ("pool pump under 600" -> "pool pump"): removing a typed price. */
export function withoutPriceWords(q: string, options: { keepLowFirst?: boolean } = {}): string {
  const { spans } = findPriceIntent(q.toLowerCase());
  const removed = options.keepLowFirst ? spans.filter((span) => !span.lowFirst) : spans;
  return cut(q, removed)
    .replace(/\s+(?:for|with|and|at|priced|costing)$/i, "")
    .trim();
}

/** The words of the head part, for finding the product type asked for. */
export function headWords(understanding: QueryUnderstanding): string[] {
  return tokenize(understanding.head);
}
