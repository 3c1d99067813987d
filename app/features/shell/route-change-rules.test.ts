import { afterEach, describe, expect, test, vi } from "vitest";
import { ensureGtag, PAGE_VIEW_EVENT, recordPageView } from "./analytics.ts";
import { isPageView, scrollsToTop } from "./route-change-rules.ts";

const at = (pathname: string, search = "") => ({ pathname, search });

describe("page views", () => {
  test("the first page and every new path are page views, whatever the navigation", () => {
    expect(isPageView(null, at("/"), "POP")).toBe(true);
    for (const kind of ["PUSH", "REPLACE", "POP"] as const) {
      expect(isPageView(at("/"), at("/help.asp"), kind)).toBe(true);
    }
  });

  test("a query pushed or restored is a page view; a query replaced in place (a variant picked) is not", () => {
    expect(isPageView(at("/collections/pumps"), at("/collections/pumps", "?page=1"), "PUSH")).toBe(true);
    expect(isPageView(at("/collections/pumps", "?page=1"), at("/collections/pumps"), "POP")).toBe(true);
    expect(isPageView(at("/products/pump"), at("/products/pump", "?variant=2"), "REPLACE")).toBe(false);
    expect(isPageView(at("/products/pump", "?variant=2"), at("/products/pump", "?variant=3"), "REPLACE")).toBe(false);
  });

  test("the same address again (a hash change, a re-render) is no page view", () => {
    expect(isPageView(at("/blog", "?page=1"), at("/blog", "?page=1"), "PUSH")).toBe(false);
  });
});

describe("scrolling", () => {
  test("a new path scrolls to the top; a changed query keeps its scroll; Back and Forward restore theirs", () => {
    expect(scrollsToTop(at("/help.asp"), at("/questions"), "PUSH")).toBe(true);
    expect(scrollsToTop(at("/help.asp"), at("/questions"), "REPLACE")).toBe(true);
    // Pagination with preventScrollReset: same path, new query.
    expect(scrollsToTop(at("/brands/Hayward"), at("/brands/Hayward", "?page=1"), "PUSH")).toBe(false);
    expect(scrollsToTop(at("/questions"), at("/help.asp"), "POP")).toBe(false);
    expect(scrollsToTop(null, at("/"), "POP")).toBe(false);
  });
});

describe("gtag", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("with a gTagId, a page_view reaches the dataLayer (and gtag.js is loaded once)", () => {
    const appended: { src: string; async: boolean }[] = [];
    const win = Object.assign(new EventTarget(), { location: { href: "https://store.example/help.asp" } });
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", {
      createElement: () => ({ src: "", async: false }),
      head: { appendChild: (node: { src: string; async: boolean }) => appended.push(node) },
    });
    const announced: unknown[] = [];
    win.addEventListener(PAGE_VIEW_EVENT, (event) => announced.push((event as CustomEvent).detail));

    ensureGtag("G-TEST123");
    ensureGtag("G-TEST123");
    const view = { path: "/help.asp", title: "Help Center", location: "https://store.example/help.asp" };
    recordPageView(view, "G-TEST123");

    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ async: true, src: "https://www.googletagmanager.com/gtag/js?id=G-TEST123" });
    const layer = ((win as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry));
    expect(layer[0][0]).toBe("js");
    expect(layer[1]).toEqual([
      "config",
      "G-TEST123",
      { send_page_view: false, page_location: "https://store.example/help.asp" },
    ]);
    expect(layer[2]).toEqual([
      "event",
      "page_view",
      { page_path: "/help.asp", page_title: "Help Center", page_location: "https://store.example/help.asp" },
    ]);
    expect(announced).toEqual([view]);
  });

  test("link tokens in the address never reach the dataLayer nor the page's listeners", () => {
    const win = Object.assign(new EventTarget(), {
      location: { href: "https://store.example/account/orders/7?token=SECRETtoken123" },
      gtag: undefined as unknown,
      dataLayer: [] as unknown[],
    });
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", { createElement: () => ({}), head: { appendChild: () => undefined } });
    const announced: unknown[] = [];
    win.addEventListener(PAGE_VIEW_EVENT, (event) => announced.push((event as CustomEvent).detail));
    ensureGtag("G-TOKENS");
    recordPageView(
      {
        path: "/account/orders/7?token=SECRETtoken123",
        title: "Order",
        location: "https://store.example/account/orders/7?token=SECRETtoken123",
      },
      "G-TOKENS",
    );
    const sent = JSON.stringify([
      ...(win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
      announced,
    ]);
    expect(sent).not.toContain("SECRETtoken123");
    expect(sent).toContain("/account/orders/7?token=redacted");
  });

  test("without a gTagId the page view is only announced in the page", () => {
    const win = new EventTarget();
    vi.stubGlobal("window", win);
    const announced: unknown[] = [];
    win.addEventListener(PAGE_VIEW_EVENT, (event) => announced.push((event as CustomEvent).detail));
    ensureGtag("");
    recordPageView({ path: "/", title: "Home", location: "https://store.example/" }, "");
    expect(announced).toHaveLength(1);
    expect((win as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });
});
