import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import type { ProductInput } from "../../../shared/admin/product.ts";
import type { StoreChange } from "../../changes/store-changes.ts";
import { ServiceError } from "../../errors.ts";
import { queryRows } from "../../search/query-rows.ts";
import { openTestDatabase } from "../test-database.ts";
import type { CatalogWriteContext } from "./catalog-write-context.ts";
import { findRenamedProductHandle } from "./handle-redirects.ts";
import { saveProduct } from "./product-writes.ts";

let handle: DatabaseHandle;
let ctx: CatalogWriteContext;
const published: StoreChange[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  ctx = {
    db: handle.db,
    changes: { publish: async (change) => void published.push(change) },
    actor: { staffId: null, name: "Olive Owner", staffEmail: "olive@staff.example.com" },
  };
  await handle.exec(`
    insert into vendors (name, handle) values ('Pentair', 'pentair');
    insert into collections (handle, title, level) values ('pumps', 'Pumps', 1);
  `);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

function pump(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    title: "SuperFlo VS Pump",
    descriptionHtml: "<p>Quiet <script>x()</script>pump</p>",
    vendorId: 1,
    categoryIds: [1],
    tags: ["Horsepower_1.5 HP"],
    partNumber: "342001-X",
    supersededPartNumbers: ["340039"],
    status: "published",
    options: [{ name: "Voltage", values: ["115 V", "230 V"] }],
    variants: [
      { optionValues: ["115 V"], sku: "SF-115", price: 899.99, compareAtPrice: 999, stock: 4 },
      { optionValues: ["230 V"], sku: "SF-230", price: 949.5, stock: 0, backorder: false },
    ],
    ...overrides,
  };
}

async function fails(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected the write to be refused");
}

describe("saveProduct", () => {
  it("creates a product with its variants, stock, tags, category and denormalised prices", async () => {
    const { product, created } = await saveProduct(ctx, pump());
    expect(created).toBe(true);
    expect(product.handle).toBe("superflo-vs-pump");
    expect(product.descriptionHtml).toBe("<p>Quiet pump</p>");
    expect(product.variants.map((v) => [v.title, v.sku, v.price, v.stock])).toEqual([
      ["115 V", "SF-115", 899.99, 4],
      ["230 V", "SF-230", 949.5, 0],
    ]);
    const [row] = await queryRows<Record<string, unknown>>(
      handle.db,
      sql`select min_price_cents, max_price_cents, compare_at_price_cents, available_for_sale, part_number_normalized from products where id = ${product.id}`,
    );
    expect(row).toEqual({
      min_price_cents: 89999,
      max_price_cents: 94950,
      compare_at_price_cents: 99900,
      available_for_sale: true,
      part_number_normalized: "342001x",
    });
    const [counts] = await queryRows<{ v: number; c: number }>(
      handle.db,
      sql`select (select product_count from vendors where id = 1) as v, (select product_count from collections where id = 1) as c`,
    );
    expect(counts).toEqual({ v: 1, c: 1 });
    const history = await queryRows<{ delta: number; reason: string; staff_name: string }>(
      handle.db,
      sql`select delta, reason, staff_name from stock_adjustments where variant_id = ${product.variants[0].id}`,
    );
    expect(history).toEqual([{ delta: 4, reason: "product_edit", staff_name: "Olive Owner" }]);
    expect(published.at(-1)).toEqual({ kind: "product", ids: [product.id] });
    const [audit] = await queryRows<{
      action: string;
      staff_email: string;
      before: unknown;
      after: { handle: string };
    }>(
      handle.db,
      sql`select action, staff_email, before, after from audit_log where entity = 'product' and entity_id = ${String(product.id)}`,
    );
    expect(audit).toMatchObject({ action: "product.create", staff_email: "olive@staff.example.com", before: null });
    expect(audit.after.handle).toBe("superflo-vs-pump");
    // The search data knows the new product by part number and SKU.
    const [doc] = await queryRows<{ hit: boolean }>(
      handle.db,
      sql`select match_vector @@ to_tsquery('simple', 'sf230') as hit from search_documents where product_id = ${product.id}`,
    );
    expect(doc.hit).toBe(true);
  });

  it("keeps the old handle as a redirect when the handle changes, and variants by id", async () => {
    const { product } = await saveProduct(
      ctx,
      pump({
        title: "Another pump",
        variants: [{ optionValues: ["115 V"], sku: "AP-1", price: 10, stock: 1 }],
        options: [{ name: "Voltage", values: ["115 V"] }],
      }),
    );
    const variantId = product.variants[0].id;
    const { product: renamed } = await saveProduct(
      ctx,
      {
        ...pump({ title: "Another pump", handle: "another-pump-2hp" }),
        options: [{ name: "Voltage", values: ["115 V"] }],
        variants: [{ id: variantId, optionValues: ["115 V"], sku: "AP-1", price: 12, stock: 3 }],
      },
      product.id,
    );
    expect(renamed.handle).toBe("another-pump-2hp");
    expect(renamed.variants[0].id).toBe(variantId);
    expect(await findRenamedProductHandle(handle.db, "another-pump")).toBe("another-pump-2hp");
    // Renaming back takes the old address back: it is no longer a redirect.
    await saveProduct(
      ctx,
      {
        ...pump({ title: "Another pump", handle: "another-pump" }),
        options: [{ name: "Voltage", values: ["115 V"] }],
        variants: [{ id: variantId, optionValues: ["115 V"], sku: "AP-1", price: 12, stock: 3 }],
      },
      product.id,
    );
    expect(await findRenamedProductHandle(handle.db, "another-pump")).toBeNull();
    expect(await findRenamedProductHandle(handle.db, "another-pump-2hp")).toBe("another-pump");
  });

  it("refuses a SKU another product has, whatever its case, and a handle another product has", async () => {
    const skuError = await fails(
      saveProduct(
        ctx,
        pump({ title: "Copy", variants: [{ optionValues: ["115 V"], sku: "sf-115", price: 1, stock: 0 }] }),
      ),
    );
    expect(skuError.status).toBe(409);
    expect(skuError.message).toContain('variants.0.sku: the SKU "SF-115" is already used by "SuperFlo VS Pump"');
    const handleError = await fails(
      saveProduct(
        ctx,
        pump({
          title: "Copy",
          handle: "superflo-vs-pump",
          variants: [{ optionValues: ["115 V"], sku: "C-1", price: 1, stock: 0 }],
        }),
      ),
    );
    expect(handleError.status).toBe(409);
    expect(handleError.message).toContain("handle: another product already uses");
  });

  it("refuses input that breaks the rules, naming the field", async () => {
    const error = await fails(
      saveProduct(
        ctx,
        pump({
          variants: [
            { optionValues: ["115 V"], sku: "X-1", price: 5, compareAtPrice: 4, stock: 0 },
            { optionValues: ["115 V"], sku: "x-1", price: -1, stock: 0 },
          ],
        }),
      ),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain("variants.1.price: cannot be negative");
    expect(error.message).toContain("variants.0.compareAtPrice: must be more than the price");
    expect(error.message).toContain("variants.1.sku: Another variant has this SKU");
    expect(error.message).toContain("variants.1.optionValues: Another variant has the same options");
  });

  it("makes a draft invisible: unpublished products leave the brand's count", async () => {
    const { product } = await saveProduct(
      ctx,
      pump({
        title: "Draft pump",
        status: "draft",
        variants: [{ optionValues: ["115 V"], sku: "DP-1", price: 3, stock: 0 }],
      }),
    );
    expect(product.status).toBe("draft");
    expect(product.publishedAt).toBeNull();
    const [count] = await queryRows<{ n: number }>(handle.db, sql`select product_count as n from vendors where id = 1`);
    expect(count.n).toBe(2);
  });
});
