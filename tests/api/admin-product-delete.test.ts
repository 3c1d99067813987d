// Deleting a product from the back office, over HTTP: support staff cannot; a manager can, once (a
// retry with the same Idempotency-Key replays the answer, a later one is told the product is gone).
// Shoppers stop finding it at once (its page, search, its category's count); an order that holds it
// keeps its line as it was sold and can still be shipped; a cart that held it loses it; the audit log
// keeps what was deleted. A bulk delete naming a missing product deletes nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inventoryItems, inventoryLevels } from "../../db/schema/catalog.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { APPROVED_CARD, installCommerceFixtures, MAINLAND_ADDRESS, Shopper } from "../../fixtures/checkout-fixtures.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let owner: CookieClient;
let manager: CookieClient;
let support: CookieClient;
let categoryId: number;

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  owner = await signInStaff(store, "owner");
  manager = await signInStaff(store, "manager");
  support = await signInStaff(store, "support");
  const category = await owner.call<{ category: { id: number } }>("POST", "/api/admin/categories", {
    title: "Skimmer Parts",
    descriptionHtml: "<p>Baskets, lids and weirs.</p>",
  });
  expect(category.status).toBe(201);
  categoryId = category.body.category.id;
}, 240_000);
afterAll(() => store?.close());

interface Created {
  id: number;
  handle: string;
  levelId: number;
}

async function createProduct(title: string, sku: string): Promise<Created> {
  const answer = await owner.call<{ product: { id: number; handle: string; variants: Array<{ id: number }> } }>(
    "POST",
    "/api/admin/products",
    {
      title,
      descriptionHtml: "<p>Fits most in-ground skimmers.</p>",
      categoryIds: [categoryId],
      tags: [],
      partNumber: sku,
      supersededPartNumbers: [],
      status: "published",
      options: [],
      variants: [{ optionValues: [], sku, price: 24.5, stock: 30 }],
    },
  );
  expect(answer.status).toBe(201);
  const [level] = await store.database.db
    .select({ id: inventoryLevels.id })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .where(eq(inventoryItems.variantId, answer.body.product.variants[0].id));
  return { id: answer.body.product.id, handle: answer.body.product.handle, levelId: level.id };
}

async function categoryCount(): Promise<number> {
  const answer = await owner.get<{ categories: Array<{ id: number; productCount: number }> }>("/api/admin/categories");
  return answer.body.categories.find((category) => category.id === categoryId)?.productCount ?? -1;
}

async function searchIds(q: string): Promise<number[]> {
  const answer = await store.json<{ products: Array<{ id: number }> }>(
    `/api/products/filter?q=${encodeURIComponent(q)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.products.map((product) => product.id);
}

describe("deleting a product", () => {
  test("one product: shoppers lose it at once, orders keep their line, carts drop it, the audit log keeps it", async () => {
    const basket = await createProduct("Quoxelite Skimmer Basket", "QSB-100");
    const lid = await createProduct("Quoxelite Skimmer Lid", "QSL-200");
    expect(await categoryCount()).toBe(2);
    expect(await searchIds("quoxelite")).toEqual(expect.arrayContaining([basket.id, lid.id]));

    // An order with the basket, and a second shopper with the basket in the cart.
    const buyer = new Shopper(store.baseUrl);
    const added = await buyer.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: basket.levelId, quantity: 2 },
    });
    expect(added.status).toBe(200);
    const placed = await buyer.call<{ order: { id: number } }>(
      "POST",
      `/api/checkouts/${added.body.checkout.id}/complete`,
      {
        body: { email: "lena@example.com", shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
      },
    );
    expect(placed.status).toBe(200);
    const orderId = placed.body.order.id;
    const browser = new Shopper(store.baseUrl);
    const carted = await browser.call<{ checkout: { id: string; LineItems: unknown[] } }>(
      "POST",
      "/api/checkouts/lineItems",
      { body: { inventoryLevelId: basket.levelId, quantity: 1 } },
    );
    expect(carted.body.checkout.LineItems).toHaveLength(1);

    // Support staff read the catalog but cannot delete from it.
    const refused = await support.call<{ error: string }>("DELETE", `/api/admin/products/${basket.id}`);
    expect(refused.status).toBe(403);
    expect((await owner.get(`/api/admin/products/${basket.id}`)).status).toBe(200);

    const key = { "idempotency-key": `delete-${basket.id}` };
    const deleted = await manager.call<{ success: boolean }>(
      "DELETE",
      `/api/admin/products/${basket.id}`,
      undefined,
      key,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.success).toBe(true);
    const replay = await manager.call("DELETE", `/api/admin/products/${basket.id}`, undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const again = await manager.call<{ error: string }>("DELETE", `/api/admin/products/${basket.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toContain(`No product with id ${basket.id}`);

    // Shoppers: no page, not in search, the category counts one product; the other product is untouched.
    expect((await store.json(`/api/products/handle/${basket.handle}`)).status).toBe(404);
    expect((await store.get(`/products/${basket.handle}`)).status).toBe(404);
    expect(await searchIds("quoxelite")).toEqual([lid.id]);
    expect(await categoryCount()).toBe(1);
    expect((await store.json(`/api/products/handle/${lid.handle}`)).status).toBe(200);

    // The order keeps the line as it was sold, and can still be shipped.
    const order = await manager.get<{
      order: { lines: Array<{ id: number; title: string; sku: string; quantity: number; productId: number | null }> };
    }>(`/api/admin/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.order.lines).toEqual([
      expect.objectContaining({ title: "Quoxelite Skimmer Basket", sku: "QSB-100", quantity: 2, productId: null }),
    ]);
    const shipped = await manager.call(
      "POST",
      `/api/admin/orders/${orderId}/fulfillments`,
      {
        lines: [{ lineItemId: order.body.order.lines[0].id, quantity: 2 }],
        carrier: "usps",
        trackingNumber: "9400 1118 9922 3856 9255 31",
      },
      { "idempotency-key": `ship-${orderId}` },
    );
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);

    // The other shopper's cart no longer holds it.
    const cart = await browser.call<{ checkout: { LineItems: unknown[] } }>("GET", "/api/checkouts");
    expect(cart.status).toBe(200);
    expect(cart.body.checkout.LineItems).toEqual([]);

    // The audit log names who deleted what.
    const [entry] = await store.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.delete"), eq(auditLog.entityId, String(basket.id))));
    expect(entry.before).toMatchObject({ title: "Quoxelite Skimmer Basket", partNumber: "QSB-100" });
    expect(entry.staffId).not.toBeNull();
  });

  test("in bulk: several at once; a list naming a missing product deletes nothing", async () => {
    const first = await createProduct("Vendaloop Weir Door", "VWD-1");
    const second = await createProduct("Vendaloop Weir Float", "VWF-2");
    const third = await createProduct("Vendaloop Weir Hinge", "VWH-3");

    const missing = await manager.call<{ error: string }>("POST", "/api/admin/products/bulk", {
      action: "delete",
      productIds: [first.id, 999_999],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain("No product with id 999999");
    expect((await store.json(`/api/products/handle/${first.handle}`)).status).toBe(200);

    const both = await manager.call<{ result: { changed: number[] } }>("POST", "/api/admin/products/bulk", {
      action: "delete",
      productIds: [first.id, second.id],
    });
    expect(both.status).toBe(200);
    expect(both.body.result.changed.sort()).toEqual([first.id, second.id].sort());
    expect(await searchIds("vendaloop")).toEqual([third.id]);
    const list = await owner.get<{ products: Array<{ id: number }> }>("/api/admin/products?q=vendaloop");
    expect(list.body.products.map((product) => product.id)).toEqual([third.id]);
  });
});
