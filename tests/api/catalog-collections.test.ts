// Collection endpoints over HTTP, against the seeded demo category tree.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  collectionFeaturedProducts,
  collectionImages,
  collectionProducts,
  collections,
  products,
} from "../../db/schema/catalog.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type Json = Record<string, unknown>;
interface IndexEntry {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  level: number;
  position: number;
}

let store: TestStore;
let tree: IndexEntry[];
beforeAll(async () => {
  store = await startTestStore({ products: 150 });
  tree = await store.database.db
    .select({
      id: collections.id,
      parentId: collections.parentId,
      title: collections.title,
      handle: collections.handle,
      level: collections.level,
      position: collections.position,
    })
    .from(collections);
});
afterAll(() => store?.close());

const db = () => store.database.db;
const byId = (id: number) => tree.find((c) => c.id === id) as IndexEntry;
const childrenOf = (id: number) => tree.filter((c) => c.parentId === id);
/** A collection three levels down (a leaf), and a root with children. */
const leaf = () => tree.find((c) => c.level === 3) as IndexEntry;
const root = () => tree.find((c) => c.parentId === null && childrenOf(c.id).length > 0) as IndexEntry;

function descendants(id: number): number[] {
  return childrenOf(id).flatMap((child) => [child.id, ...descendants(child.id)]);
}

describe("GET /api/collections/index", () => {
  test("lists every collection with its place in the tree, parents before children", async () => {
    const { status, body } = await store.json<{ collections: IndexEntry[] }>("/api/collections/index");
    expect(status).toBe(200);
    expect(body.collections).toHaveLength(tree.length);
    expect(Object.keys(body.collections[0]).sort()).toEqual(["handle", "id", "level", "parentId", "position", "title"]);
    const seen = new Set<number>();
    for (const entry of body.collections) {
      if (entry.parentId !== null) expect(seen.has(entry.parentId), entry.handle).toBe(true);
      seen.add(entry.id);
      expect(entry.level).toBe(entry.parentId === null ? 1 : byId(entry.parentId).level + 1);
    }
  });
});

describe("GET /api/collections (suggestions)", () => {
  test("q matches titles containing the words, case-insensitively", async () => {
    const { status, body } = await store.json<{ collections: Json[] }>("/api/collections?q=PUMP");
    expect(status).toBe(200);
    expect(body.collections.length).toBeGreaterThan(0);
    expect(body.collections.length).toBeLessThanOrEqual(10);
    for (const c of body.collections) expect((c.title as string).toLowerCase()).toContain("pump");
    const expected = tree.filter((c) => c.title.toLowerCase().includes("pump")).length;
    expect(body.collections.length).toBe(Math.min(expected, 10));
  });

  test("accents in the query or the title do not matter", async () => {
    const target = leaf();
    const accented = target.title.replace(/e/, "é").replace(/a/, "à");
    const { body } = await store.json<{ collections: Json[] }>(
      `/api/collections?q=${encodeURIComponent(accented)}&fields=handle`,
    );
    expect(body.collections).toContainEqual({ handle: target.handle });
  });

  test("fields projects the answer; handle, parentId and limit filter it", async () => {
    const parent = root();
    const { body } = await store.json<{ collections: Json[] }>(
      `/api/collections?parentId=${parent.id}&fields=id,title&limit=50`,
    );
    expect(body.collections).toEqual(
      [...childrenOf(parent.id)]
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map(({ id, title }) => ({ id, title })),
    );
    const roots = await store.json<{ collections: Json[] }>("/api/collections?parentId=null&fields=handle&limit=50");
    expect(roots.body.collections).toHaveLength(tree.filter((c) => c.parentId === null).length);
    const one = await store.json<{ collections: Json[] }>(`/api/collections?handle=${leaf().handle}`);
    expect(one.body.collections).toEqual([
      expect.objectContaining({ id: leaf().id, handle: leaf().handle, parentId: leaf().parentId, title: leaf().title }),
    ]);
    const limited = await store.json<{ collections: Json[] }>("/api/collections?limit=2");
    expect(limited.body.collections).toHaveLength(2);
  });

  test("a search shorter than 3 characters answers an empty list, not an error", async () => {
    for (const q of ["ab", "p", "%20pu%20"]) {
      const { status, body } = await store.json<{ collections: Json[] }>(`/api/collections?q=${q}`);
      expect(status, q).toBe(200);
      expect(body, q).toEqual({ collections: [] });
    }
    const three = await store.json<{ collections: Json[] }>("/api/collections?q=pum");
    expect(three.body.collections.length).toBeGreaterThan(0);
  });

  test.each([
    [
      "q=pump&fields=id,secret",
      'query parameter fields: unknown field "secret"; allowed fields: id, parentId, title, handle, level, position, imageUrl, productCount',
    ],
    ["limit=51", "query parameter limit: must be a whole number from 1 to 50"],
    ["limit=ten", "query parameter limit: must be a whole number from 1 to 50"],
    ["parentId=abc", "query parameter parentId: must be a collection id (a whole number above 0) or null"],
  ])("?%s answers 400: %s", async (query, message) => {
    const { status, body } = await store.json(`/api/collections?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(`Invalid request: ${message}`);
  });
});

describe("GET /api/collections/handle/{handle}", () => {
  test("answers the category page's collection with breadcrumbs root first", async () => {
    const target = leaf();
    const { status, body } = await store.json<{ collection: Json & { breadcrumbs: Json[] } }>(
      `/api/collections/handle/${target.handle}`,
    );
    expect(status).toBe(200);
    const collection = body.collection;
    for (const key of [
      "id",
      "parentId",
      "title",
      "handle",
      "seoTitle",
      "seoDescription",
      "isIndexed",
      "imageUrl",
      "descriptionHtml",
      "breadcrumbs",
      "childCollectionsCount",
      "productMaxPrice",
    ]) {
      expect(collection, key).toHaveProperty(key);
    }
    const parent = byId(target.parentId as number);
    const grandparent = byId(parent.parentId as number);
    expect(collection.breadcrumbs.map((b) => b.handle)).toEqual([grandparent.handle, parent.handle, target.handle]);
    expect(collection.breadcrumbs[0]).toEqual({
      id: grandparent.id,
      title: grandparent.title,
      handle: grandparent.handle,
    });
    expect(collection.childCollectionsCount).toBe(0);
  });

  test("childCollectionsCount and productMaxPrice cover the subtree", async () => {
    const top = root();
    const { body } = await store.json<{ collection: Json }>(`/api/collections/handle/${top.handle}`);
    expect(body.collection.childCollectionsCount).toBe(childrenOf(top.id).length);
    const ids = [top.id, ...descendants(top.id)];
    const [row] = await db()
      .select({ max: sql<number>`coalesce(max(${products.minPriceCents}), 0)::int` })
      .from(collectionProducts)
      .innerJoin(products, eq(products.id, collectionProducts.productId))
      .where(
        and(
          sql`${collectionProducts.collectionId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
          sql`${products.publishedAt} is not null`,
        ),
      );
    expect(row.max).toBeGreaterThan(0);
    expect(body.collection.productMaxPrice).toBe(row.max / 100);
  });

  test("an unknown handle answers 404", async () => {
    const { status, body } = await store.json("/api/collections/handle/no-such-category");
    expect(status).toBe(404);
    expect(body.error).toBe('No collection with the handle "no-such-category".');
  });
});

describe("GET /api/collections/{handle or id}", () => {
  test("digits are an id, anything else a handle", async () => {
    const target = leaf();
    const byNumber = await store.json<{ collection: Json }>(`/api/collections/${target.id}`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.collection.handle).toBe(target.handle);
    const byHandle = await store.json<{ collection: Json }>(`/api/collections/${target.handle}`);
    expect(byHandle.body.collection.id).toBe(target.id);
    expect(byHandle.body.collection).toHaveProperty("breadcrumbs");
  });

  test("unknown ids and handles answer 404 with an error", async () => {
    const missingId = await store.json("/api/collections/999999");
    expect(missingId.status).toBe(404);
    expect(missingId.body.error).toBe("No collection with the id 999999.");
    const missingHandle = await store.json("/api/collections/not-a-category");
    expect(missingHandle.status).toBe(404);
    expect(missingHandle.body.error).toBeTruthy();
  });
});

describe("GET /api/collections/{id}/hierarchy and upper-hierarchy", () => {
  test("hierarchy lists the children with images, LEVEL and their own child counts", async () => {
    const top = root();
    const { status, body } = await store.json<{ hierarchy: Array<Json & { images: Json[] }> }>(
      `/api/collections/${top.id}/hierarchy`,
    );
    expect(status).toBe(200);
    const expected = [...childrenOf(top.id)].sort((a, b) => a.position - b.position || a.id - b.id);
    expect(body.hierarchy.map((entry) => entry.handle)).toEqual(expected.map((c) => c.handle));
    for (const entry of body.hierarchy) {
      expect(entry.LEVEL).toBe(2);
      expect(entry.childCollectionsCount).toBe(childrenOf(entry.id as number).length);
      expect(Array.isArray(entry.images)).toBe(true);
      expect(typeof entry.title).toBe("string");
    }
  });

  test("hierarchy entries carry the collection's images by placement", async () => {
    const top = root();
    const child = childrenOf(top.id)[0];
    await db()
      .insert(collectionImages)
      .values({ collectionId: child.id, placement: "testPlacement", imagePath: "/img/test.webp", altText: "Test" })
      .onConflictDoNothing();
    const { body } = await store.json<{ hierarchy: Array<Json & { images: Json[] }> }>(
      `/api/collections/${top.id}/hierarchy`,
    );
    const entry = body.hierarchy.find((e) => e.id === child.id);
    expect(entry?.images).toContainEqual({ placement: "testPlacement", imagePath: "/img/test.webp", altText: "Test" });
  });

  test("a leaf has no children", async () => {
    expect((await store.json(`/api/collections/${leaf().id}/hierarchy`)).body).toEqual({ hierarchy: [] });
  });

  test("upper-hierarchy lists the ancestors root first; empty for a root", async () => {
    const target = leaf();
    const parent = byId(target.parentId as number);
    const grandparent = byId(parent.parentId as number);
    const { status, body } = await store.json<{ hierarchy: Json[] }>(`/api/collections/${target.id}/upper-hierarchy`);
    expect(status).toBe(200);
    expect(body.hierarchy.map((entry) => entry.id)).toEqual([grandparent.id, parent.id]);
    expect(body.hierarchy[0]).toMatchObject({ title: grandparent.title, handle: grandparent.handle });
    expect((await store.json(`/api/collections/${root().id}/upper-hierarchy`)).body).toEqual({ hierarchy: [] });
  });

  test.each(["hierarchy", "upper-hierarchy", "products/featured"])(
    "%s: a non-numeric id answers 400, an unknown one 404",
    async (path) => {
      const bad = await store.json(`/api/collections/pool-pumps/${path}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(
        "Invalid request: path parameter id: must be a collection id (a whole number above 0)",
      );
      const missing = await store.json(`/api/collections/999999/${path}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe("No collection with the id 999999.");
    },
  );
});

describe("GET /api/collections/{id}/image/placement/{placement}", () => {
  test("answers the image path and alt text", async () => {
    const target = leaf();
    await db()
      .insert(collectionImages)
      .values({
        collectionId: target.id,
        placement: "topBanner",
        imagePath: "/img/banner-test.webp",
        altText: "Banner",
      })
      .onConflictDoUpdate({
        target: [collectionImages.collectionId, collectionImages.placement],
        set: { imagePath: "/img/banner-test.webp", altText: "Banner" },
      });
    const { status, body } = await store.json(`/api/collections/${target.id}/image/placement/topBanner`);
    expect(status).toBe(200);
    expect(body).toEqual({ imagePath: "/img/banner-test.webp", altText: "Banner" });
  });

  test("no image answers 404; a non-numeric id or a bad placement 400", async () => {
    const missing = await store.json(`/api/collections/${leaf().id}/image/placement/noSuchPlacement`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain("noSuchPlacement");
    const bad = await store.json("/api/collections/abc/image/placement/topBanner");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("path parameter id");
    const badPlacement = await store.json(
      `/api/collections/${leaf().id}/image/placement/${encodeURIComponent("top banner!")}`,
    );
    expect(badPlacement.status).toBe(400);
    expect(badPlacement.body.error).toContain("path parameter placement");
  });
});

describe("GET /api/collections/{id}/products/featured", () => {
  test("answers the featured products as cards, in the merchant's order, published only", async () => {
    const target = leaf();
    const candidates = await db()
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.publishedAt} is not null`)
      .orderBy(asc(products.id))
      .limit(4);
    await db().delete(collectionFeaturedProducts).where(eq(collectionFeaturedProducts.collectionId, target.id));
    await db()
      .insert(collectionFeaturedProducts)
      .values(candidates.map((p, index) => ({ collectionId: target.id, productId: p.id, position: 10 - index })));
    const hidden = candidates[1].id;
    await db().update(products).set({ publishedAt: null }).where(eq(products.id, hidden));
    try {
      const { status, body } = await store.json<{ products: Json[] }>(
        `/api/collections/${target.id}/products/featured`,
      );
      expect(status).toBe(200);
      const expected = [...candidates].reverse().filter((p) => p.id !== hidden);
      expect(body.products.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      for (const card of body.products) {
        for (const key of ["id", "title", "handle", "price", "imageUrl", "availableInventoryLevels"]) {
          expect(card, key).toHaveProperty(key);
        }
      }
      const limited = await store.json<{ products: Json[] }>(`/api/collections/${target.id}/products/featured?limit=1`);
      expect(limited.body.products).toHaveLength(1);
    } finally {
      await db().update(products).set({ publishedAt: new Date() }).where(eq(products.id, hidden));
    }
  });

  test("a collection without featured products answers an empty list", async () => {
    const bare = root();
    await db().delete(collectionFeaturedProducts).where(eq(collectionFeaturedProducts.collectionId, bare.id));
    expect((await store.json(`/api/collections/${bare.id}/products/featured`)).body).toEqual({ products: [] });
  });
});
