// npm run bench:search -- [--products 100000] [--engine both|postgres|pglite] [--passes 4]
//
// Seeds (or reuses) a demo catalog of --products products on PostgreSQL (database store_bench on
// 127.0.0.1:5432 for the default 100,000, store_bench_<n> for another size, or BENCH_DATABASE_URL)
// and on PGlite (a DATA_DIR under /tmp), reseeding one that holds another size; starts the store's API in a child
// process for each, and drives GET /api/products/filter over HTTP on 127.0.0.1 with a fixed query
// mix: part numbers, one-word and multi-word queries, misspellings, synonyms, category + tag +
// vendor + price filters, every sort and deep pages, at concurrency 1 and 16. Prints p50/p95/p99
// latency and requests per second per engine and concurrency, the CPU time a request costs the API
// process, PostgreSQL and the load generator, then the slowest query classes.
// BENCH_CARD_CACHE=0 runs the API without its product card cache (services/catalog/product-cards.ts):
// the mix repeats its queries, so with it the cards of every page after the first pass come from memory.
// Figures only: nothing is asserted. An unreachable PostgreSQL is a SKIPPED
// row and exit code 1 (unless `--engine pglite`); rows with failed requests are flagged as not valid.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { buildApp } from "../server/app.ts";
import { productCardCache } from "../services/catalog/product-cards.ts";
import { loadStoreConfig, type ServerConfig } from "../services/config.ts";
import { createMailDelivery } from "../services/email/mailer.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";
import { createStoreServices } from "../services/store-services.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PG_SERVER = process.env.BENCH_POSTGRES_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const PG_DATABASE = "store_bench";
const DEFAULT_PRODUCTS = 100_000;
const PGLITE_DIR = process.env.BENCH_DATA_DIR ?? "/tmp/store-bench-pglite";

type Engine = "postgres" | "pglite";
interface Target {
  engine: Engine;
  url?: string;
  dataDir?: string;
}

// ---------------------------------------------------------------------------------------------
// Child process: serve the API only (no pages) on a free port of 127.0.0.1.

async function serve(): Promise<void> {
  if (process.env.BENCH_CARD_CACHE) productCardCache.maxEntries = Number(process.env.BENCH_CARD_CACHE);
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const database = await openDatabase(
    url
      ? { url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) }
      : { dataDir: process.env.BENCH_DATA_DIR ?? PGLITE_DIR },
  );
  const config: ServerConfig = {
    env: {
      NODE_ENV: "production",
      PORT: 0,
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp",
      LOG_LEVEL: "silent",
      STORE_CONFIG: "./config/store.json",
      SEED_PRODUCTS: 0,
    },
    dataDir: "/tmp",
    publicUrl: "http://127.0.0.1",
    sessionSecret: randomBytes(32).toString("hex"),
    store: loadStoreConfig(`${ROOT}config/store.json`),
  };
  const mail = createMailDelivery({ db: database.db, from: "bench@example.com", outboxDir: "/tmp/store-bench-outbox" });
  const app = await buildApp({
    services: createStoreServices({ config, database, mailer: mail }),
    frontend: { mode: "none" },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
  // The parent asks for this process's CPU time before and after each run.
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  });
  process.stdout.write(`LISTENING ${port}\n`);
}

// ---------------------------------------------------------------------------------------------
// Preparing a database: seed when it holds fewer products than asked, build the search data when
// it is missing or stale.

/**
 * The benchmark database's URL, created when missing; or why PostgreSQL cannot be used. Each catalog
 * size has its own database (store_bench for the default 100,000, store_bench_<n> otherwise), so
 * measuring another size never reseeds the usual one.
 */
async function ensurePostgresDatabase(products: number): Promise<{ url: string } | { skipped: string }> {
  const name = products === DEFAULT_PRODUCTS ? PG_DATABASE : `${PG_DATABASE}_${products}`;
  const given = process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: given || `${PG_SERVER}/postgres`, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    const where = given ? "BENCH_DATABASE_URL" : PG_SERVER;
    return { skipped: `PostgreSQL at ${where} does not answer (${(error as Error).message})` };
  }
  try {
    if (given) return { url: given };
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
    return { url: `${PG_SERVER}/${name}` };
  } finally {
    await admin.end();
  }
}

async function count(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

function open(target: Target): Promise<DatabaseHandle> {
  return openDatabase(
    target.url ? { url: target.url, poolSize: 2, longStatements: true } : { dataDir: target.dataDir },
  );
}

async function runSeedCli(target: Target, products: number): Promise<void> {
  console.error(
    `[${target.engine}] seeding ${products.toLocaleString("en-US")} products (once; later runs reuse them)...`,
  );
  const env = { ...process.env, DATABASE_URL: target.url ?? "", DATA_DIR: target.dataDir ?? "" };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["demo/cli.ts", "--products", String(products), "--reset"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding failed (exit code ${code})`))));
  });
}

interface Fixtures {
  collections: Record<string, number>;
  products: number;
}

async function prepare(target: Target, products: number): Promise<Fixtures> {
  let handle = await open(target);
  try {
    await migrateDatabase(handle);
    const have = await count(handle, sql`select count(*) as n from products`);
    // Another size than asked (a database seeded for another run): seeded again at the size asked.
    if (have !== products) {
      await handle.close();
      await runSeedCli(target, products);
      handle = await open(target);
    }
    const indexed = await count(handle, sql`select count(*) as n from search_documents`);
    const listed = await count(handle, sql`select count(*) as n from search_products`);
    const total = await count(handle, sql`select count(*) as n from products`);
    // A migration may empty derived search data (0005 dropped the word summaries): rebuild then too.
    const summarized = await count(handle, sql`select count(*) as n from search_word_summaries`);
    const attributed = await count(handle, sql`select count(*) as n from search_product_attributes`);
    if (indexed !== total || listed !== total || attributed !== total || (total >= 10_000 && summarized === 0)) {
      console.error(`[${target.engine}] building the search index...`);
      const started = performance.now();
      await rebuildSearchIndex(handle.db);
      console.error(`[${target.engine}] search index built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const result = (await handle.db.execute(sql`select id, handle from collections`)) as unknown as {
      rows: { id: number; handle: string }[];
    };
    return { collections: Object.fromEntries(result.rows.map((r) => [r.handle, r.id])), products: total };
  } finally {
    await handle.close();
  }
}

async function startServer(target: Target): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--serve"], {
    cwd: ROOT,
    env: { ...process.env, BENCH_DATABASE_URL: target.url ?? "", BENCH_DATA_DIR: target.dataDir ?? "" },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\d+)/.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`the API process exited (code ${code}) before listening`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

// ---------------------------------------------------------------------------------------------
// CPU time: what a request costs the machine, whatever else runs on it. The API process reports its
// own; PostgreSQL's backends are read from /proc (same machine, Linux). PGlite runs inside the API
// process, so its share is in the server's figure.

const CLOCK_TICKS_PER_SECOND = 100;

/** The API process's CPU time so far, in ms. */
function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off("message", onMessage);
      resolve((cpu.user + cpu.system) / 1000);
    };
    child.on("message", onMessage);
    child.send("cpu");
  });
}

/**
 * The server's shared buffers and the size of the search tables with their indexes: a broad search reads
 * tens of thousands of heap pages, from PostgreSQL's buffers when the tables fit, else through them from
 * the kernel's cache (at a million products with Debian's 128 MB, about twice the time).
 */
async function postgresMemory(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ buffers: string; search: string }>(
      `select current_setting('shared_buffers') as buffers,
        pg_size_pretty(sum(pg_total_relation_size(c.oid))) as search
      from pg_class c where c.relkind = 'r' and c.relname in ('search_documents', 'search_products', 'search_sample')`,
    );
    return `PostgreSQL shared_buffers ${rows[0].buffers}, search tables and their indexes ${rows[0].search}`;
  } finally {
    await client.end();
  }
}

/** CPU time (ms) of each PostgreSQL backend serving the database, by pid; empty when /proc cannot tell. */
async function databaseCpuMs(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const byPid = new Map<number, number>();
    for (const { pid } of result.rows) {
      try {
        // Fields after the command name: utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND);
      } catch {
        // Another machine's server, or the backend just ended.
      }
    }
    return byPid;
  } finally {
    await client.end();
  }
}

interface CpuSnapshot {
  server: number;
  database: Map<number, number> | null;
}

async function cpuSnapshot(child: ChildProcess, target: Target): Promise<CpuSnapshot> {
  const [server, database] = await Promise.all([
    serverCpuMs(child),
    target.url ? databaseCpuMs(target.url).catch(() => null) : Promise.resolve(null),
  ]);
  return { server, database };
}

/** CPU ms per request between two snapshots: the API process and the database backends. */
function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  let database: number | null = null;
  if (before.database && after.database && after.database.size > 0) {
    database = 0;
    // A backend opened during the run counts from zero.
    for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0);
  }
  return {
    server: (after.server - before.server) / requests,
    database: database === null ? null : database / requests,
  };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}

// ---------------------------------------------------------------------------------------------
// The query mix.

interface MixEntry {
  kind: string;
  params: Record<string, string | string[]>;
}

function queryMix(f: Fixtures): MixEntry[] {
  // A category the catalog lacks would benchmark `c=0` (an empty answer): stop instead.
  const c = (handle: string) => {
    const id = f.collections[handle];
    if (id === undefined) {
      throw new Error(
        `The catalog has no collection "${handle}", which the query mix needs: reseed it (npm run seed -- --products N --reset).`,
      );
    }
    return String(id);
  };
  const q = (kind: string, text: string, extra: Record<string, string | string[]> = {}): MixEntry => ({
    kind,
    params: { q: text, ...extra },
  });
  const mix: MixEntry[] = [
    // Part numbers: exact in several spellings, prefixes, superseded numbers.
    ...[
      "SP2610X15",
      "sp-2610-x15",
      "SP2610 X15",
      "spx1600z4",
      "R0358801",
      "520554",
      "0202-300029",
      "c4950",
      "9-100-3105",
      "WG1052AV",
    ].map((text) => q("part number", text)),
    ...["spx1600", "sp26", "T-CELL"].map((text) => q("part number prefix", text)),
    // One word (broad: "pump" matches a third of the catalog).
    ...["pump", "filter", "cartridge", "heater", "hayward", "o-ring", "intelliflo", "gasket", "light", "valve"].map(
      (text) => q("one word", text),
    ),
    // Several words, brand + type.
    ...[
      "hayward super pump",
      "pentair intelliflo vsf",
      "salt cell",
      "sand filter pump",
      "jandy never lube valve",
      "polaris sweep hose",
      "variable speed pump 1.5 hp",
      "hot tub filter 50 sq ft",
      "pool pump motor",
      "raypak heater igniter",
    ].map((text) => q("multi word", text)),
    // Misspellings (typo correction) and synonyms.
    ...["chlorinater", "inteliflo", "cartrige", "hayword pump", "pentiar", "polaris swep hose"].map((text) =>
      q("misspelling", text),
    ),
    ...["swg", "chlorinator cell", "hot tub heater", "ignitor"].map((text) => q("synonym", text)),
    // The header box as you type (limit 4).
    ...["hayw", "intellib", "super pu", "sand fil"].map((text) => q("as you type", text, { limit: "4" })),
    // Home grid and plain category pages.
    { kind: "home grid", params: { sortBy: "best_selling", limit: "16", page: "0" } },
    { kind: "home grid", params: { sortBy: "id_desc", limit: "16", page: "0" } },
    ...["pool-equipment", "pool-pumps", "pool-filter-cartridges", "spa-hot-tub-parts", "replacement-salt-cells"].map(
      (handle) => ({ kind: "category", params: { c: c(handle) } }),
    ),
    // Category + tag + vendor + price filters (disjunctive facets).
    { kind: "filters", params: { c: c("pool-pumps"), t: "Brand_Hayward" } },
    { kind: "filters", params: { c: c("pool-equipment"), v: "Pentair", minPrice: "100", maxPrice: "1000" } },
    {
      kind: "filters",
      params: { c: c("filters-and-cartridges"), t: ["Filter-Type_Cartridge", "Brand_Hayward", "Brand_Pentair"] },
    },
    { kind: "filters", params: { t: ["Brand_Pentair", "Type_Salt Cell"] } },
    {
      kind: "filters",
      params: { c: c("pool-pumps"), t: ["Horsepower_1.5 HP", "Voltage_230V"], v: "Hayward", minPrice: "300" },
    },
    { kind: "filters", params: { q: "pump", v: "Hayward", minPrice: "200" } },
    { kind: "filters", params: { q: "cartridge", t: "Brand_Unicel", maxPrice: "80" } },
    { kind: "filters", params: { isFeatured: "true" } },
    { kind: "filters", params: { availableForSaleOnly: "true", c: c("spa-hot-tub-parts") } },
    {
      kind: "brand page",
      params: { vendor: "Hayward", availableForSaleOnly: "false", limit: "25", sortBy: "title_asc" },
    },
    {
      kind: "brand page",
      params: { vendor: "Zodiac", availableForSaleOnly: "false", limit: "25", sortBy: "title_asc", page: "3" },
    },
    // Every sort, with and without text.
    ...[
      "default",
      "id_asc",
      "id_desc",
      "title_asc",
      "title_desc",
      "price_asc",
      "price_desc",
      "top_rated",
      "best_selling",
    ].flatMap((sortBy) => [
      { kind: "sort", params: { c: c("pool-pumps"), sortBy } },
      q("sort", "hayward filter", { sortBy }),
    ]),
    // Deep pages.
    { kind: "deep page", params: { c: c("pool-equipment"), page: "200", limit: "24" } },
    { kind: "deep page", params: { sortBy: "price_asc", page: "1000", limit: "24" } },
    { kind: "deep page", params: { q: "pump", page: "150", limit: "48" } },
    { kind: "deep page", params: { sortBy: "title_asc", page: "1500", limit: "48" } },
  ];
  return mix;
}

function toPath(entry: MixEntry): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(entry.params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  return `/api/products/filter?${search}`;
}

// ---------------------------------------------------------------------------------------------
// Load and figures.

interface Sample {
  kind: string;
  path: string;
  ms: number;
  ok: boolean;
}

// A lean HTTP client (node:http over kept-alive sockets, like a load generator) so the client's own
// CPU leaves the server as much of the machine as it can: the figures are the server's.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string): Promise<{ status: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { "accept-encoding": "br, gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: response.headers["content-encoding"],
        }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function request(baseUrl: string, entry: MixEntry): Promise<Sample> {
  const started = performance.now();
  try {
    // Like a browser: compressed answers, read to the end and parsed.
    const response = await get(`${baseUrl}${toPath(entry)}`);
    const raw =
      response.encoding === "br"
        ? brotliDecompressSync(response.body)
        : response.encoding === "gzip"
          ? gunzipSync(response.body)
          : response.body;
    const body = JSON.parse(raw.toString("utf8")) as { products?: unknown[] };
    return {
      kind: entry.kind,
      path: toPath(entry),
      ms: performance.now() - started,
      ok: response.status === 200 && Array.isArray(body.products),
    };
  } catch {
    return { kind: entry.kind, path: toPath(entry), ms: performance.now() - started, ok: false };
  }
}

async function run(
  baseUrl: string,
  work: MixEntry[],
  concurrency: number,
): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < work.length) {
        const entry = work[next++];
        samples.push(await request(baseUrl, entry));
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A deterministic shuffle, so both engines see the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

interface Row {
  engine: Engine;
  /** Why this engine was not measured (its row shows SKIPPED). */
  skipped?: string;
  concurrency: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  /** CPU ms per request of the API process (PGlite included) and of PostgreSQL's backends. */
  cpuServer?: number;
  cpuDatabase?: number | null;
  /** CPU ms per request of this load generator (it shares the machine). */
  cpuClient?: number;
}

function summarize(
  engine: Engine,
  concurrency: number,
  result: { samples: Sample[]; seconds: number },
  cpu?: { server: number; database: number | null; client: number },
): Row {
  const times = result.samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    cpuServer: cpu?.server,
    cpuDatabase: cpu?.database,
    cpuClient: cpu?.client,
    engine,
    concurrency,
    requests: result.samples.length,
    errors: result.samples.filter((s) => !s.ok).length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? 0,
    rps: result.samples.length / result.seconds,
  };
}

function skippedRow(engine: Engine, reason: string): Row {
  return { engine, skipped: reason, concurrency: 0, requests: 0, errors: 0, p50: 0, p95: 0, p99: 0, max: 0, rps: 0 };
}

function printTable(rows: Row[]): void {
  const header = [
    "engine",
    "concurrency",
    "requests",
    "errors",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "req/s",
    "CPU ms/req server",
    "CPU ms/req database",
    "CPU ms/req client",
    "",
  ];
  const cpu = (value: number | null | undefined) => (value === undefined || value === null ? "-" : value.toFixed(1));
  const lines = rows.map((r) =>
    r.skipped
      ? [r.engine, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "SKIPPED"]
      : [
          r.engine,
          String(r.concurrency),
          String(r.requests),
          String(r.errors),
          r.p50.toFixed(1),
          r.p95.toFixed(1),
          r.p99.toFixed(1),
          r.max.toFixed(1),
          r.rps.toFixed(0),
          cpu(r.cpuServer),
          cpu(r.cpuDatabase),
          cpu(r.cpuClient),
          // Failed requests are not figures: the latencies of this row are not comparable.
          r.errors > 0 ? "ERRORS: not valid" : "",
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padStart(widths[i])).join(" | ")} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
  for (const r of rows) if (r.skipped) console.log(`\n${r.engine} SKIPPED: ${r.skipped}`);
  const failed = rows.filter((r) => r.errors > 0);
  if (failed.length > 0) {
    console.log(
      `\n${failed.map((r) => `${r.engine} at concurrency ${r.concurrency}`).join(", ")}: ${failed
        .map((r) => r.errors)
        .join(", ")} failed requests; those rows do not measure the search.`,
    );
  }
}

// BENCH_SLOWEST=87 lists every query of the mix.
const SLOWEST_QUERIES = Number(process.env.BENCH_SLOWEST ?? 15);

function printKinds(engine: Engine, samples: Sample[]): void {
  const byKind = new Map<string, number[]>();
  for (const s of samples) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s.ms]);
  const rows = [...byKind]
    .map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { kind, n: list.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    })
    .sort((a, b) => b.p50 - a.p50);
  console.log(`\n${engine}, concurrency 1, by query class (slowest first):`);
  for (const r of rows) {
    console.log(
      `  ${r.kind.padEnd(20)} n=${String(r.n).padStart(4)}  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms`,
    );
  }
  // The single queries worth an EXPLAIN: the median of each one's passes.
  const byPath = new Map<string, number[]>();
  for (const s of samples) byPath.set(s.path, [...(byPath.get(s.path) ?? []), s.ms]);
  const slowest = [...byPath]
    .map(([path, list]) => ({
      path,
      p50: percentile(
        [...list].sort((a, b) => a - b),
        50,
      ),
    }))
    .sort((a, b) => b.p50 - a.p50)
    .slice(0, SLOWEST_QUERIES);
  console.log(`\n${engine}, concurrency 1, the ${SLOWEST_QUERIES} slowest queries (median of their passes):`);
  for (const r of slowest) {
    console.log(
      `  ${r.p50.toFixed(1).padStart(6)} ms  ${decodeURIComponent(r.path.replace("/api/products/filter?", ""))}`,
    );
  }
}

/** Runs the benchmark; the exit code (1 when PostgreSQL was asked for but could not be measured). */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: String(DEFAULT_PRODUCTS) },
      engine: { type: "string", default: "both" },
      passes: { type: "string", default: "4" },
      serve: { type: "boolean", default: false },
    },
  });
  const loadAtStart = loadavg()[0];
  const products = Number(values.products);
  const passes = Math.max(1, Number(values.passes));
  if (!["both", "postgres", "pglite"].includes(values.engine)) {
    throw new Error(`--engine must be both, postgres or pglite, not "${values.engine}".`);
  }
  const engines: Engine[] = values.engine === "both" ? ["postgres", "pglite"] : [values.engine as Engine];
  const rows: Row[] = [];
  const kinds: [Engine, Sample[]][] = [];
  const settings: string[] = [];
  for (const engine of engines) {
    let target: Target;
    if (engine === "postgres") {
      const database = await ensurePostgresDatabase(products);
      if ("skipped" in database) {
        console.error(`[postgres] ${database.skipped}: skipped.`);
        rows.push(skippedRow(engine, database.skipped));
        continue;
      }
      target = { engine, url: database.url };
    } else {
      target = { engine, dataDir: products === DEFAULT_PRODUCTS ? PGLITE_DIR : `${PGLITE_DIR}-${products}` };
    }
    const fixtures = await prepare(target, products);
    if (target.url) settings.push(await postgresMemory(target.url));
    const mix = queryMix(fixtures);
    const { child, baseUrl } = await startServer(target);
    try {
      console.error(
        `[${engine}] ${fixtures.products.toLocaleString("en-US")} products; ${mix.length} queries in the mix`,
      );
      await run(baseUrl, mix, 4); // warm-up: caches, plans, connections
      const measure = async (work: MixEntry[], concurrency: number) => {
        const before = await cpuSnapshot(child, target);
        const clientBefore = process.cpuUsage();
        const result = await run(baseUrl, work, concurrency);
        const client = process.cpuUsage(clientBefore);
        const after = await cpuSnapshot(child, target);
        const cpu = cpuPerRequest(before, after, result.samples.length);
        return { result, cpu: { ...cpu, client: (client.user + client.system) / 1000 / result.samples.length } };
      };
      const serial = await measure(shuffled(Array.from({ length: passes }, () => mix).flat(), 1), 1);
      rows.push(summarize(engine, 1, serial.result, serial.cpu));
      kinds.push([engine, serial.result.samples]);
      const parallel = await measure(shuffled(Array.from({ length: passes * 3 }, () => mix).flat(), 2), 16);
      rows.push(summarize(engine, 16, parallel.result, parallel.cpu));
    } finally {
      await stopServer(child);
    }
  }
  const [load1] = loadavg();
  console.log(`\nGET /api/products/filter, ${products.toLocaleString("en-US")} products, all facets included`);
  // The machine may be shared: the load average says how much of it the figures had.
  console.log(
    `${cpus().length} CPUs, load average ${loadAtStart.toFixed(1)} at start, ${load1.toFixed(1)} at the end${settings.map((line) => `\n${line}`).join("")}\n`,
  );
  printTable(rows);
  for (const [engine, samples] of kinds) printKinds(engine, samples);
  // PostgreSQL is the engine the targets are for: without it the run is incomplete, unless only PGlite was asked.
  return rows.some((r) => r.skipped) && values.engine !== "pglite" ? 1 : 0;
}

if (process.argv.includes("--serve")) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
