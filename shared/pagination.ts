// Pagination rules. Pages count from 0 in URLs and APIs;
// people read them from 1, so only the labels add one.

/** Pages within this distance of the current one are listed, plus always the first and the last. */
export const PAGE_WINDOW_RADIUS = 2;
/** After a page change the view scrolls to the results with this offset. */
export const PAGE_CHANGE_SCROLL_OFFSET = 250;

export type PageWindowEntry = { kind: "page"; page: number } | { kind: "gap"; after: number };

/** True for a page that exists: 0 ≤ page ≤ last. Anything else is ignored. */
export function isValidPage(page: number, totalPages: number): boolean {
  return Number.isInteger(page) && page >= 0 && page < totalPages;
}

/**
 * The numbered buttons to show: the first page, the pages within `radius` of the current page and
 * the last page, in order, with a gap marker wherever numbers are skipped. No pages: an empty list.
 */
export function pageWindow(current: number, totalPages: number, radius = PAGE_WINDOW_RADIUS): PageWindowEntry[] {
  if (!Number.isInteger(totalPages) || totalPages <= 0) return [];
  const last = totalPages - 1;
  // An out-of-range current page still gets a usable window around the nearest real page.
  const centre = Number.isFinite(current) ? Math.min(Math.max(Math.trunc(current), 0), last) : 0;
  const pages = new Set<number>([0, last]);
  for (let page = centre - radius; page <= centre + radius; page++) {
    if (isValidPage(page, totalPages)) pages.add(page);
  }
  const entries: PageWindowEntry[] = [];
  let previous = -1;
  for (const page of [...pages].sort((a, b) => a - b)) {
    if (page - previous > 1) entries.push({ kind: "gap", after: previous });
    entries.push({ kind: "page", page });
    previous = page;
  }
  return entries;
}

export interface RangeSummaryInput {
  /** 0-based. */
  page: number;
  limit: number;
  totalObjects: number;
  /** Plural noun of what is listed: "products", "brands". */
  resource: string;
}

/** First and last item numbers (1-based) shown on a page; 0 and 0 when nothing is shown. */
export function pageRange({ page, limit, totalObjects }: Omit<RangeSummaryInput, "resource">): {
  from: number;
  to: number;
} {
  if (totalObjects <= 0 || limit <= 0 || page < 0) return { from: 0, to: 0 };
  const from = page * limit + 1;
  if (from > totalObjects) return { from: 0, to: 0 };
  return { from, to: Math.min((page + 1) * limit, totalObjects) };
}

/** 'Showing X - Y of N {resource}.' */
export function rangeSummary(input: RangeSummaryInput): string {
  const { from, to } = pageRange(input);
  return `Showing ${from} - ${to} of ${input.totalObjects} ${input.resource}.`;
}

/** Reads a 0-based page from a query value; anything that is not a whole number ≥ 0 is page 0. */
export function parsePageParam(value: string | null | undefined): number {
  if (value == null || !/^\s*\d+\s*$/.test(value)) return 0;
  const page = Number(value);
  return Number.isSafeInteger(page) ? page : 0;
}

/**
 * The URL of `page` built from the current search string: `page` is set (and dropped for page 0, the
 * default, so page one has one canonical URL); every other parameter is kept.
 */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 0) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Where to scroll after a page change: the results' top minus the offset, never above the page. */
export function scrollTopAfterPageChange(targetTop: number, offset = PAGE_CHANGE_SCROLL_OFFSET): number {
  return Math.max(0, Math.round(targetTop - offset));
}
