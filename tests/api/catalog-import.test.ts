// Catalog CSV over HTTP as a manager: export then import of the same file changes nothing; a file with a
// bad row writes nothing and names the row and column; a changed file updates exactly what changed.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { queryRows } from "../../db/rows.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import type { ImportRun } from "../../shared/admin/catalog-csv.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let manager: CookieClient & { staff: { id: number } };

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 60 });
  manager = await signInStaff(store, "manager");
});
afterAll(() => store?.close());

type Row = Record<string, string>;

async function exportCsv(client: CookieClient = manager): Promise<string> {
  const response = await store.get("/api/admin/catalog/export", { headers: { cookie: client.cookieHeader() } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="catalog-.*\.csv"/);
  return response.text();
}

function rowsOf(csv: string): Row[] {
  return parse(csv, { columns: true }) as Row[];
}
function csvOf(rows: Row[]): string {
  return stringify(rows, { header: true, columns: Object.keys(rows[0]) });
}

async function runFile(csv: string, mode: "dry_run" | "import", client: CookieClient = manager): Promise<ImportRun> {
  const cookie = client.cookieHeader();
  const response = await store.get(`/api/admin/catalog/imports?mode=${mode}&fileName=test.csv`, {
    method: "POST",
    headers: { cookie, "content-type": "text/csv", "idempotency-key": crypto.randomUUID() },
    body: csv,
  });
  const body = (await response.json()) as { importRun: ImportRun; error?: string };
  expect(response.status, body.error).toBe(202);
  let run = body.importRun;
  for (let i = 0; run.status === "running" && i < 600; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    run = (await client.get<{ importRun: ImportRun }>(`/api/admin/catalog/imports/${run.id}`)).body.importRun;
  }
  return run;
}

/** Everything the CSV carries, and when each product and variant last changed. */
async function catalogSnapshot() {
  return queryRows<Record<string, unknown>>(
    store.database.db,
    sql`select p.id, p.handle, p.title, p.description_html, p.vendor_id, p.product_type, p.product_code,
          p.superseded_part_numbers, p.seo_title, p.seo_description, p.published_at, p.updated_at,
          p.min_price_cents, p.max_price_cents, p.available_for_sale, p.compare_at_price_cents, p.weight_grams,
          (select json_agg(json_build_array(v.id, v.sku, v.title, v.position, v.price_cents, v.compare_at_price_cents,
              v.cost_cents, v.weight_grams, v.available_for_sale, v.updated_at, l.available, l.bypass_negative_quantity)
             order by v.id)
           from variants v left join inventory_items i on i.variant_id = v.id
           left join inventory_levels l on l.inventory_item_id = i.id
           where v.product_id = p.id) as variants,
          (select json_agg(json_build_array(o.id, o.name, o.position) order by o.id) from product_options o where o.product_id = p.id) as options,
          (select json_agg(json_build_array(ov.id, ov.value, ov.position) order by ov.id)
             from product_options o join option_values ov on ov.option_id = o.id where o.product_id = p.id) as option_values,
          (select json_agg(vov.option_value_id order by vov.variant_id, vov.option_value_id)
             from variants v join variant_option_values vov on vov.variant_id = v.id where v.product_id = p.id) as choices,
          (select json_agg(pt.tag_id order by pt.tag_id) from product_tags pt where pt.product_id = p.id) as tags,
          (select json_agg(json_build_array(cp.collection_id, cp.position) order by cp.collection_id)
             from collection_products cp where cp.product_id = p.id) as categories,
          (select json_agg(json_build_array(pi.id, pi.url, pi.alt_text, pi.position) order by pi.id)
             from product_images pi where pi.product_id = p.id) as images
        from products p order by p.id`,
  );
}

describe("catalog CSV import and export", () => {
  test("export followed by import of the same file changes nothing", async () => {
    const before = await catalogSnapshot();
    const csv = await exportCsv();
    const rows = rowsOf(csv);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.some((r) => r.categories.includes(" > "))).toBe(true);
    expect(rows.some((r) => r.option1_name !== "")).toBe(true);

    const dry = await runFile(csv, "dry_run");
    expect(dry).toMatchObject({ status: "succeeded", problemCount: 0 });
    expect(dry.summary).toMatchObject({ newProducts: 0, newVariants: 0, removedVariants: 0 });

    const run = await runFile(csv, "import");
    expect(run.status, JSON.stringify(run.problems.slice(0, 3))).toBe("succeeded");
    expect(run.summary).toMatchObject({ rows: rows.length, newProducts: 0, newVariants: 0, changedProducts: 0 });
    expect(run.rowsPerSecond).toBeGreaterThan(0);
    expect(await catalogSnapshot()).toEqual(before);
    expect(await exportCsv()).toBe(csv);
  });

  test("a file with bad rows writes nothing and names each row and column", async () => {
    const before = await catalogSnapshot();
    const rows = rowsOf(await exportCsv());
    rows[0].price = "9.99"; // a good change, which must not be written either
    rows[1].price = "12.3.4";
    rows[2].categories = "Pumps > No Such Category";
    rows[3].sku = rows[4].sku;
    rows[5].image_urls = "ftp://images.example.com/a.jpg";
    const firstOfOther = rows.findIndex((r, i) => i > 10 && r.title !== "");
    rows[firstOfOther].sku = rows[0].sku.toLowerCase() === rows[0].sku ? `${rows[0].sku}x` : rows[0].sku.toLowerCase();
    const csv = csvOf(rows);

    for (const mode of ["dry_run", "import"] as const) {
      const run = await runFile(csv, mode);
      expect(run.status).toBe("rejected");
      const found = run.problems.map((p) => [p.row, p.column]);
      expect(found).toEqual(
        expect.arrayContaining([
          [3, "price"],
          [4, "categories"],
          [6, "sku"],
          [7, "image_urls"],
        ]),
      );
      expect(run.problems.find((p) => p.row === 4)?.message).toContain('No category "Pumps > No Such Category"');
      expect(run.problems.find((p) => p.row === 6)?.message).toContain(`also on row 5`);
    }
    expect(await catalogSnapshot()).toEqual(before);
  });

  test("a SKU that belongs to another product is refused", async () => {
    const rows = rowsOf(await exportCsv());
    const other = rows.find((r) => r.handle !== rows[0].handle && r.title !== "");
    rows[0].sku = other?.sku ?? "";
    const run = await runFile(csvOf(rows), "dry_run");
    expect(run.status).toBe("rejected");
    expect(run.problems).toContainEqual({
      row: 2,
      column: "sku",
      message: expect.stringContaining(`belongs to the product ${other?.handle}`),
    });
  });

  test("a changed file updates exactly what changed: price, stock, a new variant, a new product", async () => {
    const rows = rowsOf(await exportCsv());
    const single = rows.filter((r, i) => r.title !== "" && r.option1_name === "" && rows[i + 1]?.title !== "");
    const [priced, stocked, grown] = single;
    priced.price = "123.45";
    stocked.stock = "77";
    grown.option1_name = "Pack";
    grown.option1_value = "Single";
    const extra: Row = { ...Object.fromEntries(Object.keys(grown).map((k) => [k, ""])), handle: grown.handle };
    Object.assign(extra, { option1_value: "Pack of 2", sku: `${grown.sku}-2PK`, price: "99.00", stock: "5" });
    rows.splice(rows.indexOf(grown) + 1, 0, extra);
    const fresh: Row = { ...Object.fromEntries(Object.keys(grown).map((k) => [k, ""])) };
    Object.assign(fresh, {
      handle: "csv-test-skimmer-basket",
      title: "CSV Test Skimmer Basket",
      brand: "Brand New From CSV",
      sku: "CSV-TEST-BASKET",
      price: "24.99",
      stock: "3",
      tags: "Type_Skimmer Basket",
      image_urls: "https://images.example.com/basket.jpg",
    });
    rows.push(fresh);
    const before = await catalogSnapshot();
    const ids = async (handle: string) =>
      (await queryRows<{ id: number }>(store.database.db, sql`select id from products where handle = ${handle}`))[0]
        ?.id;

    const run = await runFile(csvOf(rows), "import");
    expect(run.status, JSON.stringify(run.problems.slice(0, 3))).toBe("succeeded");
    expect(run.summary).toMatchObject({ newProducts: 1, newVariants: 2, removedVariants: 0, changedProducts: 4 });
    expect(run.summary?.newBrands).toEqual(["Brand New From CSV"]);

    const after = await catalogSnapshot();
    const changedIds = new Set([await ids(priced.handle), await ids(stocked.handle), await ids(grown.handle)]);
    const unchanged = (list: typeof before) =>
      list.filter((p) => !changedIds.has(p.id as number) && p.handle !== fresh.handle);
    expect(unchanged(after)).toEqual(unchanged(before));

    const [variant] = await queryRows<{ price_cents: number; min_price_cents: number }>(
      store.database.db,
      sql`select v.price_cents, p.min_price_cents from variants v join products p on p.id = v.product_id where v.sku = ${priced.sku}`,
    );
    expect(variant).toEqual({ price_cents: 12345, min_price_cents: 12345 });
    const [level] = await queryRows<{ available: number }>(
      store.database.db,
      sql`select l.available from variants v join inventory_items i on i.variant_id = v.id
          join inventory_levels l on l.inventory_item_id = i.id where v.sku = ${stocked.sku}`,
    );
    expect(level.available).toBe(77);
    // Each stock the file changed is in its variant's history, as the stock page shows it; nothing else is.
    const history = await queryRows<{
      sku: string;
      delta: number;
      resulting_stock: number;
      note: string;
      staff_id: number;
    }>(
      store.database.db,
      sql`select v.sku, a.delta, a.resulting_stock, a.note, a.staff_id from stock_adjustments a
          join variants v on v.id = a.variant_id where a.reason = 'import' order by v.sku`,
    );
    expect(history.map((row) => [row.sku, row.resulting_stock]).sort()).toEqual(
      [
        [stocked.sku, 77],
        [`${grown.sku}-2PK`, 5],
        ["CSV-TEST-BASKET", 3],
      ].sort(),
    );
    for (const row of history) {
      expect(row.note).toBe(`Import #${run.id} (test.csv)`);
      expect(row.staff_id).toBe(manager.staff.id);
    }
    const shown = await manager.get<{ history: Array<{ reason: string; note: string }> }>(
      `/api/admin/stock/variants/${
        (
          await queryRows<{ id: number }>(store.database.db, sql`select id from variants where sku = 'CSV-TEST-BASKET'`)
        )[0].id
      }`,
    );
    expect(shown.body.history).toEqual([
      expect.objectContaining({ reason: "import", note: `Import #${run.id} (test.csv)` }),
    ]);
    const grownRows = rowsOf(await exportCsv()).filter((r) => r.handle === grown.handle);
    expect(grownRows.map((r) => [r.option1_value, r.sku, r.price])).toEqual([
      ["Single", grown.sku, grown.price],
      ["Pack of 2", `${grown.sku}-2PK`, "99.00"],
    ]);

    // The new product is on the storefront and found by search at once.
    const product = await store.json<{ product: { title: string; vendor: string; Variants: unknown[] } }>(
      `/api/products/handle/${fresh.handle}`,
    );
    expect(product.status).toBe(200);
    expect(product.body.product).toMatchObject({ title: fresh.title, vendor: "Brand New From CSV" });
    const search = await store.json<{ products: { handle: string }[] }>(
      "/api/products/filter?q=csv%20test%20skimmer%20basket",
    );
    expect(search.body.products.map((p) => p.handle)).toContain(fresh.handle);

    const audit = await queryRows<{ action: string; staff_id: number; after: unknown }>(
      store.database.db,
      sql`select action, staff_id, after from audit_log where action = 'catalog.import' order by id desc limit 1`,
    );
    expect(audit[0]).toMatchObject({
      action: "catalog.import",
      staff_id: manager.staff.id,
      after: expect.objectContaining({ fileName: "test.csv", newProducts: 1 }),
    });
  });

  test("support may export but not import", async () => {
    const support = await signInStaff(store, "support");
    expect((await exportCsv(support)).startsWith("handle,title,")).toBe(true);
    const response = await store.get("/api/admin/catalog/imports?mode=dry_run", {
      method: "POST",
      headers: { cookie: support.cookieHeader(), "content-type": "text/csv" },
      body: "handle,sku,price\n",
    });
    expect(response.status).toBe(403);
  });
});
