// A failed category index shows 'Error loading categories: {message}'; hierarchy and
// free-shipping-amount failures show danger messages on the product page instead of vanishing silently.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadStoreConfig } from "../../services/config.ts";
import { PageHints } from "../../services/page-cache/page-tags.ts";
import type { Route as CategoryRoute } from "./+types/category";
import type { Route as ProductRoute } from "./+types/product";

vi.mock("../../services/catalog/collections.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../services/catalog/collections.ts")>()),
  listCollectionIndex: vi.fn(async () => {
    throw new Error("connection refused");
  }),
  getCollectionByHandle: vi.fn(async (_db: unknown, handle: string) => ({
    id: 5,
    parentId: null,
    title: "Pool Pumps",
    handle,
    seoTitle: null,
    seoDescription: null,
    isIndexed: true,
    imageUrl: null,
    descriptionHtml: "",
    breadcrumbs: [],
    childCollectionsCount: 0,
    productMaxPrice: 0,
  })),
}));
vi.mock("../../services/catalog/shipping-policy.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../services/catalog/shipping-policy.ts")>()),
  getFreeShippingAmount: vi.fn(async () => {
    throw new Error("timeout");
  }),
  isProductEligibleForFreeShipping: vi.fn(async () => true),
}));
const pumpLid = (handle: string) => ({
  id: 9,
  handle,
  title: "Pump Lid",
  seoTitle: null,
  seoDescription: null,
  isIndexed: true,
  descriptionHtml: "",
  vendor: "Hayward",
  sku: "SPX1",
  productCode: "SPX1",
  productType: null,
  supersededPartNumbers: [],
  price: 40,
  compareAtPrice: null,
  availableForSale: true,
  imageUrl: null,
  avgRating: 0,
  totalReviews: 0,
  Images: [],
  Model3Ds: [],
  Reviews: [],
  Collections: [{ id: 5, title: "Pool Pumps", handle: "pool-pumps" }],
  Options: [],
  Variants: [],
});
vi.mock("../../services/catalog/product-detail.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../services/catalog/product-detail.ts")>()),
  getProductByHandle: vi.fn(async (_db: unknown, handle: string) => pumpLid(handle)),
  // The page reads the product and its shipping facts in one statement.
  getProductPage: vi.fn(async (_db: unknown, handle: string) => ({
    detail: pumpLid(handle),
    shipping: { freeShippingEligible: true, weightGrams: null, variantWeightGrams: new Map() },
  })),
}));

const store = loadStoreConfig("config/store.json");

function args(url: string, params: Record<string, string>, page = new PageHints()) {
  // A fresh database object each time: the loaders' caches are kept per database.
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const db = {};
  // Catalog reads go to the read replica's handle, the same database when there is none.
  const services = { database: { db, readDb: db }, config: { store, publicUrl: "http://store.test" }, logger };
  return {
    request: new Request(url),
    params,
    context: { get: () => ({ services, logger, page }) },
  };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("load errors on the storefront pages", () => {
  it("the category page carries the category list failure for 'Error loading categories: {message}'", async () => {
    const { loader } = await import("./category.tsx");
    const hints = new PageHints();
    const result = await loader(
      args(
        "http://store.test/collections/pool-pumps",
        { handle: "pool-pumps" },
        hints,
      ) as unknown as CategoryRoute.LoaderArgs,
    );
    const page = result as Extract<typeof result, { kind: "found" }>;
    expect(page.kind).toBe("found");
    expect(page.categories).toEqual([]);
    // The database's own words stay in the log.
    expect(page.categoriesError).toMatch(/could not answer/);
    expect(page.categoriesError).not.toContain("connection refused");
    // A page showing a load error is never kept in the page cache for other shoppers.
    expect(hints.uncacheable).not.toBeNull();
  });

  it("the product page shows hierarchy and free-shipping-amount failures and hides the banner", async () => {
    const { loader } = await import("./product.tsx");
    const hints = new PageHints();
    const page = await loader(
      args("http://store.test/products/pump-lid", { handle: "pump-lid" }, hints) as unknown as ProductRoute.LoaderArgs,
    );
    expect(page.freeShippingAmount).toBe(-1);
    expect(page.loadErrors).toEqual([
      expect.stringMatching(/^Error loading the category path: /),
      expect.stringMatching(/^Error loading the free-shipping amount: /),
    ]);
    expect(hints.uncacheable).not.toBeNull();
  });
});
