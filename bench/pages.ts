// npm run bench:pages: how fast and how light the storefront pages are.
//
//  1. Lighthouse (mobile emulation, simulated throttling; performance and accessibility) on the home page,
//     a category, a search and a product page: both scores, the simulated FCP, LCP, TBT and CLS, the
//     script bytes Lighthouse saw transferred, and the accessibility audits that failed.
//  2. JavaScript on the wire on a phone: each page loaded in Chromium as a Pixel 7 at 390 px (its user
//     agent, nothing cached), every script file it fetched until no request had been in flight for 2 s,
//     summed as Resource Timing reports it (the compressed body plus 300 bytes for headers);
//     fixtures/first-load-js.ts. Beside it, from the build manifest, what hydration needs (entry, root,
//     route and their static imports, gzip -9).
//  3. Server throughput of the home, category and product pages: 16 concurrent loopback clients for a
//     bounded time, requests per second for a static copy of each page (a tiny node:http server, same
//     compression), the page rendered on every request (the store restarted with PAGE_CACHE_MB=0; with
//     BENCH_URL, BENCH_UNCACHED_URL names such a store) and the page from the page cache, and cached/static
//     (target ≥ 50 %).
//
// It starts its own production server on a throw-away database (BENCH_DATA_DIR, seeded once with
// BENCH_PRODUCTS products and kept for the next run) unless BENCH_URL points at a running store.
// Settings: BENCH_URL, BENCH_BUILD_DIR (build/), BENCH_PORT (3499), BENCH_DATA_DIR, BENCH_PRODUCTS (1000), BENCH_SECONDS (10),
// BENCH_CONCURRENCY (16), BENCH_RUNS (Lighthouse runs per page, median reported; 1), CHROME_PATH,
// BENCH_PAGES (comma-separated page names, e.g. home,category; all four by default), BENCH_REPORT_DIR (writes
// each run's full Lighthouse JSON report there, {page}-{run}.json, for the audits behind a score).
// BENCH_SECONDS=0 skips the throughput part.
// Targets (issue 19): performance ≥ 95, accessibility 100, CLS ≤ 0.05, JavaScript on the wire ≤ 110 KB per
// page on a phone. Nothing is asserted (tests/e2e/first-load-js.spec.ts asserts the budget and axe).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { FIRST_LOAD_JS_TARGET_KB, firstLoadScripts, PHONE_CONTEXT, totalKb } from "../fixtures/first-load-js.ts";

const ROOT = resolve(import.meta.dirname, "..");
const env = process.env;
const PORT = Number(env.BENCH_PORT ?? 3499);
const DATA_DIR = env.BENCH_DATA_DIR ?? `/tmp/store-bench-pages-${PORT}`;
const PRODUCTS = Number(env.BENCH_PRODUCTS ?? 1000);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 16);
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 1));
const CHROME_PATH = env.CHROME_PATH ?? "/usr/bin/chromium";
const PAGES = env.BENCH_PAGES ? env.BENCH_PAGES.split(",").map((name) => name.trim()) : null;
const REPORT_DIR = env.BENCH_REPORT_DIR ? resolve(env.BENCH_REPORT_DIR) : null;
const TARGET = { score: 95, accessibility: 100, cls: 0.05, wireKb: FIRST_LOAD_JS_TARGET_KB };
/** The build whose manifest sizes the JavaScript (the running store's, when BENCH_URL points at another). */
const BUILD_DIR = resolve(env.BENCH_BUILD_DIR ?? join(ROOT, "build"));

interface PageUnderTest {
  name: string;
  path: string;
  routeId: string;
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

async function waitForHealth(base: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`The store did not answer ${base}/api/health within ${timeoutMs / 1000} s.`);
}

function ensureBuild() {
  if (existsSync(join(ROOT, "build/server/index.js"))) return;
  log("No production build: running react-router build...");
  const result = spawnSync(join(ROOT, "node_modules/.bin/react-router"), ["build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed.");
}

async function startServer(
  extraEnv: Record<string, string> = {},
): Promise<{ base: string; server: ChildProcess | null }> {
  if (env.BENCH_URL) return { base: env.BENCH_URL.replace(/\/$/, ""), server: null };
  ensureBuild();
  const base = `http://127.0.0.1:${PORT}`;
  log(`Starting the store on ${base} (data in ${DATA_DIR}; the first run seeds ${PRODUCTS} products)...`);
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      SEED_PRODUCTS: String(PRODUCTS),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      PUBLIC_URL: base,
      ...extraEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(base, 10 * 60_000);
  return { base, server };
}

function storePaths() {
  const config = JSON.parse(readFileSync(join(ROOT, env.STORE_CONFIG ?? "config/store.json"), "utf8")) as {
    paths?: { products?: string; collections?: string };
    themeConfig?: { topCategories?: string[] };
  };
  return {
    products: config.paths?.products ?? "/products",
    collections: config.paths?.collections ?? "/collections",
    category: config.themeConfig?.topCategories?.[0] ?? "pool-pumps",
  };
}

async function pagesUnderTest(base: string): Promise<PageUnderTest[]> {
  const paths = storePaths();
  const answer = (await (await fetch(`${base}/api/products/filter?limit=1&sortBy=best_selling`)).json()) as {
    products: { handle: string }[];
  };
  const handle = answer.products[0]?.handle;
  if (!handle) throw new Error("The store lists no products: nothing to measure.");
  return [
    { name: "home", path: "/", routeId: "routes/home" },
    { name: "category", path: `${paths.collections}/${paths.category}`, routeId: "routes/category" },
    { name: "search", path: "/searchresults.asp?q=pump", routeId: "routes/search-results" },
    { name: "product", path: `${paths.products}/${handle}`, routeId: "routes/product" },
    { name: "equipment", path: "/equipment/hayward-super-pump-sp2610x15", routeId: "routes/equipment-model" },
  ];
}

/** Loads a page and the images it names once, so Lighthouse measures pages, not first image resizes. */
async function warm(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset|href)="([^"]+)"/g)) {
    for (const part of match[1].split(",")) {
      const url = part.trim().split(/\s+/)[0];
      if (url.startsWith("/img/") || url.startsWith("/assets/")) urls.add(url.replaceAll("&amp;", "&"));
    }
  }
  const list = [...urls];
  for (let index = 0; index < list.length; index += 8) {
    await Promise.all(
      list.slice(index, index + 8).map((url) =>
        fetch(base + url).then(
          (r) => r.arrayBuffer(),
          () => null,
        ),
      ),
    );
  }
}

interface LighthouseFigures {
  score: number;
  accessibility: number;
  /** The accessibility audits that failed (their ids). */
  failedAudits: string[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is repeated, up to twice. */
async function runLighthouse(url: string, port: number, reportFile: string | null): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    const figures = await runLighthouseOnce(url, port, attempt < 3, reportFile);
    if (figures) return figures;
    log(`  retrying ${url}`);
  }
}

async function runLighthouseOnce(
  url: string,
  port: number,
  mayRetry: boolean,
  reportFile: string | null,
): Promise<LighthouseFigures | null> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ["performance", "accessibility"],
    output: "json",
    logLevel: "error",
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportFile) writeFileSync(reportFile, typeof result.report === "string" ? result.report : result.report[0]);
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as
    | { items?: { resourceType: string; transferSize: number }[] }
    | undefined;
  const scripts = summary?.items?.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  if (lhr.runtimeError) {
    log(`  Lighthouse error on ${url}: ${lhr.runtimeError.message}`);
    if (mayRetry) return null;
  }
  const accessibility = lhr.categories.accessibility;
  const failedAudits = (accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    failedAudits,
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    scriptKb: scripts / 1024,
  };
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

function readManifest(): Manifest {
  const dir = join(BUILD_DIR, "client/assets");
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No manifest in ${dir}.`);
  const text = readFileSync(join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** gzip -9 size (KB) of everything a route loads before hydrating: entry, root and route with their static imports. */
function firstLoadJsKb(manifest: Manifest, routeId: string): number {
  const root = manifest.routes.root;
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`Route ${routeId} is not in the build manifest.`);
  const files = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    root.module,
    ...(root.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ]);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(BUILD_DIR, "client", file)), { level: 9 }).length;
  return bytes / 1024;
}

interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
}

/** CONCURRENCY loopback clients asking for one page for SECONDS seconds (bounded in time and in count). */
async function measureThroughput(url: string): Promise<Throughput> {
  for (let i = 0; i < 5; i++) await (await fetch(url)).arrayBuffer();
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const maxRequests = 200_000;
  async function client() {
    while (performance.now() < deadline && latencies.length + errors < maxRequests) {
      const t0 = performance.now();
      try {
        const response = await fetch(url, { headers: { "Accept-Encoding": "gzip, br" } });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { requestsPerSecond: latencies.length / elapsed, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), errors };
}

/** JavaScript a phone fetches for the page until it settles (fixtures/first-load-js.ts), in a fresh context. */
async function phoneWireKb(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<{ kb: number; files: number }> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const transfers = await firstLoadScripts(await context.newPage(), url);
    return { kb: totalKb(transfers), files: transfers.length };
  } finally {
    await context.close();
  }
}

const mark = (ok: boolean) => (ok ? "ok " : "MISS");

/**
 * A static file server for the throughput comparison, in its own process like the store: each page's
 * HTML as the store sent it, compressed once the way the page cache does (brotli 6, gzip 6), served by
 * node:http with the encoding the client asks for.
 */
const STATIC_SERVER = `
const { createServer } = require("node:http");
const { readFileSync } = require("node:fs");
const zlib = require("node:zlib");
const pages = new Map();
for (const [path, file] of Object.entries(JSON.parse(process.env.STATIC_PAGES))) {
  const html = readFileSync(file);
  pages.set(path, {
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: zlib.gzipSync(html, { level: 6 }),
    identity: html,
  });
}
createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) { res.writeHead(404); res.end(); return; }
  const accept = String(req.headers["accept-encoding"] || "");
  const encoding = /\\bbr\\b/.test(accept) ? "br" : /\\bgzip\\b/.test(accept) ? "gzip" : "identity";
  const headers = { "content-type": "text/html; charset=utf-8", vary: "Accept-Encoding", "cache-control": "public, max-age=0" };
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  res.writeHead(200, headers);
  res.end(page[encoding]);
}).listen(Number(process.env.STATIC_PORT), "127.0.0.1");
`;

async function startStaticServer(pages: Map<string, string>): Promise<{ base: string; server: ChildProcess }> {
  const port = PORT + 1;
  const dir = join("/tmp", `store-bench-static-${port}`);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {};
  let index = 0;
  for (const [path, html] of pages) {
    const file = join(dir, `page-${index++}.html`);
    writeFileSync(file, html);
    files[path] = file;
  }
  const server = spawn(process.execPath, ["-e", STATIC_SERVER], {
    env: { ...env, STATIC_PAGES: JSON.stringify(files), STATIC_PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const first = [...pages.keys()][0] ?? "/";
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(base + first)).ok) return { base, server };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error("The static server did not start.");
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Requests per second at CONCURRENCY for the home, category and product pages: (a) a static copy of the
 * page's HTML from a tiny node:http server (same compression), (b) the page rendered for every request
 * (a second start of the store with PAGE_CACHE_MB=0, on the same data), (c) the page from the page cache;
 * and cached/static. Returns whether it stopped the store it was given (to start the uncached one).
 */
async function throughputSection(base: string, server: ChildProcess | null, pages: PageUnderTest[]): Promise<boolean> {
  const measured = pages.filter((page) => ["home", "category", "product"].includes(page.name));
  const html = new Map<string, string>();
  for (const page of measured) html.set(page.path, await (await fetch(base + page.path)).text());
  const load = (await import("node:os")).loadavg().map((n) => n.toFixed(2));
  console.log(
    `\nServer throughput, ${CONCURRENCY} concurrent loopback clients (fetch, in the bench process), ${SECONDS} s each; load average before: ${load.join(" ")}`,
  );
  const staticServer = await startStaticServer(html);
  const rows = new Map<string, { static: Throughput; cached: Throughput; uncached: Throughput | null }>();
  try {
    for (const page of measured) {
      const fromStatic = await measureThroughput(staticServer.base + page.path);
      const cached = await measureThroughput(base + page.path);
      rows.set(page.name, { static: fromStatic, cached, uncached: null });
    }
  } finally {
    await stopProcess(staticServer.server);
  }
  // The same pages rendered on every request: the store again, with its page cache off.
  let uncachedBase = env.BENCH_UNCACHED_URL?.replace(/\/$/, "") ?? null;
  let uncachedServer: ChildProcess | null = null;
  if (server) {
    await stopProcess(server);
    const restarted = await startServer({ PAGE_CACHE_MB: "0" });
    uncachedBase = restarted.base;
    uncachedServer = restarted.server;
  }
  try {
    if (uncachedBase) {
      for (const page of measured) {
        const row = rows.get(page.name);
        if (row) row.uncached = await measureThroughput(uncachedBase + page.path);
      }
    }
  } finally {
    if (uncachedServer) await stopProcess(uncachedServer);
  }
  console.log("page      static req/s  uncached req/s (p50 ms)  cached req/s (p50 ms)  cached/static");
  for (const [name, row] of rows) {
    const ratio = row.cached.requestsPerSecond / row.static.requestsPerSecond;
    const uncached = row.uncached
      ? `${row.uncached.requestsPerSecond.toFixed(1).padStart(8)} (${row.uncached.p50Ms.toFixed(0).padStart(4)})`
      : "     n/a       ";
    const errors = row.static.errors + row.cached.errors + (row.uncached?.errors ?? 0);
    console.log(
      `${name.padEnd(9)} ${row.static.requestsPerSecond.toFixed(1).padStart(10)}   ${uncached.padEnd(22)} ${row.cached.requestsPerSecond.toFixed(1).padStart(8)} (${row.cached.p50Ms.toFixed(0).padStart(4)})     ${(ratio * 100).toFixed(0).padStart(4)} % ${mark(ratio >= 0.5)}${errors ? `  errors ${errors}` : ""}`,
    );
  }
  console.log(
    `load average after: ${(await import("node:os"))
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  return server !== null;
}

async function main() {
  const started = await startServer();
  const base = started.base;
  let server = started.server;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const pages = (await pagesUnderTest(base)).filter((page) => !PAGES || PAGES.includes(page.name));
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    const manifest = existsSync(join(BUILD_DIR, "client/assets")) ? readManifest() : null;
    console.log(
      `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ""}mobile, simulated throttling; load average ${(
        await import("node:os")
      )
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
    console.log(
      `page      perf     a11y     FCP ms  LCP ms  TBT ms   CLS        LH script KB  JS on the wire KB (phone, ≤ ${TARGET.wireKb})  hydration JS KB gzip`,
    );
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] });
    const failed = new Map<string, string[]>();
    try {
      for (const page of pages) {
        await warm(base, page.path);
        const runs: LighthouseFigures[] = [];
        for (let run = 0; run < RUNS; run++) {
          const reportFile = REPORT_DIR ? join(REPORT_DIR, `${page.name}-${run + 1}.json`) : null;
          runs.push(await runLighthouse(base + page.path, chrome.port, reportFile));
        }
        const figures = {
          score: median(runs.map((r) => r.score)),
          accessibility: median(runs.map((r) => r.accessibility)),
          fcpMs: median(runs.map((r) => r.fcpMs)),
          lcpMs: median(runs.map((r) => r.lcpMs)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          cls: median(runs.map((r) => r.cls)),
          scriptKb: median(runs.map((r) => r.scriptKb)),
        };
        const audits = [...new Set(runs.flatMap((r) => r.failedAudits))];
        if (audits.length > 0) failed.set(page.name, audits);
        const wire = await phoneWireKb(browser, base + page.path);
        const js = manifest ? firstLoadJsKb(manifest, page.routeId) : Number.NaN;
        console.log(
          `${page.name.padEnd(9)} ${String(figures.score).padStart(3)} ${mark(figures.score >= TARGET.score)} ${String(figures.accessibility).padStart(4)} ${mark(figures.accessibility >= TARGET.accessibility)} ${figures.fcpMs.toFixed(0).padStart(7)} ${figures.lcpMs.toFixed(0).padStart(7)} ${figures.tbtMs.toFixed(0).padStart(7)}  ${figures.cls.toFixed(3)} ${mark(figures.cls <= TARGET.cls)} ${figures.scriptKb.toFixed(1).padStart(8)}     ${wire.kb.toFixed(1).padStart(7)} ${mark(wire.kb <= TARGET.wireKb)} (${wire.files} files)                ${js.toFixed(1).padStart(7)}`,
        );
      }
    } finally {
      await browser.close();
    }
    for (const [name, audits] of failed) console.log(`${name}: failed accessibility audits: ${audits.join(", ")}`);
    if (SECONDS <= 0) return;
    const stopped = await throughputSection(base, server, pages);
    if (stopped) server = null;
  } finally {
    await chrome.kill();
    server?.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
