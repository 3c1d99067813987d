// npm run bench:equipment -- [--products 100000] [--engine postgres|pglite] [--queries 300] [--rounds 5]
//
// The model-number search, measured: mean reciprocal rank of the demo catalog's models over mangled
// model numbers (case, dashes, spaces, suffixes added and left off, label variants), and the latency of
// the lookups at a catalog of --products products: the "Find your model" lookup, the search box's
// model-number hook, a whole /api/products/filter search for a model number and, for comparison, a
// common query that names no model (the hook must cost it nothing). Seeds its own database once
// (store_bench_equipment on 127.0.0.1:5432, or a DATA_DIR under /tmp for PGlite) and reuses it.
// Figures only: nothing is asserted.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { demoEquipmentModels } from "../demo/seed/equipment.ts";
import { findModelsByNumber } from "../services/equipment/model-lookup.ts";
import { mangleModelNumbers } from "../services/equipment/model-mangling.ts";
import { findModelInQuery } from "../services/search/model-number.ts";
import { filterProducts } from "../services/search/product-filter.ts";
import { parseCatalogQuery } from "../shared/catalog-query.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PG_SERVER = process.env.BENCH_POSTGRES_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const PG_DATABASE = "store_bench_equipment";
const PGLITE_DIR = process.env.BENCH_DATA_DIR ?? "/tmp/store-bench-equipment-pglite";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    engine: { type: "string", default: "postgres" },
    queries: { type: "string", default: "300" },
    rounds: { type: "string", default: "5" },
  },
});
const products = Number(values.products);
const engine = values.engine === "pglite" ? "pglite" : "postgres";

async function count(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

async function ensureDatabase(): Promise<string | undefined> {
  if (engine === "pglite") return undefined;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [PG_DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${PG_DATABASE}`);
  await admin.end();
  return `${PG_SERVER}/${PG_DATABASE}`;
}

function open(url: string | undefined): Promise<DatabaseHandle> {
  return openDatabase(url ? { url, poolSize: 2 } : { dataDir: PGLITE_DIR });
}

async function seed(url: string | undefined): Promise<void> {
  console.error(`[${engine}] seeding ${products.toLocaleString("en-US")} products (once; later runs reuse them)...`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["demo/cli.ts", "--products", String(products), "--reset"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url ?? "", DATA_DIR: url ? "" : PGLITE_DIR },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding failed (exit code ${code})`))));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(
  label: string,
  inputs: readonly string[],
  rounds: number,
  run: (input: string) => Promise<unknown>,
) {
  for (const input of inputs.slice(0, 20)) await run(input); // warm-up: plans, caches
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const input of inputs) {
      const started = performance.now();
      await run(input);
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} n=${String(samples.length).padStart(5)}  p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms  p99 ${percentile(samples, 99).toFixed(2).padStart(7)} ms`,
  );
}

async function main() {
  const url = await ensureDatabase();
  let handle = await open(url);
  await migrateDatabase(handle);
  const have = await count(handle, sql`select count(*) as n from products`);
  const models = await count(handle, sql`select count(*) as n from equipment_models`);
  // A seed whose search rebuild failed (a busy machine) still has its products and models: reuse them.
  if (have < products || models === 0) {
    await handle.close();
    await seed(url);
    handle = await open(url);
  }
  const db = handle.db;
  const total = await count(handle, sql`select count(*) as n from products`);
  const modelCount = await count(handle, sql`select count(*) as n from equipment_models`);
  const keyCount = await count(handle, sql`select count(*) as n from equipment_model_keys`);
  console.log(
    `equipment bench · ${engine} · ${total.toLocaleString("en-US")} products · ${modelCount} models · ${keyCount} model keys`,
  );

  // Relevance: mean reciprocal rank of the wanted model among the lookup's answers.
  const ids = new Map<string, number>();
  const rows = (await db.execute(sql`select id, model_number from equipment_models`)) as unknown as {
    rows: { id: number; model_number: string }[];
  };
  for (const row of rows.rows) ids.set(row.model_number, row.id);
  const queries = mangleModelNumbers(demoEquipmentModels(), Number(values.queries));
  let reciprocal = 0;
  let searchNamed = 0;
  const byHow = new Map<string, { n: number; sum: number }>();
  for (const query of queries) {
    const found = await findModelsByNumber(db, query.query, 10);
    const rank = found.findIndex((m) => m.equipmentId === ids.get(query.modelNumber)) + 1;
    const rr = rank > 0 ? 1 / rank : 0;
    reciprocal += rr;
    const entry = byHow.get(query.how) ?? { n: 0, sum: 0 };
    entry.n++;
    entry.sum += rr;
    byHow.set(query.how, entry);
    if ((await findModelInQuery(db, query.query))?.modelNumber === query.modelNumber) searchNamed++;
  }
  console.log(
    `model-number MRR ${(reciprocal / queries.length).toFixed(3)} over ${queries.length} mangled model numbers (target >= 0.95); the search box names the right model for ${((100 * searchNamed) / queries.length).toFixed(1)}%`,
  );
  for (const [how, { n, sum }] of byHow) console.log(`  ${how.padEnd(30)} MRR ${(sum / n).toFixed(3)} (n=${n})`);

  // Latency.
  const rounds = Number(values.rounds);
  const typed = queries.map((q) => q.query);
  await time("Find your model (findModelsByNumber)", typed, rounds, (q) => findModelsByNumber(db, q, 10));
  await time("search hook (findModelInQuery)", typed, rounds, (q) => findModelInQuery(db, q));
  await time(
    "search hook, query without a model",
    ["pool pump", "cartridge filter", "salt cell", "spa cover"],
    rounds * 25,
    (q) => findModelInQuery(db, q),
  );
  const indexed = await count(handle, sql`select count(*) as n from search_documents`);
  if (indexed < total) {
    console.log(
      `search data covers ${indexed.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} products: run npm run search:rebuild for the filterProducts rows`,
    );
    await handle.close();
    return;
  }
  const listing = (q: string) => filterProducts(db, parseCatalogQuery({ q, limit: "24" }));
  await time("filterProducts: model number", typed.slice(0, 60), Math.max(1, Math.floor(rounds / 2)), listing);
  await time(
    "filterProducts: model number + part word",
    typed.slice(0, 60).map((q) => `${q} seal`),
    1,
    listing,
  );
  await time(
    "filterProducts: common query (no model)",
    ["pool pump", "cartridge filter", "salt cell", "spa cover"],
    rounds * 4,
    listing,
  );
  const plan = (await db.execute(
    sql`explain select equipment_id, strength from equipment_model_keys where key = any(${sql.param(["sp2610x15", "sp2610x15a"])}::text[])`,
  )) as unknown as { rows: Record<string, string>[] };
  console.log(`plan of the key lookup: ${plan.rows.map((r) => Object.values(r)[0]).join(" | ")}`);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
