// The back office's catalog API over real HTTP: products created, changed and published are seen by
// shoppers within 2 seconds (search, product page, category listing); a renamed product's old address
// answers 301; support staff read but cannot write; retried writes with an Idempotency-Key happen
// once; bad input gets a 4xx that names the field.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let owner: CookieClient;
let support: CookieClient;
let manager: CookieClient;
let categoryId: number;
let brandId: number;

const VISIBLE_WITHIN_MS = 2_000;

/** Polls `check` until it passes or 2 seconds have gone by; returns how long it took. */
async function within2s(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < VISIBLE_WITHIN_MS) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The change was not visible to shoppers within 2 seconds.");
}

interface ProductAnswer {
  product: {
    id: number;
    handle: string;
    status: string;
    variants: Array<{ id: number; sku: string; price: number; stock: number }>;
    images: Array<{ id: number; url: string }>;
  };
}

function newProduct(overrides: Record<string, unknown> = {}) {
  return {
    title: "Zephyrite Booster Pump",
    descriptionHtml: "<p>Quiet booster <img src=x onerror=alert(1)></p>",
    vendorId: brandId,
    categoryIds: [categoryId],
    tags: ["Horsepower_0.75 HP"],
    partNumber: "ZBP-0750-X",
    supersededPartNumbers: ["ZB-700"],
    status: "published",
    options: [{ name: "Voltage", values: ["115 V", "230 V"] }],
    variants: [
      { optionValues: ["115 V"], sku: "ZBP-115", price: 489.99, compareAtPrice: 529, stock: 6 },
      { optionValues: ["230 V"], sku: "ZBP-230", price: 499.99, stock: 2 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0, pages: true });
  owner = await signInStaff(store, "owner");
  manager = await signInStaff(store, "manager");
  support = await signInStaff(store, "support");
  const category = await owner.call<{ category: { id: number } }>("POST", "/api/admin/categories", {
    title: "Booster Pumps",
    descriptionHtml: "<p>Pumps for pressure-side cleaners.</p>",
  });
  expect(category.status).toBe(201);
  categoryId = category.body.category.id;
  const brand = await owner.call<{ brand: { id: number } }>("POST", "/api/admin/brands", { name: "Zephyr Aquatics" });
  expect(brand.status).toBe(201);
  brandId = brand.body.brand.id;
}, 240_000);

afterAll(() => store?.close());

describe("products", () => {
  let created: ProductAnswer["product"];

  it("creates a published product that shoppers find by word and part number, on its page and in its category within 2 s", async () => {
    const answer = await owner.call<ProductAnswer>("POST", "/api/admin/products", newProduct(), {
      "idempotency-key": "create-zephyrite-1",
    });
    expect(answer.status).toBe(201);
    created = answer.body.product;
    expect(created.handle).toBe("zephyrite-booster-pump");
    expect(created.variants.map((variant) => variant.sku)).toEqual(["ZBP-115", "ZBP-230"]);

    await within2s(async () => {
      const search = await store.json<{ products: Array<{ id: number }> }>("/api/products/filter?q=zephyrite");
      return search.body.products.some((product) => product.id === created.id);
    });
    await within2s(async () => {
      const search = await store.json<{ products: Array<{ id: number }> }>("/api/products/filter?q=ZBP0750X");
      return search.body.products.some((product) => product.id === created.id);
    });
    await within2s(async () => {
      const listing = await store.json<{ products: Array<{ id: number }> }>(`/api/products/filter?c=${categoryId}`);
      return listing.body.products.some((product) => product.id === created.id);
    });
    const page = await store.get(`/products/${created.handle}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Zephyrite Booster Pump");
    expect(html).toContain("489.99");
    // The description was sanitised on the way in.
    const detail = await store.json<{ product: { descriptionHtml: string } }>(`/api/products/handle/${created.handle}`);
    expect(detail.body.product.descriptionHtml).not.toContain("onerror");
  });

  it("answers a retried create with the same Idempotency-Key once, and refuses the key on a different body", async () => {
    const again = await owner.call<ProductAnswer>("POST", "/api/admin/products", newProduct(), {
      "idempotency-key": "create-zephyrite-1",
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.product.id).toBe(created.id);
    const list = await owner.get<{ products: unknown[]; pageInfo: { total: number } }>(
      "/api/admin/products?q=zephyrite",
    );
    expect(list.body.pageInfo.total).toBe(1);
    const other = await owner.call("POST", "/api/admin/products", newProduct({ title: "Other" }), {
      "idempotency-key": "create-zephyrite-1",
    });
    expect(other.status).toBe(422);
  });

  it("changes price and stock: the product page and search show both within 2 s", async () => {
    const [first, second] = created.variants;
    const answer = await manager.call<ProductAnswer>("PUT", `/api/admin/products/${created.id}`, {
      ...newProduct(),
      variants: [
        { id: first.id, optionValues: ["115 V"], sku: "ZBP-115", price: 459.5, compareAtPrice: 529, stock: 0 },
        { id: second.id, optionValues: ["230 V"], sku: "ZBP-230", price: 499.99, stock: 9 },
      ],
    });
    expect(answer.status).toBe(200);
    await within2s(async () => {
      const detail = await store.json<{
        product: { Variants: Array<{ id: number; price: number; availableQuantity: number }> };
      }>(`/api/products/handle/${created.handle}`);
      const variants = detail.body.product.Variants;
      return (
        variants.find((variant) => variant.id === first.id)?.price === 459.5 &&
        variants.find((variant) => variant.id === first.id)?.availableQuantity === 0 &&
        variants.find((variant) => variant.id === second.id)?.availableQuantity === 9
      );
    });
    const html = await (await store.get(`/products/${created.handle}`)).text();
    expect(html).toContain("459.50");
    const search = await store.json<{ products: Array<{ id: number; price: number }> }>(
      "/api/products/filter?q=zephyrite",
    );
    expect(search.body.products.find((product) => product.id === created.id)?.price).toBe(459.5);
  });

  it("keeps the old address after a handle change: the storefront answers 301 to the new one", async () => {
    const answer = await owner.call<ProductAnswer>("PUT", `/api/admin/products/${created.id}`, {
      ...newProduct({ handle: "zephyrite-booster-pump-075hp" }),
      variants: created.variants.map((variant, index) => ({
        id: variant.id,
        optionValues: [index === 0 ? "115 V" : "230 V"],
        sku: variant.sku,
        price: 499.99,
        stock: 3,
      })),
    });
    expect(answer.status).toBe(200);
    const old = await store.get("/products/zephyrite-booster-pump?variant=1", { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/products/zephyrite-booster-pump-075hp?variant=1");
    expect((await store.get("/products/zephyrite-booster-pump-075hp")).status).toBe(200);
    expect((await store.get("/products/never-was-a-product")).status).toBe(404);
  });

  it("uploads an image, resizes it to the storefront's widths and serves it with a year's cache", async () => {
    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#0b3d63" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "pump.png");
    const response = await store.get(`/api/admin/products/${created.id}/images`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.cookieHeader(), "idempotency-key": "upload-1" },
    });
    expect(response.status).toBe(201);
    const { image } = (await response.json()) as { image: { id: number; url: string; width: number } };
    expect(image.url).toMatch(/^\/img\/uploads\/p\d+\/[0-9a-f]{24}\.webp$/);
    for (const width of [160, 480]) {
      const variant = await store.get(image.url.replace(/\.webp$/, `_${width}x.webp`));
      expect(variant.status).toBe(200);
      expect(variant.headers.get("cache-control")).toContain("immutable");
      expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(width);
    }
    const detail = await store.json<{ product: { imageUrl: string } }>(
      `/api/products/handle/zephyrite-booster-pump-075hp`,
    );
    expect(detail.body.product.imageUrl).toBe(image.url);

    const notAnImage = new FormData();
    notAnImage.append("file", new Blob(["hello"], { type: "image/png" }), "fake.png");
    const refused = await store.get(`/api/admin/products/${created.id}/images`, {
      method: "POST",
      body: notAnImage,
      headers: { cookie: owner.cookieHeader() },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("not an image");
  });

  it("lets support staff read products but refuses their writes with 403", async () => {
    const read = await support.get<ProductAnswer>(`/api/admin/products/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.product.id).toBe(created.id);
    const write = await support.call("PUT", `/api/admin/products/${created.id}`, newProduct());
    expect(write.status).toBe(403);
    const bulk = await support.call("POST", "/api/admin/products/bulk", {
      action: "unpublish",
      productIds: [created.id],
    });
    expect(bulk.status).toBe(403);
    const stock = await support.call("POST", "/api/admin/stock/adjustments", {
      variantId: created.variants[0].id,
      delta: 1,
      reason: "received",
    });
    expect(stock.status).toBe(403);
  });

  it("refuses bad input with a 4xx naming the field", async () => {
    const bad = await owner.call<{ error: string }>("POST", "/api/admin/products", {
      ...newProduct({ title: "" }),
      variants: [{ optionValues: ["115 V"], sku: "", price: -3, stock: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("title: Enter a title");
    expect(bad.body.error).toContain("variants.0.sku: Enter a SKU");
    expect(bad.body.error).toContain("variants.0.price: cannot be negative");
    const taken = await owner.call<{ error: string }>(
      "POST",
      "/api/admin/products",
      newProduct({ title: "Copy", handle: "copy-one" }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toContain('the SKU "ZBP-115" is already used');
    const missing = await owner.call<{ error: string }>("PUT", "/api/admin/products/999999", newProduct());
    expect(missing.status).toBe(404);
  });

  it("unpublishes and republishes in bulk: shoppers stop and start seeing it within 2 s", async () => {
    const off = await owner.call("POST", "/api/admin/products/bulk", { action: "unpublish", productIds: [created.id] });
    expect(off.status).toBe(200);
    await within2s(async () => (await store.json("/api/products/handle/zephyrite-booster-pump-075hp")).status === 404);
    await within2s(async () => {
      const search = await store.json<{ products: Array<{ id: number }> }>("/api/products/filter?q=zephyrite");
      return !search.body.products.some((product) => product.id === created.id);
    });
    const price = await owner.call<{ result: { changed: number[] } }>("POST", "/api/admin/products/bulk", {
      action: "price",
      productIds: [created.id],
      mode: "percent",
      value: -10,
    });
    expect(price.body.result.changed).toEqual([created.id]);
    await owner.call("POST", "/api/admin/products/bulk", { action: "publish", productIds: [created.id] });
    await within2s(async () => {
      const detail = await store.json<{ product?: { price: number } }>(
        "/api/products/handle/zephyrite-booster-pump-075hp",
      );
      return detail.status === 200 && detail.body.product?.price === 449.99;
    });
  });
});

describe("stock", () => {
  it("adjusts with a reason, keeps the history and lists low stock", async () => {
    const product = await owner.call<ProductAnswer>("POST", "/api/admin/products", {
      ...newProduct({ title: "Gasket kit", partNumber: "GK-1", options: [] }),
      variants: [{ sku: "GK-1", price: 12, stock: 1 }],
    });
    const variantId = product.body.product.variants[0].id;
    const adjusted = await manager.call<{ adjustment: { resultingStock: number; staffName: string } }>(
      "POST",
      "/api/admin/stock/adjustments",
      { variantId, delta: 24, reason: "received", note: "PO 1182" },
      { "idempotency-key": "receive-gk-1" },
    );
    expect(adjusted.status).toBe(201);
    expect(adjusted.body.adjustment.resultingStock).toBe(25);
    const replay = await manager.call(
      "POST",
      "/api/admin/stock/adjustments",
      { variantId, delta: 24, reason: "received", note: "PO 1182" },
      {
        "idempotency-key": "receive-gk-1",
      },
    );
    expect(replay.status).toBe(201);
    const history = await support.get<{
      variant: { stock: number };
      history: Array<{ reason: string; delta: number }>;
    }>(`/api/admin/stock/variants/${variantId}`);
    expect(history.body.variant.stock).toBe(25);
    expect(history.body.history.map((row) => [row.reason, row.delta])).toEqual([
      ["received", 24],
      ["product_edit", 1],
    ]);
    const other = await manager.call<{ error: string }>("POST", "/api/admin/stock/adjustments", {
      variantId,
      delta: -1,
      reason: "other",
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain("note");
    await manager.call("POST", "/api/admin/stock/adjustments", { variantId, delta: -22, reason: "count_correction" });
    const low = await support.get<{ variants: Array<{ variantId: number; stock: number }> }>("/api/admin/stock");
    expect(low.body.variants.find((row) => row.variantId === variantId)?.stock).toBe(3);
  });
});

describe("stock tracking", () => {
  it("a variant whose stock is not counted always sells; counting again makes 0 on hand sold out", async () => {
    const body = (tracked: boolean) => ({
      ...newProduct({ title: "Made-to-order Heat Pump Cover", partNumber: "HPC-MTO", options: [] }),
      variants: [{ sku: "HPC-MTO", price: 149, stock: 0, tracked }],
    });
    const created = await owner.call<ProductAnswer>("POST", "/api/admin/products", body(false));
    expect(created.status).toBe(201);
    const id = created.body.product.id;
    const handle = created.body.product.handle;
    const read = await support.get<{ product: { variants: Array<{ tracked: boolean; backorder: boolean }> } }>(
      `/api/admin/products/${id}`,
    );
    // Not counted is its own setting: the editor no longer shows it as a backorder.
    expect(read.body.product.variants[0]).toMatchObject({ tracked: false, backorder: false });
    const forSale = async () =>
      (await store.json<{ product: { availableForSale: boolean } }>(`/api/products/handle/${handle}`)).body.product
        .availableForSale;
    await within2s(async () => (await forSale()) === true);
    const list = await support.get<{ products: Array<{ id: number; stockState: string }> }>(
      "/api/admin/products?q=HPC-MTO",
    );
    expect(list.body.products.find((product) => product.id === id)?.stockState).toBe("untracked");

    const counted = await owner.call<ProductAnswer>("PUT", `/api/admin/products/${id}`, body(true));
    expect(counted.status).toBe(200);
    await within2s(async () => (await forSale()) === false);
    const again = await support.get<{ product: { variants: Array<{ tracked: boolean }> } }>(
      `/api/admin/products/${id}`,
    );
    expect(again.body.product.variants[0].tracked).toBe(true);
  });
});

describe("categories and brands", () => {
  it("renames and moves a category; the storefront's category listing follows within 2 s", async () => {
    const parent = await owner.call<{ category: { id: number; level: number } }>("POST", "/api/admin/categories", {
      title: "Pool Equipment",
    });
    const moved = await owner.call<{ category: { parentId: number; level: number; title: string } }>(
      "PUT",
      `/api/admin/categories/${categoryId}`,
      { title: "Booster & Cleaner Pumps", parentId: parent.body.category.id },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.category).toMatchObject({
      parentId: parent.body.category.id,
      level: 2,
      title: "Booster & Cleaner Pumps",
    });
    // The parent now lists its new subcategory's products.
    await within2s(async () => {
      const listing = await store.json<{ products: Array<{ title: string }> }>(
        `/api/products/filter?c=${parent.body.category.id}`,
      );
      return listing.body.products.some((product) => product.title === "Zephyrite Booster Pump");
    });
    const cycle = await owner.call<{ error: string }>("POST", `/api/admin/categories/${parent.body.category.id}/move`, {
      parentId: categoryId,
      position: 0,
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toContain("cannot be moved under itself");
  });

  it("refuses a brand name that exists", async () => {
    const again = await owner.call<{ error: string }>("POST", "/api/admin/brands", { name: "zephyr aquatics" });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain("already a brand called");
  });
});
