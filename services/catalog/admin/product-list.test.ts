// The back office's product list names a product's stock honestly: a variant with nothing on hand that
// sells on backorder is "backorder", one whose stock is not counted is "untracked", neither is "in".
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { productListQuerySchema } from "../../../shared/admin/catalog.ts";
import { type ProductInput, productInputSchema } from "../../../shared/admin/product.ts";
import { openTestDatabase } from "../test-database.ts";
import type { CatalogWriteContext } from "./catalog-write-context.ts";
import { listProductsForAdmin } from "./product-list.ts";
import { saveProduct } from "./product-writes.ts";

let handle: DatabaseHandle;
let ctx: CatalogWriteContext;
const ids: Record<string, number> = {};
const STORE_THRESHOLD = 5;

type VariantSketch = { sku: string; price: number; stock: number; backorder?: boolean };

function product(title: string, variants: VariantSketch[]): ProductInput {
  return productInputSchema.parse({
    title,
    descriptionHtml: "",
    vendorId: null,
    categoryIds: [],
    tags: [],
    partNumber: null,
    supersededPartNumbers: [],
    status: "published",
    options: variants.length > 1 ? [{ name: "Size", values: variants.map((_, i) => `S${i}`) }] : [],
    variants: variants.map((variant, i) => ({ ...variant, optionValues: variants.length > 1 ? [`S${i}`] : [] })),
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  ctx = {
    db: handle.db,
    changes: { publish: async () => {} },
    actor: { staffId: null, name: "Olive Owner", staffEmail: "olive@staff.example.com" },
  };
  const save = async (key: string, input: ProductInput) => {
    ids[key] = (await saveProduct(ctx, input)).product.id;
  };
  await save("plenty", product("Plenty Filter", [{ sku: "PL-1", price: 10, stock: 40 }]));
  await save("low", product("Low Filter", [{ sku: "LO-1", price: 10, stock: 2 }]));
  await save("out", product("Out Filter", [{ sku: "OU-1", price: 10, stock: 0, backorder: false }]));
  await save("backorder", product("Backorder Filter", [{ sku: "BO-1", price: 10, stock: 0, backorder: true }]));
  await save(
    "backorderWithStock",
    product("Backorder Stocked Filter", [{ sku: "BS-1", price: 10, stock: 2, backorder: true }]),
  );
  await save("untracked", product("Untracked Filter", [{ sku: "UT-1", price: 10, stock: 0 }]));
  await save(
    "mixed",
    product("Mixed Filter", [
      { sku: "MX-1", price: 10, stock: 30 },
      { sku: "MX-2", price: 10, stock: 0, backorder: true },
    ]),
  );
  await handle.db.execute(
    sql`update inventory_items set tracked = false where variant_id in (select id from variants where sku = 'UT-1')`,
  );
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function list(query: Record<string, string> = {}) {
  const page = await listProductsForAdmin(
    handle.db,
    productListQuerySchema.parse({ size: "100", ...query }),
    STORE_THRESHOLD,
  );
  return new Map(page.products.map((row) => [row.id, row.stockState]));
}

describe("listProductsForAdmin stock state", () => {
  it("tells backorder and untracked stock apart from stock on hand", async () => {
    const states = await list();
    expect(states.get(ids.plenty)).toBe("in");
    expect(states.get(ids.low)).toBe("low");
    expect(states.get(ids.out)).toBe("out");
    expect(states.get(ids.backorder)).toBe("backorder");
    expect(states.get(ids.untracked)).toBe("untracked");
    // Units on hand sell first: a backorder variant with stock is in stock, never low.
    expect(states.get(ids.backorderWithStock)).toBe("in");
    // One variant waiting on backorder is worth seeing even when another has stock.
    expect(states.get(ids.mixed)).toBe("backorder");
  });

  it("filters by each state, with the same rule in the filter and the badge", async () => {
    expect([...(await list({ stock: "backorder" })).keys()].sort()).toEqual([ids.backorder, ids.mixed].sort());
    expect([...(await list({ stock: "untracked" })).keys()]).toEqual([ids.untracked]);
    expect([...(await list({ stock: "in" })).keys()].sort()).toEqual([ids.plenty, ids.backorderWithStock].sort());
    expect([...(await list({ stock: "out" })).keys()]).toEqual([ids.out]);
    // The stock sort reads the same state (the page-first and stock-first queries agree).
    const sorted = await list({ sort: "stock", dir: "asc" });
    expect(sorted.get(ids.backorder)).toBe("backorder");
    expect(sorted.get(ids.untracked)).toBe("untracked");
  });

  it("refuses an unknown stock filter with the states it accepts", () => {
    const parsed = productListQuerySchema.safeParse({ stock: "maybe" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("must be in, low, out, backorder or untracked");
  });
});
