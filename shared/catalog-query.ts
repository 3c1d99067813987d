import { z } from "zod";
import {
  type AttributeFilter,
  formatAttributeFilter,
  MAX_ATTRIBUTE_FILTERS,
  parseAttributeFilter,
} from "./search-understanding.ts";

// The product list query, shared by the
// REST API and the pages so both read and write the same URLs and apply the same rules.
//
// URL encoding of the tag filters `t`: one parameter per filter, `t=<prefix>_<value>`, repeated
// (`?t=Brand_Hayward&t=Horsepower_1.5 HP`). The prefix is everything before the first underscore;
// its words are joined by dashes (`Pump-Type_Variable Speed`), and dashes and spaces in a prefix are
// treated alike. Values may contain anything but are never empty. Filters with the same prefix are
// alternatives (OR); different prefixes must all hold (AND). For old clients a single `t` holding a
// JSON list of pairs (`t=[["Brand","Hayward"]]`) is accepted too.

export const SORT_OPTIONS = [
  "default",
  "id_asc",
  "id_desc",
  "title_asc",
  "title_desc",
  "price_asc",
  "price_desc",
  "top_rated",
  "best_selling",
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Page sizes offered by the per-page select. */
export const LIMIT_OPTIONS = [8, 16, 24, 48, 64, 76] as const;

/** A search runs only when q or v has at least this many characters. */
export const MIN_SEARCH_LENGTH = 3;
export const MAX_TAG_FILTERS = 30;
export const MAX_QUERY_LENGTH = 200;
/** Far beyond any real catalog; keeps OFFSET arithmetic in safe integers. */
export const MAX_PAGE = 1_000_000;

/** The fields of a product card; `fields` projects onto these. */
export const CARD_FIELDS = [
  "id",
  "title",
  "vendor",
  "imageUrl",
  "handle",
  "avgRating",
  "totalReviews",
  "price",
  "compareAtPrice",
  "isFeatured",
  "Images",
  "availableInventoryLevels",
] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export interface TagFilter {
  /** As written in the URL, dashes and all (`Pump-Type`). */
  prefix: string;
  value: string;
}

export interface CatalogQuery {
  /** Trimmed search text; "" when absent. */
  q: string;
  /** Vendor names (v, or `vendor` as the brand page sends it); alternatives. */
  vendors: string[];
  minPrice: number | null;
  maxPrice: number | null;
  sortBy: SortOption;
  limit: number;
  /** 0-based. */
  page: number;
  tags: TagFilter[];
  /** c: a collection id; its descendants are included. */
  collectionId: number | null;
  isFeatured: boolean | null;
  /** null: all card fields. */
  fields: CardField[] | null;
  availableForSaleOnly: boolean;
  /** fits: equipment model handles; only products that fit one of them (alternatives). */
  fits?: string[];
  /**
   * a: measured attributes (`a=horsepower_3`), read exactly like the same attribute typed into q.
   * Absent means none.
   */
  attributes?: AttributeFilter[];
}

/** The median of the allowed page sizes: the mean of the two middle values for an even-sized set. */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** 36 for 8, 16, 24, 48, 64, 76. */
export const DEFAULT_LIMIT = medianOf(LIMIT_OPTIONS);

/**
 * A non-number, or a value outside the minimum and maximum of the allowed set, becomes the
 * median of the set. A whole number inside the range is kept (the brand page asks for 25), and so is
 * one of `exact` (the header dropdown's 4, which the product API answers as asked).
 */
export function normalizeLimit(
  value: unknown,
  options: readonly number[] = LIMIT_OPTIONS,
  exact: readonly number[] = [],
): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const median = medianOf(options);
  if (!/^\d+$/.test(text)) return median;
  const limit = Number(text);
  if (exact.includes(limit)) return limit;
  return limit < Math.min(...options) || limit > Math.max(...options) ? median : limit;
}

/** How a caller reads the query beyond its encoding. */
export interface CatalogQueryOptions {
  /** Page sizes kept as asked though outside the allowed set (the product API: the header dropdown's). */
  exactLimits?: readonly number[];
}

export class CatalogQueryError extends Error {
  override name = "CatalogQueryError";
}

/** Splits `Prefix_Value` at the first underscore. Throws CatalogQueryError when it is not a tag filter. */
export function parseTagFilter(text: string): TagFilter {
  const cut = text.indexOf("_");
  const prefix = cut > 0 ? text.slice(0, cut).trim() : "";
  const value = cut > 0 ? text.slice(cut + 1).trim() : "";
  if (!prefix || !value) {
    throw new CatalogQueryError(
      `Invalid tag filter "${text.slice(0, 60)}": write it as prefix_value, for example t=Brand_Hayward.`,
    );
  }
  if (text.length > 200) throw new CatalogQueryError("Invalid tag filter: at most 200 characters.");
  return { prefix, value };
}

/** The URL form of a tag filter: `Pump-Type_Variable Speed`. */
export function formatTagFilter(tag: TagFilter): string {
  return `${tag.prefix.trim().replace(/\s+/g, "-")}_${tag.value}`;
}

/** Prefixes are compared ignoring case, with dashes and spaces alike. */
export function tagPrefixKey(prefix: string): string {
  return prefix
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, " ");
}

function parseJsonTagList(text: string): TagFilter[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CatalogQueryError(
      'Invalid tag filter list: expected t=prefix_value or a JSON list such as [["Brand","Hayward"]].',
    );
  }
  const pairs = z.array(z.tuple([z.string().trim().min(1), z.string().trim().min(1)])).safeParse(parsed);
  if (!pairs.success) {
    throw new CatalogQueryError(
      "Invalid tag filter list: each entry must be a [prefix, value] pair of non-empty strings.",
    );
  }
  return pairs.data.map(([prefix, value]) => ({ prefix, value }));
}

export function parseTagFilters(raw: readonly string[]): TagFilter[] {
  const tags: TagFilter[] = [];
  for (const item of raw) {
    if (item.trim() === "") continue;
    if (item.trimStart().startsWith("[")) tags.push(...parseJsonTagList(item));
    else tags.push(parseTagFilter(item));
  }
  if (tags.length > MAX_TAG_FILTERS) throw new CatalogQueryError(`Too many tag filters: at most ${MAX_TAG_FILTERS}.`);
  // The same filter twice is one filter.
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = `${tagPrefixKey(tag.prefix)}\u0000${tag.value.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A query string value: absent, one string, or several (repeated parameter). */
const queryValue = z.union([z.string(), z.array(z.string())]).optional();
export type RawCatalogQuery = Record<string, string | string[] | undefined>;

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function single(name: string, value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) {
    const distinct = [...new Set(value.map((v) => v.trim()))];
    if (distinct.length > 1) throw new CatalogQueryError(`${name} may be given only once.`);
    return distinct[0];
  }
  return value?.trim();
}

function parsePrice(name: string, text: string | undefined): number | null {
  if (text === undefined || text === "") return null;
  const cleaned = text.replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned) || !Number.isFinite(Number(cleaned))) {
    throw new CatalogQueryError(`${name} must be a number of 0 or more, for example ${name}=49.99.`);
  }
  return Math.round(Number(cleaned) * 100) / 100;
}

function parseBoolean(name: string, text: string | undefined): boolean | null {
  if (text === undefined || text === "") return null;
  const lower = text.toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  throw new CatalogQueryError(`${name} must be true or false.`);
}

export function parseSortBy(text: string | undefined): SortOption {
  if (text === undefined || text === "") return "default";
  if ((SORT_OPTIONS as readonly string[]).includes(text)) return text as SortOption;
  throw new CatalogQueryError(`sortBy must be one of: ${SORT_OPTIONS.join(", ")}.`);
}

export function parsePage(text: string | undefined): number {
  if (text === undefined || text === "") return 0;
  if (!/^\d+$/.test(text)) {
    throw new CatalogQueryError("page must be a whole number of 0 or more (pages count from 0).");
  }
  return Math.min(Number(text), MAX_PAGE);
}

function parseFields(text: string | undefined): CardField[] | null {
  if (text === undefined || text === "") return null;
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(CARD_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new CatalogQueryError(`Unknown field ${unknown.join(", ")} in fields; allowed: ${CARD_FIELDS.join(", ")}.`);
  }
  return [...new Set(names)] as CardField[];
}

/** The `a` values: each must name a known attribute and a value (`horsepower_3`, `speed_variable`). */
export function parseAttributeFilters(raw: readonly string[]): AttributeFilter[] {
  const filters: AttributeFilter[] = [];
  for (const item of raw) {
    if (item.trim() === "") continue;
    const filter = parseAttributeFilter(item);
    if (!filter) {
      throw new CatalogQueryError(
        `Invalid attribute filter "${item.slice(0, 60)}": write it as name_value, for example a=horsepower_1.5 or a=speed_variable.`,
      );
    }
    if (!filters.some((f) => f.name === filter.name && f.value === filter.value)) filters.push(filter);
  }
  if (filters.length > MAX_ATTRIBUTE_FILTERS) {
    throw new CatalogQueryError(`Too many attribute filters: at most ${MAX_ATTRIBUTE_FILTERS}.`);
  }
  return filters;
}

export const rawCatalogQuerySchema = z.record(z.string(), queryValue);

/**
 * Validates and normalises the query string of GET /api/products/filter (and of the pages that
 * carry the same parameters). Throws CatalogQueryError with a message for the shopper or developer.
 */
export function parseCatalogQuery(raw: RawCatalogQuery, options: CatalogQueryOptions = {}): CatalogQuery {
  const fits = parseFits(list(raw.fits));
  const fields = parseCatalogFields(raw, options);
  return fits.length > 0 ? { ...fields, fits } : fields;
}

function parseCatalogFields(raw: RawCatalogQuery, options: CatalogQueryOptions): CatalogQuery {
  const q = single("q", raw.q) ?? "";
  if (q.length > MAX_QUERY_LENGTH)
    throw new CatalogQueryError(`q is too long: at most ${MAX_QUERY_LENGTH} characters.`);
  const vendors = [...list(raw.v), ...list(raw.vendor)].map((v) => v.trim()).filter(Boolean);
  if (vendors.some((v) => v.length > 100)) throw new CatalogQueryError("v is too long: at most 100 characters.");
  const minPrice = parsePrice("minPrice", single("minPrice", raw.minPrice));
  const maxPrice = parsePrice("maxPrice", single("maxPrice", raw.maxPrice));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    throw new CatalogQueryError("minPrice must not be greater than maxPrice.");
  }
  const collectionText = single("c", raw.c);
  let collectionId: number | null = null;
  if (collectionText !== undefined && collectionText !== "") {
    if (!/^\d{1,9}$/.test(collectionText)) throw new CatalogQueryError("c must be a collection id (a whole number).");
    collectionId = Number(collectionText);
  }
  return {
    q,
    vendors: [...new Set(vendors)],
    minPrice,
    maxPrice,
    sortBy: parseSortBy(single("sortBy", raw.sortBy)),
    limit: normalizeLimit(Array.isArray(raw.limit) ? raw.limit[0] : raw.limit, LIMIT_OPTIONS, options.exactLimits),
    page: parsePage(single("page", raw.page)),
    tags: parseTagFilters(list(raw.t)),
    collectionId,
    isFeatured: parseBoolean("isFeatured", single("isFeatured", raw.isFeatured)),
    fields: parseFields(single("fields", raw.fields)),
    availableForSaleOnly:
      parseBoolean("availableForSaleOnly", single("availableForSaleOnly", raw.availableForSaleOnly)) ?? false,
    attributes: parseAttributeFilters(list(raw.a)),
  };
}

export const MAX_FITS_FILTERS = 50;

/** `fits=a,b` or `fits=a&fits=b`: equipment model handles. */
function parseFits(raw: readonly string[]): string[] {
  const handles = [
    ...new Set(
      raw
        .flatMap((item) => item.split(","))
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  if (handles.length > MAX_FITS_FILTERS) {
    throw new CatalogQueryError(`Too many models in fits: at most ${MAX_FITS_FILTERS}.`);
  }
  const bad = handles.find((handle) => !/^[a-z0-9-]{1,160}$/.test(handle));
  if (bad !== undefined) {
    throw new CatalogQueryError(
      `fits must list equipment handles such as hayward-super-pump-sp2610x15, not "${bad.slice(0, 60)}".`,
    );
  }
  return handles;
}

/** Like parseCatalogQuery, for callers that prefer a result to an exception (pages). */
export function safeParseCatalogQuery(
  raw: RawCatalogQuery,
): { success: true; data: CatalogQuery } | { success: false; error: string } {
  try {
    return { success: true, data: parseCatalogQuery(raw) };
  } catch (error) {
    if (error instanceof CatalogQueryError) return { success: false, error: error.message };
    throw error;
  }
}

/** True when the request must answer an empty result: q or v given, but neither long enough. */
export function isSearchTooShort(query: Pick<CatalogQuery, "q" | "vendors">): boolean {
  const qLength = [...query.q].length;
  const vLength = Math.max(0, ...query.vendors.map((v) => [...v].length));
  if (qLength === 0 && vLength === 0) return false;
  return qLength < MIN_SEARCH_LENGTH && vLength < MIN_SEARCH_LENGTH;
}

/** The URL query string for a catalog query (only what differs from the defaults), for links and fetches. */
export function catalogQueryToSearchParams(query: Partial<CatalogQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  for (const vendor of query.vendors ?? []) params.append("v", vendor);
  if (query.minPrice != null) params.set("minPrice", query.minPrice.toFixed(2));
  if (query.maxPrice != null) params.set("maxPrice", query.maxPrice.toFixed(2));
  if (query.sortBy && query.sortBy !== "default") params.set("sortBy", query.sortBy);
  if (query.limit != null) params.set("limit", String(query.limit));
  if (query.page) params.set("page", String(query.page));
  for (const tag of query.tags ?? []) params.append("t", formatTagFilter(tag));
  if (query.collectionId != null) params.set("c", String(query.collectionId));
  if (query.isFeatured != null) params.set("isFeatured", String(query.isFeatured));
  if (query.fields) params.set("fields", query.fields.join(","));
  if (query.availableForSaleOnly) params.set("availableForSaleOnly", "true");
  if (query.fits?.length) params.set("fits", query.fits.join(","));
  for (const attribute of query.attributes ?? []) params.append("a", formatAttributeFilter(attribute));
  return params;
}
