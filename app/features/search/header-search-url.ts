// Where the header search box sends the shopper.
import type { CardField } from "../../../shared/catalog-query.ts";
import { HEADER_DROPDOWN_LIMIT } from "../../../shared/header-dropdown.ts";
import type { PriceChip } from "../../../shared/price-phrase.ts";
import { removePricePhrases } from "../../../shared/price-phrase.ts";

export const SEARCH_RESULTS_PATH = "/searchresults.asp";
/** Header box debounce; on the results page the page's own 400 ms applies. */
export const HEADER_DEBOUNCE_MS = 600;
export const RESULTS_PAGE_DEBOUNCE_MS = 400;

export function isResultsPage(pathname: string): boolean {
  return pathname.toLowerCase() === SEARCH_RESULTS_PATH;
}

/**
 * The results URL for a keyword. On the results page the search runs again with the shopper's other
 * filters kept; elsewhere it starts fresh. Either way the page goes back to the first (0).
 */
export function searchResultsUrl(query: string, current?: { pathname: string; search: string }): string {
  const params =
    current && isResultsPage(current.pathname) ? new URLSearchParams(current.search) : new URLSearchParams();
  params.delete("page");
  params.delete("search");
  params.set("q", query.trim());
  return `${SEARCH_RESULTS_PATH}?${params.toString()}`;
}

/** Accepting a price chip moves the amount into the price filter and the phrase out of the words. */
export function acceptChipUrl(query: string, chip: PriceChip, current?: { pathname: string; search: string }): string {
  const url = new URL(searchResultsUrl(removePricePhrases(query, [chip.bound]), current), "http://local");
  url.searchParams.set(chip.bound === "min" ? "minPrice" : "maxPrice", chip.amount.toFixed(2));
  return `${url.pathname}${url.search}`;
}

/** The price filter in force on the results page, for the chip rule; none elsewhere. */
export function currentPriceFilter(current: { pathname: string; search: string }): {
  minPrice: number | null;
  maxPrice: number | null;
} {
  if (!isResultsPage(current.pathname)) return { minPrice: null, maxPrice: null };
  const params = new URLSearchParams(current.search);
  const read = (name: string) => {
    const value = Number(params.get(name) ?? "");
    return params.get(name) && Number.isFinite(value) && value >= 0 ? value : null;
  };
  return { minPrice: read("minPrice"), maxPrice: read("maxPrice") };
}

/** Only what a suggestion row shows. */
export const DROPDOWN_FIELDS = [
  "id",
  "title",
  "handle",
  "imageUrl",
  "price",
  "vendor",
] as const satisfies readonly CardField[];

/** The dropdown's request: GET /api/products/filter?q=...&limit=4&fields=... */
export function dropdownRequestUrl(query: string): string {
  const params = new URLSearchParams({
    q: query.trim(),
    limit: String(HEADER_DROPDOWN_LIMIT),
    fields: DROPDOWN_FIELDS.join(","),
  });
  return `/api/products/filter?${params.toString()}`;
}
