// Deleting from the back office's catalog, over HTTP. Products: support staff cannot; a manager can, once (a
// retry with the same Idempotency-Key replays the answer, a later one is told the product is gone).
// Shoppers stop finding it at once (its page, search, its category's count); an order that holds it
// keeps its line as it was sold and can still be shipped; a cart that held it loses it; the audit log
// keeps what was deleted. A bulk delete naming a missing product deletes nothing. Categories: refused
// while they have subcategories or a discount code names them; otherwise their products stay, their page
// and menu item go, the parent is recounted. Brands: refused while equipment models are of the brand;
// otherwise their products stay without a brand and the brand page goes.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inventoryItems, inventoryLevels, products, vendors } from "../../db/schema/catalog.ts";
import { navItems, navMenus } from "../../db/schema/content.ts";
import { equipmentModels } from "../../db/schema/equipment.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { installCommerceFixtures, Shopper } from "../../fixtures/checkout-fixtures.ts";
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
  store = await startTestStore({ products: 0, pages: true });
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
    const { placed } = await buyer.placeOrder([[basket, 2]], { email: "lena@example.com" });
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

describe("deleting a category", () => {
  test("refused while it has subcategories or a discount names it; then its products stay and its page goes", async () => {
    const make = async (title: string, parentId: number | null) => {
      const answer = await owner.call<{ category: { id: number; handle: string } }>("POST", "/api/admin/categories", {
        title,
        parentId,
      });
      expect(answer.status).toBe(201);
      return answer.body.category;
    };
    const parent = await make("Heater Parts", null);
    const child = await make("Heater Igniters", parent.id);
    const igniter = await owner.call<{ product: { id: number; handle: string } }>("POST", "/api/admin/products", {
      title: "Trelmont Hot Surface Igniter",
      descriptionHtml: "",
      categoryIds: [child.id],
      tags: [],
      partNumber: "THSI-1",
      supersededPartNumbers: [],
      status: "published",
      options: [],
      variants: [{ optionValues: [], sku: "THSI-1", price: 64, stock: 8 }],
    });
    expect(igniter.status).toBe(201);
    const counts = async () => {
      const list = await owner.get<{ categories: Array<{ id: number; productCount: number }> }>(
        "/api/admin/categories",
      );
      return Object.fromEntries(list.body.categories.map((category) => [category.id, category.productCount]));
    };
    expect((await counts())[parent.id]).toBe(1);
    // A menu item stands for the subcategory.
    const [menu] = await store.database.db
      .insert(navMenus)
      .values({ handle: "delete-test-menu", title: "Test" })
      .returning();
    await store.database.db.insert(navItems).values({ menuId: menu.id, title: "Igniters", collectionId: child.id });

    const withChild = await manager.call<{ error: string }>("DELETE", `/api/admin/categories/${parent.id}`);
    expect(withChild.status).toBe(409);
    expect(withChild.body.error).toBe('"Heater Parts" has 1 subcategory (Heater Igniters). Move or delete it first.');

    const discount = await owner.call("POST", "/api/admin/discounts", {
      code: "IGNITE15",
      title: "Igniters 15 % off",
      kind: "percentage",
      percentOff: 15,
      startsAt: new Date().toISOString(),
      appliesTo: "collections",
      collectionIds: [child.id],
    });
    expect(discount.status).toBe(201);
    const named = await manager.call<{ error: string }>("DELETE", `/api/admin/categories/${child.id}`);
    expect(named.status).toBe(409);
    expect(named.body.error).toContain("Discount code IGNITE15 takes money off this category's products");
    const refusedFor = await support.call("DELETE", `/api/admin/categories/${child.id}`);
    expect(refusedFor.status).toBe(403);

    await store.database.db.execute(sql`delete from discount_codes where code = 'IGNITE15'`);
    const deleted = await manager.call<{ success: boolean }>("DELETE", `/api/admin/categories/${child.id}`);
    expect(deleted.status).toBe(200);
    expect((await store.get(`/collections/${child.handle}`)).status).toBe(404);
    expect((await store.json(`/api/products/handle/${igniter.body.product.handle}`)).status).toBe(200);
    expect(await searchIds("trelmont igniter")).toEqual([igniter.body.product.id]);
    expect((await counts())[parent.id]).toBe(0);
    const items = await store.database.db.select().from(navItems).where(eq(navItems.menuId, menu.id));
    expect(items).toEqual([]);
    // Now the parent has none, it goes too.
    expect((await manager.call("DELETE", `/api/admin/categories/${parent.id}`)).status).toBe(200);
    expect((await manager.call("DELETE", `/api/admin/categories/${parent.id}`)).status).toBe(404);
  });
});

describe("deleting a brand", () => {
  test("refused while equipment models are of it; then its products stay without a brand", async () => {
    const brand = await owner.call<{ brand: { id: number; handle: string } }>("POST", "/api/admin/brands", {
      name: "Orvanta Pool Co",
    });
    expect(brand.status).toBe(201);
    const brandId = brand.body.brand.id;
    const pump = await owner.call<{ product: { id: number; handle: string } }>("POST", "/api/admin/products", {
      title: "Orvanta Pump Lid",
      descriptionHtml: "",
      vendorId: brandId,
      categoryIds: [],
      tags: [],
      partNumber: "OPL-9",
      supersededPartNumbers: [],
      status: "published",
      options: [],
      variants: [{ optionValues: [], sku: "OPL-9", price: 38, stock: 3 }],
    });
    expect(pump.status).toBe(201);
    const [model] = await store.database.db
      .insert(equipmentModels)
      .values({
        handle: "orvanta-op-2",
        vendorId: brandId,
        equipmentType: "pump",
        series: "OP",
        name: "OP-2 Pool Pump",
        modelNumber: "OP-2",
      })
      .returning({ id: equipmentModels.id });

    const refused = await manager.call<{ error: string }>("DELETE", `/api/admin/brands/${brandId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('1 equipment model is of the brand "Orvanta Pool Co"');
    await store.database.db.delete(equipmentModels).where(eq(equipmentModels.id, model.id));

    const deleted = await manager.call<{ success: boolean }>("DELETE", `/api/admin/brands/${brandId}`);
    expect(deleted.status).toBe(200);
    expect(await store.database.db.select().from(vendors).where(eq(vendors.id, brandId))).toEqual([]);
    const [kept] = await store.database.db
      .select({ vendorId: products.vendorId })
      .from(products)
      .where(eq(products.id, pump.body.product.id));
    expect(kept.vendorId).toBeNull();
    const page = await store.json<{ product: { vendor: string | null } }>(
      `/api/products/handle/${pump.body.product.handle}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.product.vendor || "").not.toContain("Orvanta");
    expect(await searchIds("orvanta pump lid")).toEqual([pump.body.product.id]);
    const [audit] = await store.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "brand.delete"), eq(auditLog.entityId, String(brandId))));
    expect(audit.before).toMatchObject({ name: "Orvanta Pool Co" });
  });
});
