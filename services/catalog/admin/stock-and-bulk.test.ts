import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { queryRows } from "../../search/query-rows.ts";
import { openTestDatabase } from "../test-database.ts";
import { applyBulkAction } from "./bulk-actions.ts";
import type { CatalogWriteContext } from "./catalog-write-context.ts";
import { listProductsForAdmin } from "./product-list.ts";
import { saveProduct } from "./product-writes.ts";
import { adjustStock, listStockVariants, stockHistory } from "./stock.ts";

let handle: DatabaseHandle;
let ctx: CatalogWriteContext;
let productId: number;
let variantId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  ctx = { db: handle.db, changes: { publish: async () => {} }, actor: { staffId: null, name: "Max Manager" } };
  const { product } = await saveProduct(ctx, {
    title: "Skimmer basket",
    status: "draft",
    variants: [{ sku: "SB-1", price: 19.99, compareAtPrice: 21.5, stock: 2, lowStockThreshold: 3 }],
  });
  productId = product.id;
  variantId = product.variants[0].id;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe("stock adjustments", () => {
  it("adds and removes stock with a reason, keeping who did it and the result", async () => {
    await adjustStock(ctx, { variantId, delta: 10, reason: "received" });
    const damaged = await adjustStock(ctx, { variantId, delta: -1, reason: "damaged", note: "Cracked in transit" });
    expect(damaged).toMatchObject({
      delta: -1,
      resultingStock: 11,
      reason: "damaged",
      note: "Cracked in transit",
      staffName: "Max Manager",
    });
    const history = await stockHistory(handle.db, variantId);
    expect(history.map((row) => [row.reason, row.delta, row.resultingStock])).toEqual([
      ["damaged", -1, 11],
      ["received", 10, 12],
      ["product_edit", 2, 2],
    ]);
  });

  it("lists a variant as low at or below its own threshold, before the store's", async () => {
    await adjustStock(ctx, { variantId, delta: -8, reason: "count_correction" });
    const low = await listStockVariants(handle.db, { storeThreshold: 0, lowOnly: true });
    expect(low.map((row) => [row.sku, row.stock, row.threshold])).toEqual([["SB-1", 3, 3]]);
    await adjustStock(ctx, { variantId, delta: 1, reason: "count_correction" });
    expect(await listStockVariants(handle.db, { storeThreshold: 0, lowOnly: true })).toEqual([]);
  });

  it("refuses an adjustment of a variant that does not exist", async () => {
    await expect(adjustStock(ctx, { variantId: 99999, delta: 1, reason: "received" })).rejects.toThrow(
      "No variant with id 99999",
    );
  });
});

describe("bulk actions", () => {
  it("publishes, changes prices (dropping a compare-at price the new price reaches), sets stock and unpublishes", async () => {
    expect(await applyBulkAction(ctx, { action: "publish", productIds: [productId] })).toMatchObject({
      changed: [productId],
    });
    expect(await applyBulkAction(ctx, { action: "publish", productIds: [productId] })).toMatchObject({
      unchanged: [productId],
    });
    await applyBulkAction(ctx, { action: "price", productIds: [productId], mode: "percent", value: 10 });
    const [priced] = await queryRows<{
      price_cents: number;
      compare_at_price_cents: number | null;
      min_price_cents: number;
    }>(
      handle.db,
      sql`select v.price_cents, v.compare_at_price_cents, p.min_price_cents from variants v join products p on p.id = v.product_id where v.id = ${variantId}`,
    );
    expect(priced).toEqual({ price_cents: 2199, compare_at_price_cents: null, min_price_cents: 2199 });
    await applyBulkAction(ctx, { action: "stock", productIds: [productId], stock: 0 });
    const [stock] = await queryRows<{ available: number; for_sale: boolean }>(
      handle.db,
      sql`select il.available, p.available_for_sale as for_sale from inventory_levels il join inventory_items ii on ii.id = il.inventory_item_id
          join variants v on v.id = ii.variant_id join products p on p.id = v.product_id where v.id = ${variantId}`,
    );
    expect(stock).toEqual({ available: 0, for_sale: false });
    expect((await stockHistory(handle.db, variantId))[0]).toMatchObject({
      reason: "bulk_set",
      delta: -4,
      resultingStock: 0,
    });
    await applyBulkAction(ctx, { action: "unpublish", productIds: [productId] });
    const [row] = await queryRows<{ published_at: Date | null }>(
      handle.db,
      sql`select published_at from products where id = ${productId}`,
    );
    expect(row.published_at).toBeNull();
  });

  it("refuses unknown products without changing any", async () => {
    await expect(applyBulkAction(ctx, { action: "publish", productIds: [productId, 424242] })).rejects.toThrow(
      "No product with id 424242",
    );
  });
});

describe("the back office's product list", () => {
  const query = (extra: object) => ({ sort: "updated" as const, dir: "desc" as const, page: 1, size: 25, ...extra });

  it("finds drafts and published products by words, part number and SKU, and filters by status and stock", async () => {
    await saveProduct(ctx, {
      title: "Chlorinator cell",
      partNumber: "T-CELL-15",
      status: "published",
      variants: [{ sku: "TC15-A", price: 899, stock: 40 }],
    });
    const titles = async (extra: object) =>
      (await listProductsForAdmin(handle.db, query(extra), 5)).products.map((row) => row.title);
    expect(await titles({ q: "chlorinator" })).toEqual(["Chlorinator cell"]);
    expect(await titles({ q: "tcell15" })).toEqual(["Chlorinator cell"]);
    expect(await titles({ q: "TC15-A" })).toEqual(["Chlorinator cell"]);
    expect(await titles({ status: "draft" })).toEqual(["Skimmer basket"]);
    expect(await titles({ stock: "out" })).toEqual(["Skimmer basket"]);
    expect(await titles({ stock: "in" })).toEqual(["Chlorinator cell"]);
    expect(await titles({ sort: "price", dir: "asc" })).toEqual(["Skimmer basket", "Chlorinator cell"]);
    expect(await titles({ sort: "stock", dir: "desc" })).toEqual(["Chlorinator cell", "Skimmer basket"]);
    const beyond = await listProductsForAdmin(handle.db, query({ page: 9 }), 5);
    expect(beyond).toMatchObject({ products: [], total: 2 });
  });
});
