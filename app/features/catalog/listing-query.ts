// The URL state of the product listings (category and search results pages), on the browser's side:
// writing filter changes back to a URL and showing a pending change before its page arrives. Reading a
// URL with the full rules (shared/catalog-query.ts) happens in the loaders: listing-query.server.ts.
// Nothing here imports shared/catalog-query.ts at run time, which would bring zod (~24 KB gzip) along.

import type { CatalogQuery, TagFilter } from "../../../shared/catalog-query.ts";
import type { ProductCardData } from "../../components/product-card.tsx";
import type { ProductFilterResult } from "./catalog-data.server.ts";

/**
 * Parameters a listing page reads from its query string (page, q, t, c, v, sortBy, minPrice, maxPrice,
 * limit, and a: attribute filters such as a=horsepower_3).
 */
export const LISTING_PARAMS = [
  "q",
  "v",
  "minPrice",
  "maxPrice",
  "sortBy",
  "limit",
  "page",
  "t",
  "c",
  "a",
  "fits",
] as const;

/** Shop by price: the highest price split into this many equal ranges. */
export const SHOP_BY_PRICE_RANGES = 5;

export type ParamChanges = Record<string, string | readonly string[] | null | undefined>;

/**
 * The URL after a filter change: each named parameter is replaced (null or "" removes it) and the page
 * goes back to the first one, since the old page number means nothing in the new list.
 */
export function listingHref(pathname: string, search: string, changes: ParamChanges, keepPage = false): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    params.delete(name);
    if (value == null) continue;
    for (const item of typeof value === "string" ? [value] : value) if (item !== "") params.append(name, item);
  }
  if (!keepPage && !("page" in changes)) params.delete("page");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The same as tagPrefixKey in shared/catalog-query.ts (prefixes compare ignoring case, dashes and spaces
 * alike); listing-query.test.ts keeps the two in step.
 */
export function prefixKey(prefix: string): string {
  return prefix
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, " ");
}

/** The same as formatTagFilter in shared/catalog-query.ts: `Pump-Type_Variable Speed`. */
export function tagParam(tag: TagFilter): string {
  return `${tag.prefix.trim().replace(/\s+/g, "-")}_${tag.value}`;
}

/** The tags after choosing `value` (or None: null) for one tag prefix: other prefixes are kept. */
function chooseTag(current: readonly TagFilter[], prefix: string, value: string | null): TagFilter[] {
  const key = prefixKey(prefix);
  const others = current.filter((tag) => prefixKey(tag.prefix) !== key);
  return value === null ? others : [...others, { prefix, value }];
}

/** The `t` values after choosing `value` (or None: null) for one tag prefix: other prefixes are kept. */
export function withTagChoice(current: readonly TagFilter[], prefix: string, value: string | null): string[] {
  return chooseTag(current, prefix, value).map(tagParam);
}

/** What the sidebar's controls hold in the page (a select's value; a tag group's checked radio, "" for None). */
export interface SidebarControls {
  sortBy: string;
  limit: string;
  vendor: string | null;
  /** The checked value of each tag group shown, by prefix. */
  tags: Record<string, string>;
}

/**
 * The changes a shopper made to the sidebar before its code arrived (a select changed, a radio checked on
 * the server's HTML: the browser shows them, but no handler saw them), as one URL change, or null. `shown`
 * is what the page rendered, `held` what its controls hold once the code runs.
 */
export function earlyChoices(
  shown: SidebarControls,
  held: SidebarControls,
  current: readonly TagFilter[],
): ParamChanges | null {
  const changes: ParamChanges = {};
  if (held.sortBy !== shown.sortBy) changes.sortBy = held.sortBy === "default" ? null : held.sortBy;
  if (held.limit !== shown.limit) changes.limit = held.limit || null;
  if (shown.vendor !== null && held.vendor !== null && held.vendor !== shown.vendor) changes.v = held.vendor || null;
  let tags: readonly TagFilter[] = current;
  for (const [prefix, value] of Object.entries(held.tags)) {
    if (shown.tags[prefix] === undefined || value === shown.tags[prefix]) continue;
    tags = chooseTag(tags, prefix, value || null);
    changes.t = tags.map(tagParam);
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** The value chosen for a prefix (the first, when a URL carries several), or null for None. */
export function chosenTagValue(current: readonly TagFilter[], prefix: string): string | null {
  const key = prefixKey(prefix);
  return current.find((tag) => prefixKey(tag.prefix) === key)?.value ?? null;
}

export interface PriceRange {
  min: number;
  max: number;
}

/** The highest price split into 5 equal ranges, each bound with 2 decimals. */
export function shopByPriceRanges(maxPrice: number, count = SHOP_BY_PRICE_RANGES): PriceRange[] {
  if (!Number.isFinite(maxPrice) || maxPrice <= 0 || count <= 0) return [];
  const step = maxPrice / count;
  const round = (value: number) => Math.round(value * 100) / 100;
  return Array.from({ length: count }, (_, index) => ({
    min: round(step * index),
    max: index === count - 1 ? round(maxPrice) : round(step * (index + 1)),
  }));
}

/**
 * A min is accepted when it is a number of 0 or more, a max when it is a
 * number above the min; accepted values are written with 2 decimals, refused ones are left out (null).
 */
export function acceptPriceFilter(
  minText: string | number | null | undefined,
  maxText: string | number | null | undefined,
): { minPrice: string | null; maxPrice: string | null } {
  const parse = (value: string | number | null | undefined): number | null => {
    if (value == null) return null;
    const text = String(value).trim().replace(/^\$/, "").replace(/,/g, "");
    if (text === "" || !/^\d*\.?\d+$/.test(text)) return null;
    const number = Number(text);
    return Number.isFinite(number) ? number : null;
  };
  const min = parse(minText);
  const max = parse(maxText);
  const acceptedMin = min !== null && min >= 0 ? min : null;
  const acceptedMax = max !== null && max > (acceptedMin ?? 0) ? max : null;
  return {
    minPrice: acceptedMin === null ? null : acceptedMin.toFixed(2),
    maxPrice: acceptedMax === null ? null : acceptedMax.toFixed(2),
  };
}

/** One page of a listing as the pages send it to the browser. */
export interface ListingResult {
  products: ProductCardData[];
  totalObjects: number;
  /** totalObjects and the facet counts are estimates (a broad search of a big catalog): shown as "about". */
  countsEstimated?: boolean;
  totalPages: number;
  limit: number;
  page: number;
  tagFilters: ProductFilterResult["pageInfo"]["availableTagFilters"];
  vendors: ProductFilterResult["pageInfo"]["availableVendors"];
  productMaxPrice: number;
  correctedQuery: string | null;
  collections: ProductFilterResult["collections"];
  /** How the search read its query (a typed price, attributes, "X for Y"); null without q. */
  understanding: ProductFilterResult["pageInfo"]["understanding"];
  /** The words searched when all of them together found nothing, and the words left out. */
  relaxedQuery: string | null;
  droppedWords: string[];
  /** The equipment model a model number in q names ("Parts for Hayward Super Pump SP2610X15"). */
  equipment?: ProductFilterResult["pageInfo"]["equipment"];
}

export type DisplayQuery = Pick<CatalogQuery, "q" | "tags" | "vendors" | "minPrice" | "maxPrice" | "sortBy" | "limit">;

/**
 * What the controls show: the loader's query, overlaid with the parameters of a pending URL (a change
 * waiting for its debounce or its page). Only for display: the loader validates the URL it receives.
 */
export function displayQuery(loaded: DisplayQuery, search: string, defaultLimit: number): DisplayQuery {
  const params = new URLSearchParams(search);
  const number = (name: string): number | null => {
    const text = params.get(name);
    const value = text === null || text === "" ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value : null;
  };
  const tags: TagFilter[] = [];
  for (const text of params.getAll("t")) {
    const cut = text.indexOf("_");
    if (cut > 0 && cut < text.length - 1) tags.push({ prefix: text.slice(0, cut), value: text.slice(cut + 1) });
  }
  return {
    q: params.get("q")?.trim() ?? "",
    tags,
    vendors: params.getAll("v").filter(Boolean),
    minPrice: number("minPrice"),
    maxPrice: number("maxPrice"),
    sortBy: (params.get("sortBy") || "default") as DisplayQuery["sortBy"],
    limit: params.has("limit") ? (number("limit") ?? loaded.limit) : defaultLimit,
  };
}
