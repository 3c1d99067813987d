import { describe, expect, it } from "vitest";
import {
  isValidPage,
  type PageWindowEntry,
  pageHref,
  pageRange,
  pageWindow,
  parsePageParam,
  rangeSummary,
  scrollTopAfterPageChange,
} from "./pagination.ts";

/** Compact picture of a window: page labels (1-based) and "…" for gaps. */
function picture(entries: PageWindowEntry[]): string {
  return entries.map((entry) => (entry.kind === "gap" ? "…" : String(entry.page + 1))).join(" ");
}

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(picture(pageWindow(0, 1))).toBe("1");
    expect(picture(pageWindow(2, 5))).toBe("1 2 3 4 5");
  });

  it("shows pages within 2 of the current one plus the first and the last, with gaps", () => {
    expect(picture(pageWindow(9, 20))).toBe("1 … 8 9 10 11 12 … 20");
    expect(picture(pageWindow(0, 20))).toBe("1 2 3 … 20");
    expect(picture(pageWindow(19, 20))).toBe("1 … 18 19 20");
  });

  it("marks no gap when the skipped range is empty", () => {
    // Page 4 (index 3): window 2..6 joins the first page without a gap.
    expect(picture(pageWindow(3, 10))).toBe("1 2 3 4 5 6 … 10");
    expect(picture(pageWindow(4, 10))).toBe("1 … 3 4 5 6 7 … 10");
  });

  it("ignores out-of-range pages: the window stays within 0..last", () => {
    expect(picture(pageWindow(-5, 10))).toBe("1 2 3 … 10");
    expect(picture(pageWindow(99, 10))).toBe("1 … 8 9 10");
    expect(pageWindow(Number.NaN, 3).map((e) => (e.kind === "page" ? e.page : -1))).toEqual([0, 1, 2]);
  });

  it("is empty without pages", () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(0, -1)).toEqual([]);
  });

  it("gives gaps keys that differ", () => {
    const gaps = pageWindow(9, 20).filter((entry) => entry.kind === "gap");
    expect(new Set(gaps.map((gap) => (gap.kind === "gap" ? gap.after : -1))).size).toBe(2);
  });
});

describe("isValidPage", () => {
  it("accepts 0..last only", () => {
    expect(isValidPage(0, 3)).toBe(true);
    expect(isValidPage(2, 3)).toBe(true);
    expect(isValidPage(3, 3)).toBe(false);
    expect(isValidPage(-1, 3)).toBe(false);
    expect(isValidPage(1.5, 3)).toBe(false);
    expect(isValidPage(0, 0)).toBe(false);
  });
});

describe("rangeSummary", () => {
  it("reads 'Showing X - Y of N {resource}.'", () => {
    expect(rangeSummary({ page: 0, limit: 24, totalObjects: 100, resource: "products" })).toBe(
      "Showing 1 - 24 of 100 products.",
    );
    expect(rangeSummary({ page: 4, limit: 24, totalObjects: 100, resource: "products" })).toBe(
      "Showing 97 - 100 of 100 products.",
    );
  });

  it("shows 0 - 0 when nothing is listed or the page is past the end", () => {
    expect(rangeSummary({ page: 0, limit: 24, totalObjects: 0, resource: "products" })).toBe(
      "Showing 0 - 0 of 0 products.",
    );
    expect(pageRange({ page: 9, limit: 24, totalObjects: 30 })).toEqual({ from: 0, to: 0 });
  });
});

describe("parsePageParam", () => {
  it("reads whole numbers and falls back to 0", () => {
    expect(parsePageParam("3")).toBe(3);
    expect(parsePageParam(null)).toBe(0);
    expect(parsePageParam("")).toBe(0);
    expect(parsePageParam("-1")).toBe(0);
    expect(parsePageParam("2.5")).toBe(0);
    expect(parsePageParam("abc")).toBe(0);
    expect(parsePageParam("99999999999999999999")).toBe(0);
  });
});

describe("pageHref", () => {
  it("sets page and keeps the other parameters", () => {
    expect(pageHref("/searchresults.asp", "?q=pump&page=1&sortBy=price_asc", 3)).toBe(
      "/searchresults.asp?q=pump&page=3&sortBy=price_asc",
    );
  });

  it("drops page for the first page", () => {
    expect(pageHref("/searchresults.asp", "?q=pump&page=2", 0)).toBe("/searchresults.asp?q=pump");
    expect(pageHref("/collections/pumps", "", 0)).toBe("/collections/pumps");
  });
});

describe("scrollTopAfterPageChange", () => {
  it("scrolls 250 px above the target, never above the page", () => {
    expect(scrollTopAfterPageChange(900)).toBe(650);
    expect(scrollTopAfterPageChange(100)).toBe(0);
  });
});
