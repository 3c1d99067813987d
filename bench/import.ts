// npm run bench:import: catalog CSV import speed. Writes a file of demo products (the demo generator's
// catalog, one row per variant) with --rows rows (100,000), then on each engine: a fresh database with
// the demo store's categories and brands but no products, a dry run, the import, and the same file
// again (nothing to change). Prints rows per second and the time of each phase.
// Options: --rows N, --engine pglite|postgres|both (both), --file PATH (keep the generated file there).
// PostgreSQL: a throw-away database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { brandByHandle } from "../demo/seed/content/brands.ts";
import { flattenCategories } from "../demo/seed/content/categories.ts";
import { generateProducts } from "../demo/seed/generate-catalog.ts";
import { seedDemoData } from "../demo/seed/seed.ts";
import { runCatalogImport } from "../services/catalog/csv/catalog-import.ts";
import { CATALOG_CSV_HEADER, type CatalogCsvColumnName } from "../shared/admin/catalog-csv.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    engine: { type: "string", default: "both" },
    file: { type: "string" },
  },
});
const targetRows = Number(args.rows);
if (!Number.isInteger(targetRows) || targetRows < 1) throw new Error("--rows must be a whole number");
const engines: ("pglite" | "postgres")[] =
  args.engine === "both"
    ? ["pglite", "postgres"]
    : args.engine === "pglite" || args.engine === "postgres"
      ? [args.engine]
      : [];
if (engines.length === 0) throw new Error("--engine is pglite, postgres or both");
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function money(cents: number | null): string {
  return cents === null ? "" : `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The demo catalog as CSV records, until `rows` variant rows. */
function* demoRecords(rows: number): Generator<Record<CatalogCsvColumnName, string>> {
  const flat = flattenCategories();
  const byHandle = new Map(flat.map((c) => [c.handle, c]));
  const pathOf = (handle: string): string => {
    const titles: string[] = [];
    for (let c = byHandle.get(handle); c; c = c.parentHandle ? byHandle.get(c.parentHandle) : undefined)
      titles.unshift(c.title);
    return titles.join(" > ");
  };
  let written = 0;
  for (const p of generateProducts({ products: rows })) {
    for (const [index, v] of p.variants.entries()) {
      const first = index === 0;
      yield {
        handle: p.handle,
        title: first ? p.title : "",
        description_html: first ? (p.descriptionHtml ?? "") : "",
        brand: first ? brandByHandle(p.vendorHandle).name : "",
        product_type: first ? p.productType : "",
        categories: first ? p.collectionHandles.map(pathOf).join("|") : "",
        tags: first ? p.tags.map(([prefix, value]) => `${prefix}_${value}`).join("|") : "",
        part_number: first ? p.productCode : "",
        superseded_part_numbers: first ? p.supersededPartNumbers.join("|") : "",
        seo_title: "",
        seo_description: first ? p.seoDescription : "",
        published: first ? "true" : "",
        option1_name: first ? (p.options[0]?.name ?? "") : "",
        option1_value: v.optionValues[0] ?? "",
        option2_name: first ? (p.options[1]?.name ?? "") : "",
        option2_value: v.optionValues[1] ?? "",
        option3_name: first ? (p.options[2]?.name ?? "") : "",
        option3_value: v.optionValues[2] ?? "",
        sku: v.sku,
        price: money(v.priceCents),
        compare_at_price: money(v.compareAtPriceCents),
        cost: money(Math.round(v.priceCents * 0.6)),
        stock: String(v.available),
        backorder: v.bypassNegativeQuantity ? "true" : "false",
        weight_grams: String(v.weightGrams),
        image_urls: first ? p.images.map((i) => i.url).join("|") : "",
      };
      if (++written >= rows) return;
    }
  }
}

async function openFreshDatabase(
  engine: "pglite" | "postgres",
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "bench-import-"));
    const handle = await openDatabase({ dataDir: dir });
    return { handle, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `store_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    handle,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), "bench-import-file-"));
const file = args.file ?? join(dir, "catalog.csv");
let started = performance.now();
await pipeline(
  Readable.from(demoRecords(targetRows)),
  stringify({ header: true, columns: [...CATALOG_CSV_HEADER] }),
  createWriteStream(file),
);
const bytes = statSync(file).size;
console.log(
  `File: ${targetRows.toLocaleString("en-US")} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB (${file}), written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

for (const engine of engines) {
  const { handle, drop } = await openFreshDatabase(engine);
  try {
    await migrateDatabase(handle);
    await seedDemoData(handle.db, { products: 0 });
    console.log(
      `\n${engine === "pglite" ? "PGlite (embedded, on disk)" : "PostgreSQL"}: fresh database, categories and brands only`,
    );
    for (const [label, mode] of [
      ["dry run", "dry_run"],
      ["import (all new)", "import"],
      ["import again (no change)", "import"],
    ] as const) {
      started = performance.now();
      let lastPrint = 0;
      const run = await runCatalogImport(handle.db, createReadStream(file), {
        mode,
        fileName: "catalog.csv",
        fileBytes: bytes,
        actor: "bench",
        onProgress: (p) => {
          if (!process.stderr.isTTY || p.elapsedSeconds - lastPrint < 1) return;
          lastPrint = p.elapsedSeconds;
          process.stderr.write(`\r  ${p.phase} ${p.rowsRead} rows ${Math.round(p.progress * 100)}%   `);
        },
      });
      if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
      const seconds = (performance.now() - started) / 1000;
      if (run.status !== "succeeded") {
        console.log(`  ${label}: ${run.status} ${run.error ?? ""}`, run.problems.slice(0, 5));
        break;
      }
      const s = run.summary;
      const phases = s
        ? `reading ${s.seconds.reading.toFixed(1)} s, checking ${s.seconds.checking.toFixed(1)} s, writing ${s.seconds.writing.toFixed(1)} s, search ${s.seconds.indexing.toFixed(1)} s`
        : "";
      console.log(
        `  ${label.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(run.rowsRead / seconds)
          .toLocaleString("en-US")
          .padStart(7)} rows/s  (${phases}; ${s?.newProducts ?? 0} new products, ${s?.changedProducts ?? 0} changed)`,
      );
    }
  } finally {
    await handle.close();
    await drop();
  }
}
if (!args.file) rmSync(dir, { recursive: true, force: true });
