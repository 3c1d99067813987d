// Tree rules on a small hand-made catalog: breadcrumb and ancestor order, depth-first index, children,
// price bound over descendants, suggestion matching, and the navigation built from menu and tree.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { collectionImages, collectionProducts, collections, products } from "../../db/schema/catalog.ts";
import { navItems, navMenus } from "../../db/schema/content.ts";
import { NotFound } from "../errors.ts";
import {
  collectionSuggestionQuerySchema,
  getCollection,
  getCollectionByHandle,
  getCollectionHierarchy,
  getCollectionImage,
  getCollectionUpperHierarchy,
  listCollectionIndex,
  suggestCollections,
} from "./collections.ts";
import { getNavigation } from "./navigation.ts";
import { openTestDatabase } from "./test-database.ts";

let handle: DatabaseHandle;
const ids: Record<string, number> = {};

async function addCollection(key: string, title: string, parent: string | null, level: number, position: number) {
  const [row] = await handle.db
    .insert(collections)
    .values({ handle: key, title, parentId: parent ? ids[parent] : null, level, position })
    .returning({ id: collections.id });
  ids[key] = row.id;
}

async function addProduct(key: string, collection: string, minPriceCents: number, published = true) {
  const [row] = await handle.db
    .insert(products)
    .values({
      handle: key,
      title: key,
      minPriceCents,
      maxPriceCents: minPriceCents + 5000,
      publishedAt: published ? new Date(Date.now() - 60_000) : null,
    })
    .returning({ id: products.id });
  await handle.db.insert(collectionProducts).values({ collectionId: ids[collection], productId: row.id });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await addCollection("spa", "Spa", null, 1, 0);
  await addCollection("pool-equipment", "Pool Equipment", null, 1, 1);
  await addCollection("sand-filters", "Filtres à Sable", "pool-equipment", 2, 1);
  await addCollection("pool-pumps", "Pool Pumps", "pool-equipment", 2, 2);
  await addCollection("variable-speed", "Variable Speed Pumps", "pool-pumps", 3, 2);
  await addCollection("pump-parts", "Pump Parts", "pool-pumps", 3, 1);
  await addCollection("percent", "100% Cotton Covers", "spa", 2, 1);
  await addProduct("vs-pump", "variable-speed", 89_999);
  await addProduct("draft-pump", "pump-parts", 999_999, false);
  await addProduct("lid", "pool-pumps", 2_499);
  await handle.db.insert(collectionImages).values([
    { collectionId: ids["pool-pumps"], placement: "menuImage", imagePath: "/img/pumps-menu.webp", altText: "Pumps" },
    { collectionId: ids["pool-pumps"], placement: "topBanner", imagePath: "/img/pumps-banner.webp", altText: null },
  ]);
}, 60_000);
afterAll(() => handle?.close());

describe("collection tree", () => {
  test("the index lists every collection depth-first, siblings by position", async () => {
    const index = await listCollectionIndex(handle.db);
    expect(index.map((c) => c.handle)).toEqual([
      "spa",
      "percent",
      "pool-equipment",
      "sand-filters",
      "pool-pumps",
      "pump-parts",
      "variable-speed",
    ]);
    expect(index[1]).toEqual({
      id: ids.percent,
      parentId: ids.spa,
      title: "100% Cotton Covers",
      handle: "percent",
      level: 2,
      position: 1,
    });
  });

  test("breadcrumbs run from the root down to the collection itself", async () => {
    const collection = await getCollectionByHandle(handle.db, "variable-speed");
    expect(collection.breadcrumbs.map((b) => b.handle)).toEqual(["pool-equipment", "pool-pumps", "variable-speed"]);
    expect(collection.childCollectionsCount).toBe(0);
    const root = await getCollectionByHandle(handle.db, "pool-equipment");
    expect(root.breadcrumbs).toEqual([
      { id: ids["pool-equipment"], title: "Pool Equipment", handle: "pool-equipment" },
    ]);
    expect(root.childCollectionsCount).toBe(2);
  });

  test("productMaxPrice covers descendants and skips unpublished products", async () => {
    expect((await getCollectionByHandle(handle.db, "pool-equipment")).productMaxPrice).toBe(899.99);
    expect((await getCollectionByHandle(handle.db, "pump-parts")).productMaxPrice).toBe(0);
    expect((await getCollectionByHandle(handle.db, "pool-pumps")).productMaxPrice).toBe(899.99);
  });

  test("a numeric path is an id, anything else a handle", async () => {
    expect((await getCollection(handle.db, String(ids.spa))).handle).toBe("spa");
    expect((await getCollection(handle.db, "spa")).id).toBe(ids.spa);
    await expect(getCollection(handle.db, "999999")).rejects.toBeInstanceOf(NotFound);
    await expect(getCollection(handle.db, "nope")).rejects.toBeInstanceOf(NotFound);
  });

  test("upper hierarchy: ancestors root first, empty for a root", async () => {
    const ancestors = await getCollectionUpperHierarchy(handle.db, ids["variable-speed"]);
    expect(ancestors.map((a) => a.handle)).toEqual(["pool-equipment", "pool-pumps"]);
    expect(ancestors.map((a) => a.level)).toEqual([1, 2]);
    expect(await getCollectionUpperHierarchy(handle.db, ids.spa)).toEqual([]);
    await expect(getCollectionUpperHierarchy(handle.db, 999_999)).rejects.toBeInstanceOf(NotFound);
  });

  test("hierarchy: children by position with images, LEVEL 2 and their own child counts", async () => {
    const children = await getCollectionHierarchy(handle.db, ids["pool-equipment"]);
    expect(children.map((c) => [c.handle, c.LEVEL, c.level, c.childCollectionsCount])).toEqual([
      ["sand-filters", 2, 2, 0],
      ["pool-pumps", 2, 2, 2],
    ]);
    expect(children[1].images).toEqual([
      { placement: "menuImage", imagePath: "/img/pumps-menu.webp", altText: "Pumps" },
      { placement: "topBanner", imagePath: "/img/pumps-banner.webp", altText: null },
    ]);
    expect(await getCollectionHierarchy(handle.db, ids["pump-parts"])).toEqual([]);
    await expect(getCollectionHierarchy(handle.db, 999_999)).rejects.toBeInstanceOf(NotFound);
  });

  test("images by placement", async () => {
    expect(await getCollectionImage(handle.db, ids["pool-pumps"], "topBanner")).toEqual({
      imagePath: "/img/pumps-banner.webp",
      altText: null,
    });
    await expect(getCollectionImage(handle.db, ids.spa, "topBanner")).rejects.toBeInstanceOf(NotFound);
  });
});

describe("collection suggestions", () => {
  const suggest = (query: Record<string, string>) =>
    suggestCollections(handle.db, collectionSuggestionQuerySchema.parse(query));

  test("every word must appear; case and accents do not matter; phrase starts rank first", async () => {
    expect((await suggest({ q: "PUMP" })).map((c) => c.handle)).toEqual(["pump-parts", "pool-pumps", "variable-speed"]);
    expect((await suggest({ q: "filtres a sable" })).map((c) => c.handle)).toEqual(["sand-filters"]);
    expect((await suggest({ q: "sable filtres" })).map((c) => c.handle)).toEqual(["sand-filters"]);
  });

  test("LIKE wildcards in the text are literal", async () => {
    expect((await suggest({ q: "100%" })).map((c) => c.handle)).toEqual(["percent"]);
    expect(await suggest({ q: "p_mp" })).toEqual([]);
  });

  test("filters by parent, handle and limit; projects fields", async () => {
    expect((await suggest({ parentId: "null" })).map((c) => c.handle)).toEqual(["spa", "pool-equipment"]);
    expect((await suggest({ parentId: String(ids["pool-pumps"]) })).map((c) => c.handle)).toEqual([
      "pump-parts",
      "variable-speed",
    ]);
    expect(await suggest({ handle: "spa", fields: "id,title" })).toEqual([{ id: ids.spa, title: "Spa" }]);
    expect(await suggest({ q: "pump", limit: "1" })).toHaveLength(1);
  });

  test("a query shorter than 3 characters answers nothing; an empty one filters nothing", async () => {
    expect(await suggest({ q: "pu" })).toEqual([]);
    expect(await suggest({ q: " p " })).toEqual([]);
    expect((await suggest({ q: "pum" })).length).toBeGreaterThan(0);
    expect(await suggest({ q: "", parentId: "null" })).toEqual(await suggest({ parentId: "null" }));
  });

  test("the schema refuses unknown fields, naming the allowed ones", () => {
    const fields = collectionSuggestionQuerySchema.safeParse({ fields: "id,secret" });
    expect(fields.error?.issues[0].message).toBe(
      'unknown field "secret"; allowed fields: id, parentId, title, handle, level, position, imageUrl, productCount',
    );
  });
});

describe("navigation", () => {
  test("without a main-menu it is the collection tree, cut at the depth", async () => {
    const nav = await getNavigation(handle.db, { depth: 2 });
    expect(nav.map((item) => item.url)).toEqual(["/collections/spa", "/collections/pool-equipment"]);
    expect(nav[1].children.map((item) => item.title)).toEqual(["Filtres à Sable", "Pool Pumps"]);
    expect(nav[1].children[1].children).toEqual([]);
    const deeper = await getNavigation(handle.db, { depth: 3, collectionUrlPrefix: "/c" });
    expect(deeper[1].children[1].children.map((item) => item.url)).toEqual(["/c/pump-parts", "/c/variable-speed"]);
  });

  test("the main-menu wins and alone decides the structure", async () => {
    const [menu] = await handle.db
      .insert(navMenus)
      .values({ handle: "main-menu", title: "Main menu" })
      .returning({ id: navMenus.id });
    const [equipment] = await handle.db
      .insert(navItems)
      .values({ menuId: menu.id, title: "Equipment", collectionId: ids["pool-equipment"], position: 1 })
      .returning({ id: navItems.id });
    const [brands] = await handle.db
      .insert(navItems)
      .values({ menuId: menu.id, title: "Brands", url: "/brands", position: 2, maxChildItemsToDisplay: 4 })
      .returning({ id: navItems.id });
    const [pumps] = await handle.db
      .insert(navItems)
      .values({ menuId: menu.id, parentId: equipment.id, title: "", collectionId: ids["pool-pumps"], position: 1 })
      .returning({ id: navItems.id });
    await handle.db.insert(navItems).values([
      { menuId: menu.id, parentId: brands.id, title: "Hayward", url: "/brands/Hayward", position: 1 },
      { menuId: menu.id, parentId: pumps.id, title: "VS", collectionId: ids["variable-speed"], position: 1 },
    ]);

    const nav = await getNavigation(handle.db, { depth: 2, imagePlacement: "menuImage" });
    expect(nav.map((item) => [item.id, item.title, item.url, item.maxChildItemsToDisplay])).toEqual([
      [equipment.id, "Equipment", "/collections/pool-equipment", 8],
      [brands.id, "Brands", "/brands", 4],
    ]);
    // An item without a title of its own shows its collection's.
    expect(nav[0].children.map((item) => [item.id, item.title, item.url, item.imageUrl])).toEqual([
      [pumps.id, "Pool Pumps", "/collections/pool-pumps", "/img/pumps-menu.webp"],
    ]);
    expect(nav[0].children[0].children).toEqual([]);
    expect(nav[1].children.map((item) => item.title)).toEqual(["Hayward"]);
    expect(nav[1].imageUrl).toBeNull();

    const top = await getNavigation(handle.db, { depth: 1 });
    expect(top.every((item) => item.children.length === 0)).toBe(true);
    const deep = await getNavigation(handle.db, { depth: 3 });
    expect(deep[0].children[0].children.map((item) => item.url)).toEqual(["/collections/variable-speed"]);
  });
});
