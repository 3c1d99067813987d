// Helpers of the storefront journeys (home, category, search, product): the demo catalog is generated,
// so tests find the products they need through the REST API instead of naming them.

import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { HYDRATING_ATTRIBUTE } from "../../app/lib/hydrating-attribute.ts";
import { HANDLERS_PROPERTY } from "./shell-hydration.ts";

export interface ApiVariant {
  id: number;
  title: string;
  price: number;
  sku: string | null;
  availableForSale: boolean;
  Options: { id: number; name: string; VariantSelectedOptions: { optionValueSelected: string } }[];
}

export interface ApiProduct {
  id: number;
  handle: string;
  title: string;
  vendor: string | null;
  price: number;
  descriptionHtml: string | null;
  availableForSale: boolean;
  totalReviews: number;
  Model3Ds: unknown[];
  Images: unknown[];
  Variants: ApiVariant[];
  Options: { id: number; name: string; values: string[] }[];
}

/** Product handles in a stable order (oldest first). */
export async function productHandles(request: APIRequestContext, query = "", limit = 76): Promise<string[]> {
  const response = await request.get(`/api/products/filter?sortBy=id_asc&limit=${limit}${query ? `&${query}` : ""}`);
  const body = (await response.json()) as { products: { handle: string }[] };
  return body.products.map((product) => product.handle);
}

export async function productByHandle(request: APIRequestContext, handle: string): Promise<ApiProduct> {
  const response = await request.get(`/api/products/handle/${handle}`);
  return ((await response.json()) as { product: ApiProduct }).product;
}

/** The first product (oldest first) that satisfies the test's need. */
export async function findProduct(
  request: APIRequestContext,
  wanted: (product: ApiProduct) => boolean,
  query = "",
): Promise<ApiProduct> {
  for (let page = 0; page < 8; page++) {
    const handles = await productHandles(request, `page=${page}${query ? `&${query}` : ""}`);
    for (let index = 0; index < handles.length; index += 12) {
      const batch = await Promise.all(
        handles.slice(index, index + 12).map((handle) => productByHandle(request, handle)),
      );
      const found = batch.find(wanted);
      if (found) return found;
    }
    if (handles.length === 0) break;
  }
  throw new Error("No product of the demo catalog fits this test.");
}

/** The JSON-LD objects of a page's HTML. */
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) =>
      JSON.parse(match[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")) as Record<
        string,
        unknown
      >,
  );
}

/**
 * axe-core set up for a test: its violations in full, the rules that passed or did not apply only
 * counted (they are not asserted; listing each of their nodes cost a quarter of the check's time).
 */
export function axe(page: Page, options: Parameters<AxeBuilder["options"]>[0] = {}): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"], ...options });
}

/**
 * axe-core's serious and critical violations, in a form that prints well when a test fails: of the page's
 * own content by default (the shell around it, header and footer, has its own checks), of the whole page
 * with `within: null`.
 */
export async function seriousViolations(page: Page, { within = "#main" }: { within?: string | null } = {}) {
  const builder = axe(page);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
}

/**
 * The page's code has attached its handlers to the page (the controls work, not just the server's HTML),
 * and the parts that hydrate after the first pass (product cards, app/lib/hydrate-in-turn.tsx) have too.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    ({ property, attribute }) =>
      !document.documentElement.hasAttribute(attribute) &&
      [...document.querySelectorAll("main button, main a, main input")].some((node) => Object.hasOwn(node, property)),
    { property: HANDLERS_PROPERTY, attribute: HYDRATING_ATTRIBUTE },
  );
}

/**
 * Marks the exit-intent popup as already shown (storage `exitIntentPopUpShown`), so a scroll
 * in a journey does not open it over the page being tested. The popup has its own tests.
 */
export async function withoutExitIntent(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("exitIntentPopUpShown", "true"));
}

/**
 * Holds every request that `url` matches until the returned function is called: a slow network, or a
 * shopper who acts before an answer (or the page's scripts) has arrived.
 */
export async function holdRequests(page: Page, url: Parameters<Page["route"]>[0]): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}
