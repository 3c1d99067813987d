// Navigation, seller reviews and blog articles over HTTP; the resolution of the old site's article links.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectionImages, collections, products, siteReviews } from "../../db/schema/catalog.ts";
import { articles, navItems, navMenus } from "../../db/schema/content.ts";
import { productIsPublished } from "../../services/catalog/published.ts";
import { resolveHtmLink } from "../../services/content/legacy-links.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type Json = Record<string, unknown>;
interface NavItem {
  id: number;
  title: string;
  url: string | null;
  children: NavItem[];
  maxChildItemsToDisplay: number;
  imageUrl?: string | null;
}

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ products: 40 });
});
afterAll(() => store?.close());

const db = () => store.database.db;

function depthOf(items: NavItem[]): number {
  return items.length === 0 ? 0 : 1 + Math.max(...items.map((item) => depthOf(item.children)));
}
function flatten(items: NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

describe("GET /api/nav", () => {
  test("answers navData two levels deep by default, each item with its fields", async () => {
    const { status, body } = await store.json<{ navData: NavItem[] }>("/api/nav");
    expect(status).toBe(200);
    expect(body.navData.length).toBeGreaterThan(0);
    expect(depthOf(body.navData)).toBe(2);
    for (const item of flatten(body.navData)) {
      expect(typeof item.id).toBe("number");
      expect(typeof item.title).toBe("string");
      expect(Array.isArray(item.children)).toBe(true);
      expect(item.maxChildItemsToDisplay).toBeGreaterThan(0);
      expect(item).not.toHaveProperty("imageUrl");
    }
  });

  test("depth 1 gives the top items only; depth 3 follows the menu's own third level", async () => {
    const one = await store.json<{ navData: NavItem[] }>("/api/nav?depth=1");
    expect(depthOf(one.body.navData)).toBe(1);
    const two = await store.json<{ navData: NavItem[] }>("/api/nav?depth=2");
    const parent = two.body.navData.find((item) => item.children.length > 0) as NavItem;
    const [menu] = await db().select({ id: navMenus.id }).from(navMenus).where(eq(navMenus.handle, "main-menu"));
    const [third] = await db()
      .insert(navItems)
      .values({ menuId: menu.id, parentId: parent.children[0].id, title: "Third level", url: "/third", position: 1 })
      .returning({ id: navItems.id });
    try {
      const three = await store.json<{ navData: NavItem[] }>("/api/nav?depth=3");
      expect(depthOf(three.body.navData)).toBe(3);
      const again = three.body.navData.find((item) => item.id === parent.id) as NavItem;
      expect(again.children[0].children).toEqual([
        {
          id: third.id,
          title: "Third level",
          url: "/third",
          collectionId: null,
          maxChildItemsToDisplay: 8,
          children: [],
        },
      ]);
      expect(depthOf((await store.json<{ navData: NavItem[] }>("/api/nav")).body.navData)).toBe(2);
    } finally {
      await db().delete(navItems).where(eq(navItems.id, third.id));
    }
  });

  test("item ids are unique within the answer", async () => {
    const { body } = await store.json<{ navData: NavItem[] }>("/api/nav?depth=3");
    const ids = flatten(body.navData).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("collection links use collectionUrlPrefix", async () => {
    const handles = new Set((await db().select({ handle: collections.handle }).from(collections)).map((c) => c.handle));
    const { body } = await store.json<{ navData: NavItem[] }>("/api/nav?collectionUrlPrefix=/shop/c&depth=3");
    const collectionLinks = flatten(body.navData).filter((item) => item.url?.startsWith("/shop/c/"));
    expect(collectionLinks.length).toBeGreaterThan(0);
    for (const item of collectionLinks) expect(handles.has((item.url as string).slice("/shop/c/".length))).toBe(true);
    const { body: standard } = await store.json<{ navData: NavItem[] }>("/api/nav?depth=3");
    expect(flatten(standard.navData).some((item) => item.url?.startsWith("/collections/"))).toBe(true);
  });

  test("imagePlacement adds each collection item's image for that placement", async () => {
    const { body: plain } = await store.json<{ navData: NavItem[] }>("/api/nav");
    const withChild = plain.navData.find((item) => item.children.length > 0) as NavItem;
    const child = withChild.children[0];
    const [collection] = await db()
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.handle, (child.url as string).split("/").pop() as string));
    await db()
      .insert(collectionImages)
      .values({ collectionId: collection.id, placement: "menuImage", imagePath: "/img/nav-test.webp", altText: null })
      .onConflictDoUpdate({
        target: [collectionImages.collectionId, collectionImages.placement],
        set: { imagePath: "/img/nav-test.webp" },
      });
    const { body } = await store.json<{ navData: NavItem[] }>("/api/nav?imagePlacement=menuImage");
    for (const item of flatten(body.navData)) expect(item).toHaveProperty("imageUrl");
    const again = flatten(body.navData).find((item) => item.url === child.url);
    expect(again?.imageUrl).toBe("/img/nav-test.webp");
  });

  test("without a main-menu the collection tree stands in", async () => {
    const saved = await db().select().from(navMenus).where(eq(navMenus.handle, "main-menu"));
    await db().update(navMenus).set({ handle: "main-menu-hidden" }).where(eq(navMenus.handle, "main-menu"));
    try {
      const deep = await store.json<{ navData: NavItem[] }>("/api/nav?depth=3");
      expect(depthOf(deep.body.navData)).toBe(3);
      const { body } = await store.json<{ navData: NavItem[] }>("/api/nav?depth=1");
      const roots = await db()
        .select({ handle: collections.handle })
        .from(collections)
        .where(sql`${collections.parentId} is null`)
        .orderBy(collections.position, collections.id);
      expect(body.navData.map((item) => item.url)).toEqual(roots.map((root) => `/collections/${root.handle}`));
    } finally {
      if (saved.length)
        await db().update(navMenus).set({ handle: "main-menu" }).where(eq(navMenus.handle, "main-menu-hidden"));
    }
  });

  test.each([
    ["depth=4", "query parameter depth: must be a whole number from 1 to 3"],
    ["depth=0", "query parameter depth: must be a whole number from 1 to 3"],
    ["depth=two", "query parameter depth: must be a whole number from 1 to 3"],
    ["collectionUrlPrefix=//evil.example", "query parameter collectionUrlPrefix: must be a path such as /collections"],
    [
      "collectionUrlPrefix=https://evil.example",
      "query parameter collectionUrlPrefix: must be a path such as /collections",
    ],
    ["imagePlacement=menu%20image", "query parameter imagePlacement: must be a placement name such as menuImage"],
  ])("?%s answers 400: %s", async (query, message) => {
    const { status, body } = await store.json(`/api/nav?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(`Invalid request: ${message}`);
  });
});

describe("GET /api/reviews/siteReviews/", () => {
  type ReviewPage = {
    siteReviews: Array<{
      url: string | null;
      message: string | null;
      name: string;
      stars: number;
      avatarUrl: string | null;
      createdAt: string;
    }>;
    pageInfo: { limitPerPage: number; totalObjects: number; totalPages: number };
  };

  beforeAll(async () => {
    // A known number of reviews, whatever the demo data holds.
    await db().delete(siteReviews);
    await db()
      .insert(siteReviews)
      .values(
        Array.from({ length: 14 }, (_, i) => ({
          name: `Reviewer ${i}`,
          message: i === 3 ? null : `Great service #${i}`,
          stars: 1 + (i % 5),
          url: `https://reviews.example/r/${i}`,
          avatarUrl: i % 2 ? null : `/img/avatar-${i}.webp`,
          createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        })),
      );
  });

  test("the carousel call: 6 newest reviews with their fields and page info", async () => {
    const { status, body } = await store.json<ReviewPage>("/api/reviews/siteReviews/?limit=6&page=0");
    expect(status).toBe(200);
    expect(body.siteReviews.map((review) => review.name)).toEqual([13, 12, 11, 10, 9, 8].map((i) => `Reviewer ${i}`));
    expect(body.siteReviews[0]).toMatchObject({
      url: "https://reviews.example/r/13",
      message: "Great service #13",
      name: "Reviewer 13",
      stars: 4,
      avatarUrl: null,
      createdAt: "2025-01-14T00:00:00.000Z",
    });
    expect(body.pageInfo).toEqual({ limitPerPage: 6, totalObjects: 14, totalPages: 3 });
  });

  test("without the trailing slash and without parameters: the same defaults", async () => {
    const { status, body } = await store.json<ReviewPage>("/api/reviews/siteReviews");
    expect(status).toBe(200);
    expect(body.siteReviews).toHaveLength(6);
    expect(body.pageInfo.limitPerPage).toBe(6);
  });

  test("the last page holds the remainder; beyond it is empty", async () => {
    const last = await store.json<ReviewPage>("/api/reviews/siteReviews/?limit=6&page=2");
    expect(last.body.siteReviews.map((review) => review.name)).toEqual(["Reviewer 1", "Reviewer 0"]);
    const beyond = await store.json<ReviewPage>("/api/reviews/siteReviews/?limit=6&page=3");
    expect(beyond.body.siteReviews).toEqual([]);
    expect(beyond.body.pageInfo.totalObjects).toBe(14);
  });

  test.each([
    ["limit=51", "query parameter limit: must be a whole number from 1 to 50"],
    ["limit=0", "query parameter limit: must be a whole number from 1 to 50"],
    ["page=-1", "query parameter page: must be a whole number, 0 or more (pages count from 0)"],
    ["page=x", "query parameter page: must be a whole number, 0 or more (pages count from 0)"],
  ])("?%s answers 400: %s", async (query, message) => {
    const { status, body } = await store.json(`/api/reviews/siteReviews/?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(`Invalid request: ${message}`);
  });
});

describe("GET /api/articles", () => {
  type ArticlePage = {
    articles: Array<{
      id: number;
      handle: string;
      title: string;
      author: string | null;
      imageUrl: string | null;
      createdAt: string;
      excerpt: string;
    }>;
    pageInfo: { limitPerPage: number; totalObjects: number; totalPages: number };
  };
  const TEST_BLOG_POSTS = 12;

  beforeAll(async () => {
    await db()
      .insert(articles)
      .values([
        ...Array.from({ length: TEST_BLOG_POSTS }, (_, i) => ({
          handle: `test-post-${i}`,
          title: `${String.fromCharCode(90 - i)} test post`,
          author: "Pat Pool",
          kind: "blog" as const,
          imageUrl: `/img/post-${i}.webp`,
          excerpt: i === 0 ? null : `Excerpt ${i}`,
          bodyHtml: `<p>Body of <strong>post ${i}</strong> about pumps.</p>`,
          createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
        })),
        {
          handle: "test-info-page",
          title: "Shipping details",
          kind: "info" as const,
          createdAt: new Date(Date.UTC(2031, 0, 1)),
        },
        {
          handle: "test-draft",
          title: "Draft post",
          kind: "blog" as const,
          publishedAt: null,
          createdAt: new Date(Date.UTC(2031, 0, 2)),
        },
        {
          handle: "test-scheduled",
          title: "Scheduled post",
          kind: "blog" as const,
          publishedAt: new Date(Date.now() + 86_400_000),
          createdAt: new Date(Date.UTC(2031, 0, 3)),
        },
      ]);
  });

  async function publishedBlogCount(): Promise<number> {
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(articles)
      .where(and(eq(articles.kind, "blog"), isNotNull(articles.publishedAt), sql`${articles.publishedAt} <= now()`));
    return row.count;
  }

  test("the home page call: newest published blog posts first, with their fields", async () => {
    const { status, body } = await store.json<ArticlePage>("/api/articles?page=0&limit=10&sortBy=CREATED&order=DESC");
    expect(status).toBe(200);
    expect(body.articles).toHaveLength(10);
    expect(body.articles.map((a) => a.handle).slice(0, 3)).toEqual(["test-post-11", "test-post-10", "test-post-9"]);
    expect(Object.keys(body.articles[0]).sort()).toEqual(
      ["author", "createdAt", "excerpt", "handle", "id", "imageUrl", "title"].sort(),
    );
    expect(body.articles[0]).toMatchObject({
      title: "O test post",
      author: "Pat Pool",
      imageUrl: "/img/post-11.webp",
      createdAt: "2030-01-12T00:00:00.000Z",
      excerpt: "Excerpt 11",
    });
    const total = await publishedBlogCount();
    expect(body.pageInfo).toEqual({ limitPerPage: 10, totalObjects: total, totalPages: Math.ceil(total / 10) });
  });

  test("info pages, drafts and scheduled posts are left out", async () => {
    const total = await publishedBlogCount();
    const { body } = await store.json<ArticlePage>(`/api/articles?limit=50`);
    const handles = body.articles.map((a) => a.handle);
    expect(handles).not.toContain("test-info-page");
    expect(handles).not.toContain("test-draft");
    expect(handles).not.toContain("test-scheduled");
    expect(body.pageInfo.totalObjects).toBe(total);
  });

  test("a post without an excerpt gets one from its body", async () => {
    const { body } = await store.json<ArticlePage>("/api/articles?limit=50");
    expect(body.articles.find((a) => a.handle === "test-post-0")?.excerpt).toBe("Body of post 0 about pumps.");
  });

  test("sortBy TITLE and order ASC; pages follow on", async () => {
    const { body } = await store.json<ArticlePage>("/api/articles?sortBy=title&order=asc&limit=50");
    const titles = body.articles.map((a) => a.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const oldestFirst = await store.json<ArticlePage>("/api/articles?sortBy=CREATED&order=ASC&limit=50");
    const times = oldestFirst.body.articles.map((a) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const page0 = await store.json<ArticlePage>("/api/articles?limit=5&page=0");
    const page1 = await store.json<ArticlePage>("/api/articles?limit=5&page=1");
    expect(page1.body.articles[0].handle).toBe(
      (await store.json<ArticlePage>("/api/articles?limit=6")).body.articles[5].handle,
    );
    expect(page0.body.articles.map((a) => a.id)).not.toContain(page1.body.articles[0].id);
  });

  test.each([
    ["sortBy=DATE", "query parameter sortBy: must be one of CREATED, TITLE"],
    ["order=NEWEST", "query parameter order: must be one of ASC, DESC"],
    ["page=-1", "query parameter page: must be a whole number, 0 or more (pages count from 0)"],
    ["limit=500", "query parameter limit: must be a whole number from 1 to 50"],
  ])("?%s answers 400: %s", async (query, message) => {
    const { status, body } = await store.json<Json>(`/api/articles?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(`Invalid request: ${message}`);
  });
});

describe("old /{handle}/{id}.htm links", () => {
  const paths = { products: "/products", collections: "/collections", blog: "/blog" };
  const resolve = (handle: string, file: string) => resolveHtmLink(db(), handle, file, paths);

  test("an article named by its handle wins over a product with the same id", async () => {
    const [product] = await db().select({ id: products.id }).from(products).orderBy(products.id).limit(1);
    expect(await resolve("shipping-details", `${product.id}.htm`)).toBe("/Articles.asp?ID=257");
    expect(await resolve("Shipping-Details", "257.htm")).toBe("/Articles.asp?ID=257");
  });

  test("an article's old id finds it when the handle names nothing", async () => {
    expect(await resolve("shipping", "257.htm")).toBe("/Articles.asp?ID=257");
    expect(await resolve("expert-help", "355.html")).toBe("/Articles.asp?ID=355");
  });

  test("a product named by its handle, whatever the id; by id only when the handle agrees", async () => {
    const [first, second] = await db()
      .select({ id: products.id, handle: products.handle })
      .from(products)
      .where(productIsPublished())
      .orderBy(products.id)
      .limit(2);
    expect(await resolve(first.handle, `${first.id}.htm`)).toBe(`/products/${first.handle}`);
    // The handle names the product even where the id is an article's old id.
    expect(await resolve(first.handle, "257.htm")).toBe(`/products/${first.handle}`);
    // A shortened form of the product's handle still agrees with it.
    const shortened = first.handle.split("-").slice(0, 2).join("-");
    expect(await resolve(shortened.toUpperCase(), `${first.id}.htm`)).toBe(`/products/${first.handle}`);
    // A handle that names another page, or nothing related, never opens an unrelated product by its id.
    expect(await resolve("no-such-page", `${first.id}.htm`)).toBeNull();
    expect(await resolve(second.handle, "999999.htm")).toBe(`/products/${second.handle}`);
    expect(await resolve("no-such-page", "999999.htm")).toBeNull();
  });
});
