// Product detail, free shipping and vendors over HTTP, against the seeded demo catalog.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { productReviews, products, vendors } from "../../db/schema/catalog.ts";
import { shippingPolicies } from "../../db/schema/commerce.ts";
import { firstShownVariant } from "../../shared/variant-selection.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type Json = Record<string, unknown>;
type Product = Json & {
  Variants: Array<Json & { Options: Json[]; availableInventoryLevels: Json[]; InventoryItem: Json | null }>;
  Options: Array<Json & { values: string[] }>;
  Images: Json[];
  Model3Ds: Json[];
  Reviews: Json[];
  Collections: Json[];
};

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ products: 150 });
});
afterAll(() => store?.close());

const db = () => store.database.db;

function expectMoney(value: unknown) {
  expect(typeof value).toBe("number");
  const amount = value as number;
  expect(Math.round(amount * 100)).toBeCloseTo(amount * 100, 6);
}

/** A published product matching a condition, picked from the seeded catalog. */
async function pickHandle(where: ReturnType<typeof sql>): Promise<string> {
  const [row] = await db()
    .select({ handle: products.handle })
    .from(products)
    .where(and(sql`${products.publishedAt} is not null`, where))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error("the demo catalog has no product for this test");
  return row.handle;
}

async function getProduct(handle: string): Promise<Product> {
  const { status, body } = await store.json<{ product: Product }>(`/api/products/handle/${encodeURIComponent(handle)}`);
  expect(status).toBe(200);
  return body.product;
}

describe("GET /api/products/handle/{handle}", () => {
  test("answers { product } with every detail field of the spec", async () => {
    const handle = await pickHandle(sql`exists (select 1 from product_options o where o.product_id = ${products.id})`);
    const product = await getProduct(handle);
    for (const key of [
      "id",
      "handle",
      "title",
      "seoTitle",
      "seoDescription",
      "isIndexed",
      "descriptionHtml",
      "vendor",
      "sku",
      "productCode",
      "price",
      "compareAtPrice",
      "availableForSale",
      "imageUrl",
      "Images",
      "Model3Ds",
      "Reviews",
      "Collections",
      "Options",
      "Variants",
      "avgRating",
      "totalReviews",
      "supersededPartNumbers",
    ]) {
      expect(product, key).toHaveProperty(key);
    }
    expect(product.handle).toBe(handle);
    expectMoney(product.price);
    expect(typeof product.isIndexed).toBe("boolean");
    expect(typeof product.availableForSale).toBe("boolean");
    expect(Array.isArray(product.supersededPartNumbers)).toBe(true);
    expect(typeof product.avgRating).toBe("number");
    expect(product.Images.length).toBeGreaterThan(0);
    expect(product.imageUrl).toBe(product.Images[0].url);
    for (const image of product.Images) expect(Object.keys(image)).toEqual(expect.arrayContaining(["url", "altText"]));
    for (const collection of product.Collections) {
      expect(Object.keys(collection).sort()).toEqual(["handle", "id", "title"]);
    }
    expect(product.Collections.length).toBeGreaterThan(0);
  });

  test("options list their values; each variant names its value under VariantSelectedOptions", async () => {
    const handle = await pickHandle(
      sql`(select count(*) from variants v where v.product_id = ${products.id}) > 1 and exists (select 1 from product_options o where o.product_id = ${products.id})`,
    );
    const product = await getProduct(handle);
    expect(product.Options.length).toBeGreaterThan(0);
    for (const option of product.Options) {
      expect(typeof option.id).toBe("number");
      expect(typeof option.name).toBe("string");
      expect(option.values.length).toBeGreaterThan(1);
    }
    const positions = product.Variants.map((variant) => variant.variantPosition as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const combinations = new Set<string>();
    for (const variant of product.Variants) {
      expect(variant.Options.map((option) => option.id)).toEqual(product.Options.map((option) => option.id));
      const chosen = variant.Options.map((option, index) => {
        const selected = (option.VariantSelectedOptions as { optionValueSelected: string }).optionValueSelected;
        expect(product.Options[index].values).toContain(selected);
        return selected;
      });
      combinations.add(chosen.join("|"));
    }
    // The client picks "the first variant whose options all match": combinations must be distinct.
    expect(combinations.size).toBe(product.Variants.length);
  });

  test("the product's own options carry the value selected on the variant it starts with (spec §3)", async () => {
    const handle = await pickHandle(
      sql`(select count(*) from variants v where v.product_id = ${products.id}) > 1 and exists (select 1 from product_options o where o.product_id = ${products.id})`,
    );
    const product = await getProduct(handle);
    const first = firstShownVariant(
      product.Variants as unknown as { title: string; variantPosition: number; Options: Json[]; sku: unknown }[],
    );
    expect(first).not.toBeNull();
    for (const option of product.Options) {
      const own = first?.Options.find((candidate) => candidate.id === option.id) as
        | { VariantSelectedOptions: { optionValueSelected: string } }
        | undefined;
      expect(option.VariantSelectedOptions).toEqual({
        optionValueSelected: own?.VariantSelectedOptions.optionValueSelected,
      });
    }
    // The product's sku and price are those of the same variant.
    expect(product.sku).toBe(first?.sku);
  });

  test("variants carry prices, stock, SKU and their inventory levels", async () => {
    const handle = await pickHandle(sql`true`);
    const product = await getProduct(handle);
    expect(product.Variants.length).toBeGreaterThan(0);
    for (const variant of product.Variants) {
      for (const key of [
        "id",
        "title",
        "variantPosition",
        "price",
        "compareAtPrice",
        "availableForSale",
        "availableQuantity",
        "InventoryItem",
        "availableInventoryLevels",
        "Options",
      ]) {
        expect(variant, key).toHaveProperty(key);
      }
      expectMoney(variant.price);
      if (variant.compareAtPrice !== null) expectMoney(variant.compareAtPrice);
      expect(typeof (variant.InventoryItem as Json).sku).toBe("string");
      expect(variant.availableInventoryLevels.length).toBeGreaterThan(0);
      for (const level of variant.availableInventoryLevels) {
        expect(level.variantId).toBe(variant.id);
        expect(typeof level.id).toBe("number");
        expect(typeof level.bypassNegativeQuantity).toBe("boolean");
      }
    }
    // The default variant drives the product's price and SKU.
    const first = product.Variants.find((v) => v.title === "Default Title") ?? product.Variants[0];
    expect(product.price).toBe(first.price);
    expect(product.sku).toBe((first.InventoryItem as Json).sku);
  });

  test("availability follows stock: bypassing negative quantity sells at zero stock", async () => {
    const bypass = await pickHandle(
      sql`exists (select 1 from variants v join inventory_items i on i.variant_id = v.id join inventory_levels l on l.inventory_item_id = i.id where v.product_id = ${products.id} and l.bypass_negative_quantity and l.available = 0)
          and ${products.availableForSale}`,
    );
    const product = await getProduct(bypass);
    const variant = product.Variants.find((v) =>
      v.availableInventoryLevels.some((level) => level.bypassNegativeQuantity === true),
    );
    expect(variant?.availableForSale).toBe(true);

    const soldOut = await pickHandle(
      sql`not exists (select 1 from variants v join inventory_items i on i.variant_id = v.id join inventory_levels l on l.inventory_item_id = i.id where v.product_id = ${products.id} and (l.bypass_negative_quantity or l.available > 0))`,
    );
    const unavailable = await getProduct(soldOut);
    expect(unavailable.availableForSale).toBe(false);
    expect(unavailable.Variants.every((v) => v.availableForSale === false && v.availableQuantity === 0)).toBe(true);
  });

  test("reviews: newest first, with rating, author, title, body and date", async () => {
    const handle = await pickHandle(gt(products.totalReviews, 1));
    const product = await getProduct(handle);
    expect(product.totalReviews).toBeGreaterThan(1);
    expect(product.Reviews.length).toBe(Math.min(product.totalReviews as number, 50));
    const dates = product.Reviews.map((review) => Date.parse(review.createdAt as string));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const review of product.Reviews) {
      expect(review.starsRating).toBeGreaterThanOrEqual(1);
      expect(review.starsRating).toBeLessThanOrEqual(5);
      expect(typeof review.author).toBe("string");
      expect(review).toHaveProperty("title");
      expect(review).toHaveProperty("body");
    }
    const average = product.Reviews.reduce((sum, r) => sum + (r.starsRating as number), 0) / product.Reviews.length;
    expect(product.avgRating).toBeCloseTo(average, 1);
  });

  test("unpublished reviews are not shown", async () => {
    const handle = await pickHandle(gt(products.totalReviews, 1));
    const before = await getProduct(handle);
    const hidden = before.Reviews[0].id as number;
    await db().update(productReviews).set({ isPublished: false }).where(eq(productReviews.id, hidden));
    try {
      const after = await getProduct(handle);
      expect(after.Reviews.map((r) => r.id)).not.toContain(hidden);
    } finally {
      await db().update(productReviews).set({ isPublished: true }).where(eq(productReviews.id, hidden));
    }
  });

  test("3D models come with id, posterUrl and url", async () => {
    const handle = await pickHandle(sql`exists (select 1 from product_model3ds m where m.product_id = ${products.id})`);
    const product = await getProduct(handle);
    expect(product.Model3Ds.length).toBeGreaterThan(0);
    expect(Object.keys(product.Model3Ds[0]).sort()).toEqual(["id", "posterUrl", "url"]);
  });

  test("an unknown handle answers 404 with an error", async () => {
    const { status, body } = await store.json("/api/products/handle/no-such-product-anywhere");
    expect(status).toBe(404);
    expect(body.error).toBe('No product with the handle "no-such-product-anywhere".');
  });

  test("unpublished and not-yet-published products are not found", async () => {
    const handle = await pickHandle(sql`true`);
    try {
      await db().update(products).set({ publishedAt: null }).where(eq(products.handle, handle));
      expect((await store.json(`/api/products/handle/${handle}`)).status).toBe(404);
      expect((await store.json(`/api/products/handle/${handle}/isEligibleForFreeShipping`)).status).toBe(404);
      await db()
        .update(products)
        .set({ publishedAt: new Date(Date.now() + 86_400_000) })
        .where(eq(products.handle, handle));
      expect((await store.json(`/api/products/handle/${handle}`)).status).toBe(404);
    } finally {
      await db().update(products).set({ publishedAt: new Date() }).where(eq(products.handle, handle));
    }
    expect((await store.json(`/api/products/handle/${handle}`)).status).toBe(200);
  });
});

describe("free shipping", () => {
  async function withPolicies<T>(
    policies: Array<{ thresholdCents: number | null; isActive: boolean }>,
    run: () => Promise<T>,
  ): Promise<T> {
    const saved = await db().select().from(shippingPolicies);
    await db().update(shippingPolicies).set({ isActive: false });
    const inserted = await db()
      .insert(shippingPolicies)
      .values(
        policies.map((policy, index) => ({
          name: `test policy ${index}`,
          freeShippingThresholdCents: policy.thresholdCents,
          isActive: policy.isActive,
        })),
      )
      .returning({ id: shippingPolicies.id });
    try {
      return await run();
    } finally {
      for (const { id } of inserted) await db().delete(shippingPolicies).where(eq(shippingPolicies.id, id));
      for (const policy of saved) {
        await db()
          .update(shippingPolicies)
          .set({ isActive: policy.isActive })
          .where(eq(shippingPolicies.id, policy.id));
      }
    }
  }

  test("the amount is the lowest active threshold, with 2 decimals", async () => {
    await withPolicies(
      [
        { thresholdCents: 12_950, isActive: true },
        { thresholdCents: 9_900, isActive: false },
        { thresholdCents: null, isActive: true },
      ],
      async () => {
        const { status, body } = await store.json("/api/shippingPolicies/freeShippingAmount");
        expect(status).toBe(200);
        expect(body).toEqual({ freeShippingAmount: 129.5 });
      },
    );
  });

  test("-1 when no active policy has a threshold", async () => {
    await withPolicies([{ thresholdCents: null, isActive: true }], async () => {
      expect((await store.json("/api/shippingPolicies/freeShippingAmount")).body).toEqual({ freeShippingAmount: -1 });
    });
  });

  test("a product qualifies when eligible, not oversized and a policy offers free shipping", async () => {
    const eligible = await pickHandle(and(eq(products.freeShippingEligible, true), eq(products.oversized, false))!);
    const path = `/api/products/handle/${eligible}/isEligibleForFreeShipping`;
    await withPolicies([{ thresholdCents: 9_900, isActive: true }], async () => {
      expect((await store.json(path)).body).toEqual({ isEligibleForFreeShipping: true });
      try {
        await db().update(products).set({ oversized: true }).where(eq(products.handle, eligible));
        expect((await store.json(path)).body).toEqual({ isEligibleForFreeShipping: false });
        await db()
          .update(products)
          .set({ oversized: false, freeShippingEligible: false })
          .where(eq(products.handle, eligible));
        expect((await store.json(path)).body).toEqual({ isEligibleForFreeShipping: false });
      } finally {
        await db()
          .update(products)
          .set({ oversized: false, freeShippingEligible: true })
          .where(eq(products.handle, eligible));
      }
    });
    await withPolicies([{ thresholdCents: 9_900, isActive: false }], async () => {
      expect((await store.json(path)).body).toEqual({ isEligibleForFreeShipping: false });
    });
  });

  test("an unknown product answers 404", async () => {
    const { status, body } = await store.json("/api/products/handle/nope-nope/isEligibleForFreeShipping");
    expect(status).toBe(404);
    expect(body.error).toContain("nope-nope");
  });
});

describe("GET /api/products/vendors/fullDetail", () => {
  type VendorPage = {
    vendors: Array<{ name: string; handle: string; imageUrl: string | null; productCount: number }>;
    pageInfo: { limitPerPage: number; totalObjects: number; totalPages: number };
  };

  async function listedVendorCount(): Promise<number> {
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(vendors)
      .where(gt(vendors.productCount, 0));
    return row.count;
  }

  test("footer call: the 5 biggest brands by product count", async () => {
    const { status, body } = await store.json<VendorPage>(
      "/api/products/vendors/fullDetail?page=0&limit=5&sortBy=PRODUCT_COUNT&order=DESC",
    );
    expect(status).toBe(200);
    expect(body.vendors).toHaveLength(5);
    for (const vendor of body.vendors) {
      expect(Object.keys(vendor)).toEqual(expect.arrayContaining(["name", "handle", "imageUrl", "productCount"]));
    }
    const counts = body.vendors.map((vendor) => vendor.productCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const [top] = await db()
      .select()
      .from(vendors)
      .orderBy(desc(vendors.productCount), asc(sql`lower(${vendors.name})`))
      .limit(1);
    expect(body.vendors[0].name).toBe(top.name);
    const total = await listedVendorCount();
    expect(body.pageInfo).toEqual({ limitPerPage: 5, totalObjects: total, totalPages: Math.ceil(total / 5) });
  });

  test("product counts match the published products of each brand", async () => {
    const { body } = await store.json<VendorPage>("/api/products/vendors/fullDetail?limit=100");
    const rows = await db()
      .select({ name: vendors.name, count: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .where(sql`${products.publishedAt} is not null`)
      .groupBy(vendors.name);
    const actual = Object.fromEntries(rows.map((row) => [row.name, row.count]));
    for (const vendor of body.vendors) expect(vendor.productCount, vendor.name).toBe(actual[vendor.name]);
  });

  test("all-brands pages: A-Z by default, pages do not overlap and cover every brand", async () => {
    const total = await listedVendorCount();
    const seen: string[] = [];
    for (let page = 0; page < Math.ceil(total / 4); page++) {
      const { body } = await store.json<VendorPage>(`/api/products/vendors/fullDetail?page=${page}&limit=4`);
      expect(body.pageInfo.totalPages).toBe(Math.ceil(total / 4));
      seen.push(...body.vendors.map((vendor) => vendor.name));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toEqual([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), "en")));
    const beyond = await store.json<VendorPage>(
      `/api/products/vendors/fullDetail?page=${Math.ceil(total / 4)}&limit=4`,
    );
    expect(beyond.body.vendors).toEqual([]);
    expect(beyond.body.pageInfo.totalObjects).toBe(total);
  });

  test("NAME DESC reverses the order; values are case-insensitive", async () => {
    const { body: asc } = await store.json<VendorPage>(
      "/api/products/vendors/fullDetail?sortBy=NAME&order=ASC&limit=100",
    );
    const { body: descending } = await store.json<VendorPage>(
      "/api/products/vendors/fullDetail?sortBy=name&order=desc&limit=100",
    );
    expect(descending.vendors.map((v) => v.name)).toEqual(asc.vendors.map((v) => v.name).reverse());
  });

  test.each([
    ["sortBy=POPULARITY", "query parameter sortBy: must be one of PRODUCT_COUNT, NAME"],
    ["order=UP", "query parameter order: must be one of ASC, DESC"],
    ["page=-1", "query parameter page: must be a whole number, 0 or more"],
    ["page=abc", "query parameter page: must be a whole number, 0 or more"],
    ["limit=0", "query parameter limit: must be a whole number from 1 to 100"],
    ["limit=101", "query parameter limit: must be a whole number from 1 to 100"],
  ])("?%s answers 400 naming the parameter and the allowed values", async (query, message) => {
    const { status, body } = await store.json(`/api/products/vendors/fullDetail?${query}`);
    expect(status).toBe(400);
    expect(body.error).toContain(message);
  });
});
