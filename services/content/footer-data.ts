// What the footer shows on every page: the top brands by product count, the top-level categories and
// the store rating from the seller reviews. It is the same for every visitor and changes rarely, so one
// answer is reused for a minute (or until the store changes) rather than read on each page view.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { siteReviews } from "../../db/schema/catalog.ts";
import { DEFAULT_NAV_DEPTH, getNavigation } from "../catalog/navigation.ts";
import { listVendors } from "../catalog/vendors.ts";
import { createTtlCache } from "../ttl-cache.ts";

/** 5 top brands by product count, descending; navigation depth 2. */
export const FOOTER_BRAND_COUNT = 5;
export const FOOTER_CACHE_MS = 60_000;

export interface FooterData {
  brands: { name: string; productCount: number }[];
  categories: { title: string; url: string }[];
  /** Average seller-review stars (1 decimal) and how many reviews; null without reviews. */
  rating: { average: number; count: number } | null;
}

export const EMPTY_FOOTER: FooterData = { brands: [], categories: [], rating: null };

async function readFooterData(db: Database, collectionUrlPrefix: string): Promise<FooterData> {
  const [vendorPage, navigation, [rating]] = await Promise.all([
    listVendors(db, { page: 0, limit: FOOTER_BRAND_COUNT, sortBy: "PRODUCT_COUNT", order: "DESC" }),
    getNavigation(db, { collectionUrlPrefix, depth: DEFAULT_NAV_DEPTH }),
    db
      .select({
        average: sql<string | null>`round(avg(${siteReviews.stars}), 1)`,
        count: sql<number>`count(*)::int`,
      })
      .from(siteReviews),
  ]);
  return {
    brands: vendorPage.vendors.map((vendor) => ({ name: vendor.name, productCount: vendor.productCount })),
    // Categories only: the menu's plain links (Brands, Blog) have their own places in the footer.
    categories: navigation
      .filter((item) => item.collectionId !== null && item.url)
      .map((item) => ({ title: item.title, url: item.url ?? "" })),
    rating: rating && rating.count > 0 ? { average: Number(rating.average), count: rating.count } : null,
  };
}

// One of the store's shared caches (services/ttl-cache.ts): a store change (a brand, a category, a
// product moved between them) empties it at once, so a page rendered after the change, and the page
// cache's copy of it, shows the new footer rather than the last minute's.
const footerCache = createTtlCache<FooterData>(FOOTER_CACHE_MS, 20);

/** The footer's data, at most FOOTER_CACHE_MS old. A failed read is not kept: the next page tries again. */
export function loadFooterData(db: Database, collectionUrlPrefix: string): Promise<FooterData> {
  return footerCache(db, collectionUrlPrefix, () => readFooterData(db, collectionUrlPrefix));
}
