// GET /api/products/filter over HTTP: card fields, every query parameter and its bad-input cases,
// sorting and paging, disjunctive facets (checked against counts computed here straight from the
// catalog tables), part numbers, typos, synonyms, price phrases and the category suggestions.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { filterProducts } from "../../services/search/product-filter.ts";
import {
  alikeRank,
  broadListings,
  clearPrefixCovers,
  expandPrefixes,
  prefixExpansion,
  rankExpression,
  rankLevelCondition,
  rankLevelExpression,
} from "../../services/search/product-listing.ts";
import { rebuildSearchIndex, refreshProductSearchData } from "../../services/search/search-index.ts";
import { buildSearchPlan } from "../../services/search/search-plan.ts";
import { EMPTY_SYNONYMS } from "../../services/search/synonyms.ts";
import { correctWords } from "../../services/search/typo-correction.ts";
import { parseCatalogQuery, SORT_OPTIONS } from "../../shared/catalog-query.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface Card {
  id: number;
  title: string;
  vendor: string | null;
  imageUrl: string | null;
  handle: string;
  avgRating: number;
  totalReviews: number;
  price: number;
  compareAtPrice: number | null;
  isFeatured: boolean;
  Images: { id: number; url: string }[];
  availableInventoryLevels: {
    id: number;
    inventoryPrice: number;
    inventoryCompareAtPrice: number | null;
    availableForSale: boolean;
    availableQuantity: number;
    bypassNegativeQuantity: boolean;
  }[];
}
interface TagFacet {
  tagPrefix: string;
  tagValue: string;
  tagCount: number;
}
interface Answer {
  products: Card[];
  pageInfo: {
    limitPerPage: number;
    totalObjects: number;
    totalPages: number;
    availableTagPrefixes: { tagPrefixValue: string }[];
    availableTagFilters: TagFacet[];
    availableVendors: { vendor: string; vendorCount: number }[];
    productMaxPrice: number;
    correctedQuery: string | null;
    relaxedQuery?: string | null;
    totalEstimated: boolean;
    facetsEstimated: boolean;
  };
  collections: { id: number; title: string; handle: string; parentId: number | null }[];
  error?: string;
}

let store: TestStore;

/** The orders a broad search's page can be read in as a range of the sort key (sortRange). */
const RANGE_SORTS = ["title_asc", "title_desc", "price_asc", "price_desc"];

/** GET /api/products/filter with the given parameters (arrays repeat the parameter). */
async function filter(params: Record<string, string | number | boolean | string[]> = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return store.json<Answer>(`/api/products/filter?${search}`);
}

async function ok(params: Record<string, string | number | boolean | string[]> = {}): Promise<Answer> {
  const { status, body } = await filter(params);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await store.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every product of a listing (all pages). */
async function allIds(params: Record<string, string | number | boolean | string[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; page < 50; page++) {
    const body = await ok({ ...params, limit: 76, page });
    ids.push(...body.products.map((p) => p.id));
    if (page + 1 >= body.pageInfo.totalPages) break;
  }
  return ids;
}

beforeAll(async () => {
  // The harness seeds the demo catalog and builds the search index.
  store = await startTestStore({ products: 400 });
  // Seeding and indexing take a while on a busy two-core machine.
}, 300_000);
afterAll(() => store?.close());

describe("answer shape", () => {
  test("cards carry the spec's fields and the first inventory level; prices have 2 decimals", async () => {
    const body = await ok({ q: "SP2610X15" });
    expect(Object.keys(body).sort()).toEqual(["collections", "pageInfo", "products"]);
    const [card] = body.products;
    expect(card).toMatchObject({
      id: 1,
      title: "Hayward Super Pump 1.5 HP Single Speed Pool Pump SP2610X15",
      vendor: "Hayward",
      handle: "hayward-super-pump-1-5-hp-single-speed-pool-pump-sp2610x15",
      price: 629.99,
      compareAtPrice: 749.99,
      isFeatured: true,
    });
    expect(card.imageUrl).toBe(card.Images[0].url);
    expect(card.Images[0]).toEqual({ id: expect.any(Number), url: expect.any(String) });
    expect(typeof card.avgRating).toBe("number");
    expect(typeof card.totalReviews).toBe("number");
    expect(card.availableInventoryLevels).toHaveLength(1);
    expect(card.availableInventoryLevels[0]).toEqual({
      id: expect.any(Number),
      variantId: expect.any(Number),
      inventoryPrice: 629.99,
      inventoryCompareAtPrice: 749.99,
      availableForSale: expect.any(Boolean),
      availableQuantity: expect.any(Number),
      bypassNegativeQuantity: expect.any(Boolean),
    });
    expect(body.pageInfo).toMatchObject({ limitPerPage: 36, totalObjects: 1, totalPages: 1, correctedQuery: null });
    expect(body.pageInfo.availableVendors).toEqual([{ vendor: "Hayward", vendorCount: 1 }]);
    expect(body.pageInfo.productMaxPrice).toBe(629.99);
    expect(body.pageInfo.availableTagPrefixes).toContainEqual({ tagPrefixValue: "Brand" });
    expect(body.pageInfo.availableTagFilters).toContainEqual({ tagPrefix: "Brand", tagValue: "Hayward", tagCount: 1 });
  });

  test("every price in the answer is a number with at most 2 decimals", async () => {
    const body = await ok({ sortBy: "price_desc", limit: 76 });
    for (const card of body.products) {
      for (const price of [card.price, card.compareAtPrice, card.availableInventoryLevels[0]?.inventoryPrice]) {
        if (price === null || price === undefined) continue;
        expect(Math.round(price * 100) / 100).toBe(price);
      }
    }
  });

  test("fields projects the cards", async () => {
    const body = await ok({ q: "pump", fields: "id,title,price" });
    expect(body.products.length).toBeGreaterThan(0);
    for (const card of body.products) expect(Object.keys(card).sort()).toEqual(["id", "price", "title"]);
  });
});

describe("bad input answers 400 with a clear message, never 500", () => {
  test.each([
    [
      { sortBy: "cheapest" },
      "sortBy must be one of: default, id_asc, id_desc, title_asc, title_desc, price_asc, price_desc, top_rated, best_selling.",
    ],
    [{ page: "-1" }, "page must be a whole number of 0 or more (pages count from 0)."],
    [{ page: "first" }, "page must be a whole number of 0 or more (pages count from 0)."],
    [{ minPrice: "50", maxPrice: "10" }, "minPrice must not be greater than maxPrice."],
    [{ minPrice: "cheap" }, "minPrice must be a number of 0 or more, for example minPrice=49.99."],
    [{ maxPrice: "-3" }, "maxPrice must be a number of 0 or more, for example maxPrice=49.99."],
    [{ t: "Hayward" }, 'Invalid tag filter "Hayward": write it as prefix_value, for example t=Brand_Hayward.'],
    [{ t: "Brand_" }, 'Invalid tag filter "Brand_": write it as prefix_value, for example t=Brand_Hayward.'],
    [{ t: '[["Brand"]]' }, "Invalid tag filter list: each entry must be a [prefix, value] pair of non-empty strings."],
    [{ c: "pumps" }, "c must be a collection id (a whole number)."],
    [{ isFeatured: "yes please" }, "isFeatured must be true or false."],
    [{ availableForSaleOnly: "2" }, "availableForSaleOnly must be true or false."],
    [{ fields: "id,cost" }, expect.stringContaining("Unknown field cost in fields")],
    [{ q: "x".repeat(201) }, "q is too long: at most 200 characters."],
  ])("%o", async (params, message) => {
    const { status, body } = await filter(params);
    expect(status).toBe(400);
    expect(body.error).toEqual(message);
  });

  test.each([
    "'\"",
    "pump & | ! ( ) : *",
    "\\'; drop table products; --",
    "<script>alert(1)</script>",
    "pump:*A | !heater",
    "😀 émoji ñ",
    "....",
    "$$$ USD",
    "-1",
  ])("odd text %s is searched, not an error", async (q) => {
    const { status, body } = await filter({ q });
    expect(status).toBe(200);
    expect(Array.isArray(body.products)).toBe(true);
  });
});

describe("search length rule", () => {
  test("q or v shorter than 3 characters answers an empty result with zero totals", async () => {
    const shortOnes: Record<string, string>[] = [{ q: "pu" }, { v: "Ha" }, { q: "a", v: "b" }];
    for (const params of shortOnes) {
      const body = await ok(params);
      expect(body.products).toEqual([]);
      expect(body.pageInfo).toMatchObject({ totalObjects: 0, totalPages: 0, productMaxPrice: 0 });
      expect(body.pageInfo.availableVendors).toEqual([]);
      expect(body.collections).toEqual([]);
    }
  });
  test("a short q with a long enough v runs", async () => {
    const body = await ok({ q: "pu", v: "Hayward" });
    expect(body.pageInfo.totalObjects).toBeGreaterThan(0);
  });
  test("no q and no v lists normally", async () => {
    const body = await ok({});
    expect(body.pageInfo.totalObjects).toBe(400);
  });
  test("a vendor the store sells is not subject to the rule: a two-letter brand lists everywhere", async () => {
    const [vendor] = await rows<{ id: number; name: string; n: number }>(
      sql`select v.id, v.name, count(*)::int as n from vendors v join products p on p.vendor_id = v.id
          group by v.id order by n desc limit 1`,
    );
    await store.database.db.execute(sql`update vendors set name = 'GE' where id = ${vendor.id}`);
    try {
      const query = parseCatalogQuery({ v: "GE", sortBy: "title_asc", limit: "24" });
      const brandPage = await filterProducts(store.database.db, query, { exactVendors: true });
      expect(brandPage.pageInfo.totalObjects).toBeGreaterThan(0);
      expect(brandPage.products.length).toBeGreaterThan(0);
      // The search page's vendor filter and a card's vendor link name the same brand: it lists there too.
      const total = brandPage.pageInfo.totalObjects;
      expect((await filterProducts(store.database.db, query)).pageInfo.totalObjects).toBe(total);
      expect((await ok({ v: "GE" })).pageInfo.totalObjects).toBe(total);
      expect((await ok({ v: "ge" })).pageInfo.totalObjects).toBe(total);
      // On a category page (the vendor filter within a collection) as well.
      const [inCategory] = await rows<{ collection_id: number; n: number }>(
        sql`select cp.collection_id, count(*)::int as n from collection_products cp
            join products p on p.id = cp.product_id where p.vendor_id = ${vendor.id}
            group by cp.collection_id order by n desc limit 1`,
      );
      expect((await ok({ v: "GE", c: String(inCategory.collection_id) })).pageInfo.totalObjects).toBeGreaterThan(0);
      // Two letters that name no brand are still a typed fragment: nothing.
      expect((await ok({ v: "GX" })).pageInfo.totalObjects).toBe(0);
      // A short q still does not run on a brand page.
      const withShortQ = await filterProducts(store.database.db, { ...query, q: "pu" }, { exactVendors: true });
      expect(withShortQ.pageInfo.totalObjects).toBe(0);
    } finally {
      await store.database.db.execute(sql`update vendors set name = ${vendor.name} where id = ${vendor.id}`);
      // As the back office's rename does: the caches that hold the brand's name (its cards) drop it.
      await store.services.changes.publish({ kind: "brand", ids: [vendor.id] });
    }
  });
});

describe("limit and page", () => {
  test.each([
    ["abc", 36],
    // The header dropdown's size is answered as asked; the sizes around it follow the rule.
    ["4", 4],
    ["3", 36],
    ["5", 36],
    ["7", 36],
    ["77", 36],
    ["0", 36],
    ["-8", 36],
    ["8", 8],
    ["25", 25],
    ["76", 76],
  ])("limit=%s gives %i per page", async (limit, expected) => {
    const body = await ok({ limit });
    expect(body.pageInfo.limitPerPage).toBe(expected);
    expect(body.products).toHaveLength(expected);
    expect(body.pageInfo.totalPages).toBe(Math.ceil(400 / expected));
  });

  test("a page beyond the last is empty with the right totals", async () => {
    const body = await ok({ q: "pump", page: 500 });
    expect(body.products).toEqual([]);
    const first = await ok({ q: "pump" });
    expect(body.pageInfo.totalObjects).toBe(first.pageInfo.totalObjects);
    expect(body.pageInfo.totalPages).toBe(first.pageInfo.totalPages);
    const huge = await ok({ page: "99999999999999" });
    expect(huge.products).toEqual([]);
    expect(huge.pageInfo.totalObjects).toBe(400);
  });

  test.each(SORT_OPTIONS.map((s) => [s]))("pages never overlap and cover everything (sortBy=%s)", async (sortBy) => {
    const ids = await allIds({ sortBy, q: sortBy === "default" ? "pool" : "" });
    expect(new Set(ids).size).toBe(ids.length);
    const body = await ok({ sortBy, q: sortBy === "default" ? "pool" : "" });
    expect(ids).toHaveLength(body.pageInfo.totalObjects);
  });
});

describe("sorting", () => {
  const facts = async () =>
    new Map(
      (
        await rows<{
          id: number;
          title: string;
          price: number;
          sales: number;
          rating: string | number;
          reviews: number;
        }>(
          sql`select id, title, min_price_cents as price, sales_count as sales, avg_rating as rating, total_reviews as reviews from products`,
        )
      ).map((r) => [r.id, { ...r, rating: Number(r.rating) }]),
    );

  test("id, title, price, rating and sales orders", async () => {
    const byId = await facts();
    const pageOf = async (sortBy: string) => (await ok({ sortBy, limit: 76 })).products.map((p) => byId.get(p.id)!);
    const isSorted = <T>(list: T[], compare: (a: T, b: T) => number) =>
      list.every((item, i) => i === 0 || compare(list[i - 1], item) <= 0);

    expect(isSorted(await pageOf("id_asc"), (a, b) => a.id - b.id)).toBe(true);
    expect((await pageOf("id_asc"))[0].id).toBe(1);
    expect(isSorted(await pageOf("id_desc"), (a, b) => b.id - a.id)).toBe(true);
    expect((await pageOf("id_desc"))[0].id).toBe(400);
    const lower = (s: string) => s.toLowerCase();
    expect(isSorted(await pageOf("title_asc"), (a, b) => (lower(a.title) < lower(b.title) ? -1 : 1))).toBe(true);
    expect(isSorted(await pageOf("title_desc"), (a, b) => (lower(a.title) > lower(b.title) ? -1 : 1))).toBe(true);
    expect(isSorted(await pageOf("price_asc"), (a, b) => a.price - b.price)).toBe(true);
    expect(isSorted(await pageOf("price_desc"), (a, b) => b.price - a.price)).toBe(true);
    expect(isSorted(await pageOf("top_rated"), (a, b) => b.rating - a.rating || b.reviews - a.reviews)).toBe(true);
    const best = await pageOf("best_selling");
    expect(isSorted(best, (a, b) => b.sales - a.sales)).toBe(true);
    const topSales = Math.max(...[...byId.values()].map((p) => p.sales));
    expect(best[0].sales).toBe(topSales);
  });

  test("the home grid: 16 best sellers, page 0", async () => {
    const body = await ok({ limit: 16, page: 0, sortBy: "best_selling" });
    expect(body.products).toHaveLength(16);
    expect(body.pageInfo.limitPerPage).toBe(16);
  });

  test("the brand page: vendor, availableForSaleOnly=false, limit 25, title order", async () => {
    const body = await ok({
      vendor: "Hayward",
      availableForSaleOnly: false,
      limit: 25,
      sortBy: "title_asc",
      fields: "id,title,vendor",
    });
    expect(body.products).toHaveLength(25);
    for (const card of body.products) expect(card.vendor).toBe("Hayward");
    const titles = body.products.map((p) => p.title.toLowerCase());
    expect([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(titles);
  });

  test("default order without q: in stock first, then featured", async () => {
    const cards = (await ok({ limit: 76 })).products;
    const flags = await rows<{ id: number; available_for_sale: boolean; is_featured: boolean }>(
      sql`select id, available_for_sale, is_featured from products`,
    );
    const byId = new Map(flags.map((f) => [f.id, f]));
    const keys = cards.map((c) => byId.get(c.id)!);
    const firstSoldOut = keys.findIndex((k) => !k.available_for_sale);
    if (firstSoldOut >= 0) expect(keys.slice(firstSoldOut).every((k) => !k.available_for_sale)).toBe(true);
    expect(keys[0].is_featured).toBe(true);
  });
});

describe("filters", () => {
  test("c includes the collection's descendants", async () => {
    const [root] = await rows<{ id: number }>(sql`select id from collections where handle = 'pool-equipment'`);
    const [expected] = await rows<{ n: number | string }>(sql`
      with recursive subtree as (
        select id from collections where id = ${root.id}
        union all select c.id from collections c join subtree s on c.parent_id = s.id)
      select count(distinct cp.product_id) as n from collection_products cp where cp.collection_id in (select id from subtree)`);
    const body = await ok({ c: root.id });
    expect(body.pageInfo.totalObjects).toBe(Number(expected.n));
    expect(Number(expected.n)).toBeGreaterThan(50);
    const unknown = await ok({ c: 999999 });
    expect(unknown.pageInfo.totalObjects).toBe(0);
  });

  test("price range, isFeatured and availableForSaleOnly", async () => {
    const priced = await ok({ minPrice: "20", maxPrice: "100.50", limit: 76 });
    expect(priced.products.length).toBeGreaterThan(0);
    for (const card of priced.products) expect(card.price >= 20 && card.price <= 100.5).toBe(true);
    const featured = await ok({ isFeatured: true, limit: 76 });
    expect(featured.products.length).toBeGreaterThan(0);
    for (const card of featured.products) expect(card.isFeatured).toBe(true);
    const inStock = await allIds({ availableForSaleOnly: true });
    const [{ n }] = await rows<{ n: number | string }>(
      sql`select count(*) as n from products where available_for_sale`,
    );
    expect(inStock).toHaveLength(Number(n));
  });

  test("productMaxPrice ignores the price filter but follows the others", async () => {
    const all = await ok({ q: "pump" });
    const cheap = await ok({ q: "pump", maxPrice: "20" });
    expect(cheap.pageInfo.productMaxPrice).toBe(all.pageInfo.productMaxPrice);
    expect(cheap.pageInfo.totalObjects).toBeLessThan(all.pageInfo.totalObjects);
    const hayward = await ok({ q: "pump", v: "Hayward" });
    expect(hayward.pageInfo.productMaxPrice).toBeLessThanOrEqual(all.pageInfo.productMaxPrice);
  });

  test("a vendor filter keeps the other vendors' counts (disjunctive)", async () => {
    const all = await ok({});
    const hayward = await ok({ v: "Hayward" });
    expect(hayward.pageInfo.availableVendors).toEqual(all.pageInfo.availableVendors);
    const haywardCount = all.pageInfo.availableVendors.find((v) => v.vendor === "Hayward")!.vendorCount;
    expect(hayward.pageInfo.totalObjects).toBe(haywardCount);
    // A lower-case name finds the vendor too; an unknown one finds nothing but still lists the vendors.
    expect((await ok({ v: "hayward" })).pageInfo.totalObjects).toBe(haywardCount);
    const nobody = await ok({ v: "Nobody Pools" });
    expect(nobody.pageInfo.totalObjects).toBe(0);
    expect(nobody.pageInfo.availableVendors).toEqual(all.pageInfo.availableVendors);
  });

  test("tag facets are disjunctive: each prefix is counted without its own filter", async () => {
    const params = { t: ["Brand_Hayward", "Brand_Pentair", "Type_Variable Speed Pump"], minPrice: "100" };
    const body = await ok(params);
    // Expected counts straight from the catalog tables.
    const facts = await rows<{ id: number; price: number; tags: string[] }>(sql`
      select p.id, p.min_price_cents as price, array_agg(t.prefix || '_' || t.value) as tags
      from products p join product_tags pt on pt.product_id = p.id join tags t on t.id = pt.tag_id
      group by p.id`);
    const brandOk = (p: { tags: string[] }) => p.tags.includes("Brand_Hayward") || p.tags.includes("Brand_Pentair");
    const typeOk = (p: { tags: string[] }) => p.tags.includes("Type_Variable Speed Pump");
    const priceOk = (p: { price: number }) => p.price >= 10000;
    const count = (list: typeof facts, tag: string) => list.filter((p) => p.tags.includes(tag)).length;
    expect(body.pageInfo.totalObjects).toBe(facts.filter((p) => brandOk(p) && typeOk(p) && priceOk(p)).length);
    const facet = (tag: string) => {
      const [prefix, value] = [tag.slice(0, tag.indexOf("_")), tag.slice(tag.indexOf("_") + 1)];
      return (
        body.pageInfo.availableTagFilters.find((f) => f.tagPrefix === prefix && f.tagValue === value)?.tagCount ?? 0
      );
    };
    // Brand counts: type and price applied, brand not.
    const forBrands = facts.filter((p) => typeOk(p) && priceOk(p));
    for (const brand of ["Brand_Hayward", "Brand_Pentair", "Brand_Jandy", "Brand_Sta-Rite"]) {
      expect(facet(brand), brand).toBe(count(forBrands, brand));
    }
    // Type counts: brand and price applied, type not.
    const forTypes = facts.filter((p) => brandOk(p) && priceOk(p));
    for (const type of ["Type_Variable Speed Pump", "Type_Single Speed Pump", "Type_Pump Part"]) {
      expect(facet(type), type).toBe(count(forTypes, type));
    }
    // Other prefixes: every filter applied.
    const forOthers = facts.filter((p) => brandOk(p) && typeOk(p) && priceOk(p));
    for (const tag of ["Horsepower_1.65 HP", "Voltage_230V"]) expect(facet(tag), tag).toBe(count(forOthers, tag));
    // Vendors: every tag filter and the price applied.
    const vendorTotal = body.pageInfo.availableVendors.reduce((sum, v) => sum + v.vendorCount, 0);
    expect(vendorTotal).toBe(body.pageInfo.totalObjects);
    // No zero counts are listed.
    for (const f of body.pageInfo.availableTagFilters) expect(f.tagCount).toBeGreaterThan(0);
  });

  test("tag filters: dashes or spaces in the prefix, any case, JSON pairs", async () => {
    const dashed = await ok({ t: "Type_Variable Speed Pump" });
    expect(dashed.pageInfo.totalObjects).toBeGreaterThan(0);
    expect((await ok({ t: "type_variable speed pump" })).pageInfo.totalObjects).toBe(dashed.pageInfo.totalObjects);
    expect((await ok({ t: '[["Type","Variable Speed Pump"]]' })).pageInfo.totalObjects).toBe(
      dashed.pageInfo.totalObjects,
    );
    const [hp] = await rows<{ prefix: string; value: string }>(
      sql`select prefix, value from tags where prefix like '%-%' limit 1`,
    );
    const spaced = await ok({ t: `${hp.prefix.replace(/-/g, " ")}_${hp.value}` });
    expect(spaced.pageInfo.totalObjects).toBe((await ok({ t: `${hp.prefix}_${hp.value}` })).pageInfo.totalObjects);
    expect(spaced.pageInfo.totalObjects).toBeGreaterThan(0);
    const unknown = await ok({ t: "Brand_Nobody" });
    expect(unknown.pageInfo.totalObjects).toBe(0);
    expect(unknown.pageInfo.availableTagFilters.some((f) => f.tagPrefix === "Brand")).toBe(true);
  });

  test("precomputed one-word searches and brand pages answer as the counted path does", async () => {
    // The demo catalog here is small: precompute the words found in 40+ products.
    await rebuildSearchIndex(store.database.db, { wordSummaryMinProducts: 40 });
    const [{ n }] = await rows<{ n: number | string }>(sql`select count(*) as n from search_word_summaries`);
    expect(Number(n)).toBeGreaterThan(3);
    // The prefixes typed on the way to a frequent word are stored too.
    const [prefix] = await rows<{ n: number | string }>(
      sql`select count(*) as n from search_word_summaries where match_query = ${"'hayw':*"}`,
    );
    expect(Number(prefix.n)).toBe(1);
    const cases: Record<string, string | number>[] = [
      { q: "pump" },
      { q: "hayward" },
      { q: "hayw" },
      { q: "Pum", limit: 8 },
      { q: "pump", page: 1, limit: 16 },
      { q: "pump", sortBy: "price_desc" },
      { q: "pump", page: 20, limit: 8 },
      { v: "Hayward", sortBy: "title_asc", limit: 25 },
      { vendor: "Pentair", sortBy: "best_selling", page: 1 },
    ];
    for (const params of cases as Array<Record<string, string | number>>) {
      const stored = await ok(params);
      // minPrice=0 filters nothing but forces the counted path.
      const counted = await ok({ ...params, minPrice: "0" });
      expect(stored.pageInfo.totalObjects, JSON.stringify(params)).toBe(counted.pageInfo.totalObjects);
      expect(stored.pageInfo.totalObjects).toBeGreaterThan(0);
      expect(stored.pageInfo.availableVendors).toEqual(counted.pageInfo.availableVendors);
      expect(stored.pageInfo.availableTagFilters).toEqual(counted.pageInfo.availableTagFilters);
      expect(stored.pageInfo.productMaxPrice).toBe(counted.pageInfo.productMaxPrice);
      expect(stored.products.map((p) => p.id)).toEqual(counted.products.map((p) => p.id));
    }
    // Every match is stored in relevance order: the last page is a slice too, and past it is empty.
    const [cut] = await rows<{ n: number | string }>(
      sql`select count(*) as n from search_word_summaries where cardinality(ranked_ids) <> total_products`,
    );
    expect(Number(cut.n)).toBe(0);
    const first = await ok({ q: "pump", limit: 8 });
    const last = first.pageInfo.totalPages - 1;
    expect(last).toBeGreaterThan(5);
    const stored = await ok({ q: "pump", limit: 8, page: last });
    const counted = await ok({ q: "pump", limit: 8, page: last, minPrice: "0" });
    expect(stored.products.length).toBe(first.pageInfo.totalObjects - last * 8);
    expect(stored.products.map((p) => p.id)).toEqual(counted.products.map((p) => p.id));
    const beyond = await ok({ q: "pump", limit: 8, page: last + 1 });
    expect(beyond.products).toEqual([]);
    expect(beyond.pageInfo.totalObjects).toBe(first.pageInfo.totalObjects);
  });

  test("broad listings of a big catalog: facets counted on the sample, the page exact", async () => {
    // This catalog is small: every listing with a sampled match counts as broad here.
    const exact = async (params: Record<string, string | number | string[]>) => ok(params);
    const cases: Record<string, string | number | string[]>[] = [
      { q: "pump", v: "Hayward", minPrice: "100" },
      { q: "pump", v: "Hayward", minPrice: "100", page: 1, limit: 8 },
      { q: "hayward filter" },
      { q: "pool pump motor", limit: 8 },
      { q: "pool pump", page: 1, limit: 8 },
      // The page's rows are of a rank level below the best (here the typed words are not all in a title):
      // the rows of the better levels come from the index, the level's own from a best-selling walk.
      { q: "spa filter", limit: 8 },
      { q: "spa filter", page: 1, limit: 4 },
      { q: "pool cleaner", limit: 8 },
      { q: "pool cleaner", page: 2, limit: 3 },
      // Measured attributes the narrow try requires: they add the same to every rank, levels hold.
      { q: "pump 1.5 hp", limit: 8 },
      { q: "variable speed pump 1.5 hp", limit: 8 },
      { q: "pool pump 1 hp", limit: 8 },
      ...SORT_OPTIONS.map((sortBy) => ({ q: "hayward filter", sortBy })),
      ...SORT_OPTIONS.map((sortBy) => ({ q: "pump", minPrice: "50", sortBy, limit: 8 })),
      // Later pages of the orders a range can be read in.
      ...RANGE_SORTS.flatMap((sortBy) => [
        { q: "pump", sortBy, limit: 8, page: 1 },
        { q: "pump", sortBy, limit: 4, page: 3 },
      ]),
      { t: ["Brand_Pentair", "Brand_Hayward"], minPrice: "20" },
      { isFeatured: "true" },
    ];
    const expected = [];
    for (const params of cases) expected.push(await exact(params));
    const saved = { ...broadListings };
    Object.assign(broadListings, { minCatalog: 0, minScanned: 1, minSampledRows: 1 });
    try {
      let estimated = 0;
      for (const [index, params] of cases.entries()) {
        const broad = await ok(params);
        const want = expected[index];
        const label = JSON.stringify(params);
        expect(
          broad.products.map((p) => p.id),
          label,
        ).toEqual(want.products.map((p) => p.id));
        if (!broad.pageInfo.facetsEstimated) {
          // Too few sampled matches: counted exactly, as before.
          expect(broad.pageInfo.totalObjects, label).toBe(want.pageInfo.totalObjects);
          continue;
        }
        estimated++;
        expect(broad.pageInfo.totalObjects, label).toBeGreaterThan(0);
        // The estimate is a multiple of the sample rate (or exact when the page is the last).
        if (!broad.pageInfo.totalEstimated) expect(broad.pageInfo.totalObjects, label).toBe(want.pageInfo.totalObjects);
        // The price ceiling (which ignores the price filter) is never below a listed price.
        expect(broad.pageInfo.productMaxPrice, label).toBeGreaterThanOrEqual(
          Math.max(0, ...broad.products.map((p) => p.price)),
        );
      }
      expect(estimated).toBeGreaterThan(cases.length / 2);
      // Walks as long as the catalog: a chosen order's page is tried by walking it (when the sampled
      // match that fills the page lies within the walk) and is the exact page either way.
      broadListings.maxWalkShare = 1000;
      for (const [index, params] of cases.entries()) {
        const broad = await ok(params);
        expect(
          broad.products.map((p) => p.id),
          `${JSON.stringify(params)}, walked`,
        ).toEqual(expected[index].products.map((p) => p.id));
      }
      broadListings.maxWalkShare = saved.maxWalkShare;
      // A page sorted by title or price reads only the matches up to the key of a sampled match: ending
      // the range at the first, second or fifth sampled match (often too few matches for the page: the
      // exact page is read then), every page is still the exact one.
      const statements: string[] = [];
      store.database.observeQueries((_seconds, statement) => statements.push(statement));
      for (const at of [1, 2, 5]) {
        broadListings.rangeSampledMatch = () => at;
        for (const [index, params] of cases.entries()) {
          const broad = await ok(params);
          expect(
            broad.products.map((p) => p.id),
            `${JSON.stringify(params)}, range to sampled match ${at}`,
          ).toEqual(expected[index].products.map((p) => p.id));
        }
      }
      // With the exact page left out and no walk, a page sorted by title or price is the range's or
      // empty (the range held too few matches): whole pages come out, each the exact one.
      Object.assign(broadListings, { readExact: false, maxWalkShare: 0, rangeSampledMatch: () => 1 });
      let fromRange = 0;
      for (const [index, params] of cases.entries()) {
        if (!RANGE_SORTS.includes(String(params.sortBy))) continue;
        const answer = await ok(params);
        // An empty page makes the search try fewer words or a correction: another query's page.
        if (answer.pageInfo.relaxedQuery || answer.pageInfo.correctedQuery) continue;
        const ids = answer.products.map((p) => p.id);
        const label = `${JSON.stringify(params)}, the range's page alone`;
        if (ids.length === 0) continue;
        expect(ids, label).toEqual(expected[index].products.map((p) => p.id));
        fromRange++;
      }
      expect(fromRange).toBeGreaterThan(3);
      Object.assign(broadListings, {
        readExact: true,
        maxWalkShare: saved.maxWalkShare,
        rangeSampledMatch: saved.rangeSampledMatch,
      });
      for (const bound of [
        "(s.title_key || '') <=",
        "(s.title_key || '') >=",
        "(s.price_cents + 0) <=",
        "(s.price_cents + 0) >=",
      ]) {
        expect(
          statements.some((statement) => statement.includes(bound)),
          bound,
        ).toBe(true);
      }
      // Few rows pass every filter (here: always): they are counted exactly (page, total and the facets
      // no filter is on); only the filtered facets' own counts are the sample's.
      broadListings.minSampledRows = Number.MAX_SAFE_INTEGER;
      const byName = (vendors: { vendor: string; vendorCount: number }[]) =>
        [...vendors].sort((a, b) => a.vendor.localeCompare(b.vendor));
      let fewPassing = 0;
      for (const [index, params] of cases.entries()) {
        const broad = await ok(params);
        const want = expected[index];
        const label = `${JSON.stringify(params)}, few passing`;
        expect(
          broad.products.map((p) => p.id),
          label,
        ).toEqual(want.products.map((p) => p.id));
        expect(broad.pageInfo.totalObjects, label).toBe(want.pageInfo.totalObjects);
        expect(broad.pageInfo.totalEstimated, label).toBe(false);
        expect(broad.pageInfo.productMaxPrice, label).toBeGreaterThanOrEqual(
          Math.max(0, ...broad.products.map((p) => p.price)),
        );
        if (!broad.pageInfo.facetsEstimated) continue;
        fewPassing++;
        if (!params.v)
          expect(byName(broad.pageInfo.availableVendors), label).toEqual(byName(want.pageInfo.availableVendors));
      }
      expect(fewPassing).toBeGreaterThan(3);
    } finally {
      Object.assign(broadListings, saved);
    }
    // The sample follows the catalog: a price change reaches its row through the trigger.
    const [sampled] = await rows<{ product_id: number }>(sql`select product_id from search_sample limit 1`);
    expect(sampled).toBeDefined();
    await store.database.db.execute(sql`update products set min_price_cents = 123456 where id = ${sampled.product_id}`);
    const [after] = await rows<{ price_cents: number }>(
      sql`select price_cents from search_sample where product_id = ${sampled.product_id}`,
    );
    expect(after.price_cents).toBe(123456);
    const [{ n }] = await rows<{ n: number | string }>(
      sql`select count(*) as n from search_sample s
        where not exists (select 1 from search_documents d where d.product_id = s.product_id)
          or (hashint4(s.product_id) & 15) <> 0`,
    );
    expect(Number(n)).toBe(0);
  });

  test("a broad plain listing with one facet filter: that facet exact from the summary, the sample read through the filter", async () => {
    const [root] = await rows<{ id: number }>(sql`select id from collections where handle = 'pool-pumps'`);
    const cases: Record<string, string | number | string[]>[] = [
      { c: root.id, t: "Brand_Hayward" },
      { t: "Brand_Pentair", limit: 8 },
      { c: root.id, minPrice: "200", sortBy: "price_desc" },
      { c: root.id, v: "Hayward", page: 1, limit: 4 },
    ];
    const expected = [];
    for (const params of cases) expected.push(await ok(params));
    const saved = { ...broadListings };
    Object.assign(broadListings, { minCatalog: 0, minScanned: 1, minSampledRows: 1 });
    const sampled: string[] = [];
    let watching = true;
    store.database.observeQueries((_seconds, statement) => {
      if (watching && statement.includes("search_sample s")) sampled.push(statement);
    });
    try {
      for (const [index, params] of cases.entries()) {
        sampled.length = 0;
        const broad = await ok(params);
        const want = expected[index];
        const label = JSON.stringify(params);
        expect(broad.pageInfo.facetsEstimated, label).toBe(true);
        expect(
          broad.products.map((p) => p.id),
          label,
        ).toEqual(want.products.map((p) => p.id));
        // The filtered facet is the plain listing's, exactly as counted.
        if (params.t) {
          const prefix = String(params.t).split("_")[0];
          const own = (body: typeof broad) =>
            body.pageInfo.availableTagFilters.filter((tag) => tag.tagPrefix === prefix);
          expect(own(broad), label).toEqual(own(want));
        }
        if (params.v) expect(broad.pageInfo.availableVendors, label).toEqual(want.pageInfo.availableVendors);
        if (params.minPrice) expect(broad.pageInfo.productMaxPrice, label).toBe(want.pageInfo.productMaxPrice);
        // The sampled rows are those that pass the filter: the mask of failed filters is never computed.
        expect(sampled.length, label).toBe(1);
        expect(sampled[0], label).toContain("0::bigint as mask");
      }
    } finally {
      watching = false;
      Object.assign(broadListings, saved);
    }
  });

  test("the plain listing's precomputed facets equal counted ones", async () => {
    const [root] = await rows<{ id: number }>(sql`select id from collections where handle = 'pool-pumps'`);
    const plain = await ok({ c: root.id });
    // minPrice=0 forces the counted path with the same result set.
    const counted = await ok({ c: root.id, minPrice: "0" });
    expect(counted.pageInfo.totalObjects).toBe(plain.pageInfo.totalObjects);
    expect(counted.pageInfo.availableVendors).toEqual(plain.pageInfo.availableVendors);
    expect(counted.pageInfo.availableTagFilters).toEqual(plain.pageInfo.availableTagFilters);
    expect(counted.pageInfo.productMaxPrice).toBe(plain.pageInfo.productMaxPrice);
    expect(counted.products.map((p) => p.id)).toEqual(plain.products.map((p) => p.id));
  });
});

describe("search", () => {
  const firstId = async (q: string) => (await ok({ q })).products[0]?.id;

  test("part numbers ignore case, dashes, spaces, dots and slashes", async () => {
    for (const q of ["SP2610X15", "sp2610x15", "SP-2610-X15", "SP2610 X15", "sp.2610/x15"]) {
      const body = await ok({ q });
      expect(body.products[0]?.id, q).toBe(1);
    }
  });

  test("a prefix of a part number finds it", async () => {
    const body = await ok({ q: "SPX1600" });
    const ids = body.products.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([9, 10, 11]));
    expect(await firstId("sp2610")).toBe(1);
  });

  test("a superseded part number finds its replacement", async () => {
    expect(await firstId("R0358801")).toBe(5);
    expect(await firstId("EC40AC")).toBe(7);
    expect(await firstId("GLX-CELL-15")).toBe(13);
    expect(await firstId("9-100-3105")).toBe(20);
  });

  test("exact part-number hits come first", async () => {
    expect(await firstId("SPX1600Z4")).toBe(11);
    expect(await firstId("MX8")).toBe(19);
  });

  test("misspelt words are corrected and the correction is exposed", async () => {
    const chlorinator = await ok({ q: "chlorinater" });
    expect(chlorinator.pageInfo.correctedQuery).toBe("chlorinator");
    expect(chlorinator.pageInfo.totalObjects).toBeGreaterThan(0);
    const inteliflo = await ok({ q: "inteliflo" });
    expect(inteliflo.pageInfo.correctedQuery).toBe("intelliflo");
    expect(inteliflo.products[0].title).toMatch(/IntelliFlo/);
    const cartrige = await ok({ q: "cartrige" });
    expect(cartrige.pageInfo.correctedQuery).toBe("cartridge");
    expect(cartrige.products[0].title).toMatch(/Cartridge/);
    // A query that finds enough is not "corrected".
    expect((await ok({ q: "cartridge" })).pageInfo.correctedQuery).toBeNull();
  });

  test("a word the dictionary knows, or a last word that starts one (typed in part), is not corrected", async () => {
    const db = store.database.db;
    expect(await correctWords(db, ["cartrige"])).toEqual(["cartridge"]);
    expect(await correctWords(db, ["cartridge"])).toBeNull();
    // "chlorinat" is a word being typed (it starts chlorinator), not a misspelling of one.
    expect(await correctWords(db, ["salt", "chlorinat"])).toBeNull();
    // The same letters before another word are corrected.
    expect(await correctWords(db, ["chlorinat", "cartrige"])).toEqual(["chlorinator", "cartridge"]);
  });

  test("synonyms from search_synonyms", async () => {
    const swg = await ok({ q: "swg" });
    expect(swg.pageInfo.totalObjects).toBeGreaterThan(0);
    expect(swg.products[0].title).toMatch(/Salt Cell|Salt Chlorine Generator/);
    const cell = await ok({ q: "chlorinator cell" });
    expect(cell.products[0].title).toMatch(/Salt Cell/);
    // A synonym added to the table works after the next rebuild (which clears the cached table).
    expect((await ok({ q: "wet end" })).pageInfo.totalObjects).toBe(0);
    await store.database.db.execute(
      sql`insert into search_synonyms (term, synonyms) values ('wet end', '{"super pump"}')`,
    );
    await rebuildSearchIndex(store.database.db);
    // The rebuild drops the search tables' indexes and builds them again: the title tier's index comes
    // back with its expression's statistics still off (with them the planner scans broad title words).
    const [tier] = await rows<{ target: number | null }>(
      sql`select a.attstattarget as target from pg_attribute a
        where a.attrelid = 'search_documents_title_tier_idx'::regclass and a.attnum = 1`,
    );
    expect(tier?.target).toBe(0);
    const wetEnd = await ok({ q: "wet end" });
    expect(wetEnd.pageInfo.totalObjects).toBe((await ok({ q: "super pump" })).pageInfo.totalObjects);
    expect(wetEnd.products[0].id).toBe(1);
  });

  test("the last word matches as a prefix (as you type)", async () => {
    const typing = await ok({ q: "hayward super pu" });
    expect(typing.products[0].id).toBe(1);
    expect((await ok({ q: "intellif" })).products[0].title).toMatch(/IntelliFlo/);
  });

  test("accents are ignored", async () => {
    const plain = await ok({ q: "hayward pump" });
    const accented = await ok({ q: "Háywärd PÜMP" });
    expect(accented.products.map((p) => p.id)).toEqual(plain.products.map((p) => p.id));
  });

  test("collections matching q are suggested", async () => {
    const body = await ok({ q: "pump" });
    expect(body.collections.map((c) => c.handle)).toContain("pool-pumps");
    expect(body.collections[0]).toEqual({
      id: expect.any(Number),
      parentId: expect.any(Number),
      title: expect.any(String),
      handle: expect.any(String),
    });
    expect((await ok({})).collections).toEqual([]);
  });

  test("a price phrase is searched on its words when the price comes as minPrice/maxPrice", async () => {
    const words = await ok({ q: "pump", maxPrice: "500" });
    const phrase = await ok({ q: "pump under $500", maxPrice: "500" });
    expect(phrase.products.map((p) => p.id)).toEqual(words.products.map((p) => p.id));
    expect(phrase.pageInfo.totalObjects).toBeGreaterThan(0);
    const onlyPrice = await ok({ q: "under $50", maxPrice: "50" });
    expect(onlyPrice.pageInfo.totalObjects).toBe((await ok({ maxPrice: "50" })).pageInfo.totalObjects);
  });

  test("relevance order unless another sort is asked for", async () => {
    const relevance = await ok({ q: "pump" });
    const cheapest = await ok({ q: "pump", sortBy: "price_asc" });
    expect(cheapest.pageInfo.totalObjects).toBe(relevance.pageInfo.totalObjects);
    const prices = cheapest.products.map((p) => p.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });
});

// Last: these change the catalog.
describe("keeping the search data current", () => {
  test("price, stock and popularity changes show at once (triggers)", async () => {
    await store.database.db.execute(
      sql`update products set min_price_cents = 1, available_for_sale = true, sales_count = 999999 where id = 2`,
    );
    const cheapest = await ok({ sortBy: "price_asc", maxPrice: "0.01", limit: 76 });
    expect(cheapest.products.map((p) => p.id)).toContain(2);
    expect((await ok({ sortBy: "best_selling", limit: 8 })).products[0].id).toBe(2);
    expect((await ok({ q: "SP2303VSP", maxPrice: "0.01" })).products.map((p) => p.id)).toEqual([2]);
    await store.database.db.execute(sql`update products set published_at = null where id = 2`);
    expect((await ok({ q: "SP2303VSP" })).pageInfo.totalObjects).toBe(0);
  });

  test("refreshProductSearchData re-reads an edited product's text", async () => {
    await store.database.db.execute(sql`update products set title = 'Hayward Zephyrion Pump SP2610X15' where id = 1`);
    expect((await ok({ q: "zephyrion" })).pageInfo.totalObjects).toBe(0);
    await refreshProductSearchData(store.database.db, [1]);
    expect((await ok({ q: "zephyrion" })).products.map((p) => p.id)).toEqual([1]);
  });

  test("a word added by an edit joins the vocabulary that words typed in part are searched by", async () => {
    // Every word is frequent below: "gizmoqx hayward" searches hayward, haywards... as whole words and
    // the branches the vocabulary holds around them as prefixes. A word the vocabulary lacked
    // (haywardqz, on a product without any other hayward* word) would be found by none of them.
    const [target] = await rows<{ id: number }>(sql`select product_id as id from search_documents
      where not (match_vector @@ to_tsquery('simple', 'hayward:*')) order by product_id limit 1`);
    const saved = { ...prefixExpansion };
    Object.assign(prefixExpansion, { frequentDocuments: 1, maxTerms: 10_000, maxPrefixes: 10_000 });
    try {
      const plan = buildSearchPlan(["gizmoqx", "hayward"], "gizmoqx hayward", EMPTY_SYNONYMS);
      // The cover is looked up (and kept by the process) before the edit...
      const before = plan && (await expandPrefixes(store.database.db, plan));
      expect(before?.match).not.toContain("'haywardqz'");
      await store.database.db.execute(
        sql`update products set title = 'Gizmoqx Haywardqz Adapter' where id = ${target.id}`,
      );
      await refreshProductSearchData(store.database.db, [target.id]);
      // ... and the refresh drops the kept one: the new word is in the cover read after it.
      const expanded = plan && (await expandPrefixes(store.database.db, plan));
      expect(expanded?.match).toContain("'haywardqz'");
      expect(expanded?.match).not.toContain("'hayward':*");
      expect((await ok({ q: "gizmoqx hayward" })).products.map((p) => p.id)).toEqual([target.id]);
    } finally {
      Object.assign(prefixExpansion, saved);
    }
  });
});

describe("rank levels", () => {
  test("a level read through an index holds exactly the level's rows", async () => {
    // The indexed form (the title tier's index for a level of title words, else the head index, with
    // the weighted tiers checked on the rows) against the plain one, on every level of each plan.
    const queries = [
      ["hayward", "super", "pump"],
      ["hayward", "super", "pu"],
      ["pool", "pump", "motor"],
      ["sand", "fil"],
      ["hot", "tub", "heater"],
      ["spa", "filter"],
      ["sp2610x15"],
    ];
    let titleLevels = 0;
    let alikeLevels = 0;
    const plans = [];
    for (const words of queries) {
      const plan = buildSearchPlan(words, words.join(" "), EMPTY_SYNONYMS);
      if (!plan) throw new Error(`no plan for ${words.join(" ")}`);
      plans.push({ words, plan });
    }
    // A head that names no type, for something that does ("hayward for pump"): its type ranks last.
    const fits = buildSearchPlan(["hayward", "pump"], "hayward pump", EMPTY_SYNONYMS, { headCount: 1 });
    expect(fits?.typeNouns).toEqual([]);
    expect(fits?.fitsTypeNouns).toEqual(["pump"]);
    if (fits) plans.push({ words: ["hayward", "for", "pump"], plan: fits });
    // And as searched: a word typed in part as the words it starts (frequent enough in this small
    // catalog for "pu" and "fil" to expand).
    const saved = { ...prefixExpansion };
    Object.assign(prefixExpansion, { minLength: 2, frequentDocuments: 5, maxTerms: 10_000, maxPrefixes: 10_000 });
    try {
      for (const { words, plan } of [...plans]) {
        const expanded = await expandPrefixes(store.database.db, plan);
        if (expanded.match !== plan.match) plans.push({ words: [...words, "(expanded)"], plan: expanded });
      }
    } finally {
      Object.assign(prefixExpansion, saved);
    }
    expect(plans.length).toBeGreaterThan(queries.length + 1);
    for (const { words, plan } of plans) {
      for (const level of plan.tiers.keys()) {
        const plain = rankLevelCondition(plan, level);
        const indexed = rankLevelCondition(plan, level, { indexed: true });
        if (!plain || !indexed) throw new Error("a plan without attributes has every level");
        const ids = async (condition: ReturnType<typeof sql>) =>
          (
            await rows<{ id: number }>(
              sql`select s.product_id as id from search_documents s where ${condition} order by 1`,
            )
          ).map((row) => row.id);
        const want = await ids(plain);
        const label = `${words.join(" ")}, level ${level}`;
        expect(await ids(indexed), label).toEqual(want);
        // The level a row is in, as the sample counts them: the rows at this level or better.
        const levelOf = rankLevelExpression(plan);
        if (!levelOf) throw new Error("a plan without attributes has a level expression");
        expect(await ids(sql`${levelOf} <= ${level}`), label).toEqual(want);
        if (level === 0 && want.length > 0) titleLevels++;
        // The rows of level 0 all rank alike (the pages read them with alikeRank's constant instead).
        const alike = alikeRank(plan, level);
        if (alike !== null && want.length > 0) {
          const ranks = await rows<{ rank: number }>(
            sql`select distinct ${rankExpression(plan)} as rank from search_documents s where ${plain}`,
          );
          expect(
            ranks.map((row) => Number(row.rank)),
            label,
          ).toEqual([alike]);
          alikeLevels++;
        }
      }
    }
    expect(titleLevels).toBeGreaterThan(4);
    expect(alikeLevels).toBeGreaterThan(3);
  });
});

describe("words typed in part", () => {
  test("searched as the frequent words they start and prefixes of the rest: the same answers as the prefix", async () => {
    const cases: Array<Record<string, string | number | string[]>> = [
      { q: "hayward fil" },
      { q: "super pu", limit: 4 },
      { q: "pu" },
      { q: "pool pum", limit: 12 },
      { q: "cartr" },
      { q: "sand fil", limit: 4 },
      { q: "o-ri" },
      { q: "sp26" },
      { q: "inte" },
      { q: "spa filt", sortBy: "price_desc" },
      { q: "hayward filter", sortBy: "title_asc" },
      { q: "filter cartridge pen", v: "Pentair" },
      { q: "pump mot", minPrice: "50", limit: 8 },
      { q: "valv", t: "Brand_Jandy" },
    ];
    const saved = { ...prefixExpansion };
    const answers = async () => {
      const all = [];
      for (const params of cases) all.push(await ok(params));
      return all;
    };
    try {
      prefixExpansion.minLength = Number.POSITIVE_INFINITY;
      const asPrefixes = await answers();
      // Frequent enough to split most prefixes of this small catalog, with no limit on the cover.
      Object.assign(prefixExpansion, { minLength: 2, frequentDocuments: 5, maxTerms: 10_000, maxPrefixes: 10_000 });
      const plan = buildSearchPlan(["pool", "pum"], "pool pum", EMPTY_SYNONYMS);
      const expanded = plan && (await expandPrefixes(store.database.db, plan));
      expect(expanded?.match).toContain("'pump'");
      expect(expanded?.match).not.toContain("'pum':*");
      expect(expanded?.summaryKey).toBe(plan?.match);
      const asWords = await answers();
      // A search that tries several listings (its measured attribute required, then only ranking) looks
      // each prefix up once, and the process keeps the covers for the next search.
      clearPrefixCovers(store.database.db);
      const statements: string[] = [];
      store.database.observeQueries((_seconds, statement) => statements.push(statement));
      await filterProducts(store.database.db, parseCatalogQuery({ q: "pool pump 1.5 hp" }));
      // Each listing it tries appends the matching categories.
      expect(statements.filter((statement) => statement.includes("collection_suggestions(")).length).toBeGreaterThan(1);
      expect(statements.filter((statement) => statement.includes("search_lexemes"))).toHaveLength(1);
      await filterProducts(store.database.db, parseCatalogQuery({ q: "pool pump 1.5 hp", page: "1", limit: "8" }));
      expect(statements.filter((statement) => statement.includes("search_lexemes"))).toHaveLength(1);
      for (const [index, params] of cases.entries()) {
        const label = JSON.stringify(params);
        const [want, got] = [asPrefixes[index], asWords[index]];
        expect(
          got.products.map((p) => p.id),
          label,
        ).toEqual(want.products.map((p) => p.id));
        expect(got.pageInfo.totalObjects, label).toBe(want.pageInfo.totalObjects);
        expect(got.pageInfo.availableVendors, label).toEqual(want.pageInfo.availableVendors);
        expect(got.pageInfo.availableTagFilters, label).toEqual(want.pageInfo.availableTagFilters);
      }
      expect(asWords.filter((answer) => answer.pageInfo.totalObjects > 0).length).toBeGreaterThan(cases.length / 2);
    } finally {
      Object.assign(prefixExpansion, saved);
    }
  });
});
