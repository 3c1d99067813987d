import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyServerOptions } from "fastify";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../db/client.ts";
import { migrateDatabase } from "../../../db/migrate.ts";
import { seedDemoData } from "../../../demo/seed/seed.ts";
import { registerDemoImages } from "../../../demo/start.ts";
import { BUILD_MARKER, buildIsStale, buildStorefront } from "../../../scripts/storefront-build.ts";
import { buildApp, type Frontend } from "../../../server/app.ts";
import { loadStoreConfig, type PaymentsConfig, type ServerConfig } from "../../../services/config.ts";
import { createMailDelivery } from "../../../services/email/mailer.ts";
import type { PaymentGateway } from "../../../services/payments/payment-gateway.ts";
import { rebuildSearchIndex } from "../../../services/search/search-index.ts";
import { createStoreServices, type StoreServices } from "../../../services/store-services.ts";
import type { StoreConfig } from "../../../shared/store-config.ts";
import { type DatabaseTemplates, readDump, TEMPLATE_SIZES, type TemplateSize } from "./database-templates.ts";
import { createThrowawayDatabase } from "./throwaway-database.ts";

export interface TestStore {
  baseUrl: string;
  database: DatabaseHandle;
  services: StoreServices;
  /** Every route of the app (method and URL pattern), as Fastify registered them. */
  routes: Array<{ method: string; url: string; permission?: unknown }>;
  /** The storefront's build when started with `pages` (its route tree is the page routes). */
  build?: ServerBuild;
  /** fetch() against the running store; a path such as `/api/health`. */
  get(path: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export interface TestStoreOptions {
  /** Demo products to seed; 0 seeds nothing. */
  products?: number;
  /** Changes to config/store.json for this store (a currency, a chat provider...). */
  storeConfig?: (config: StoreConfig) => StoreConfig;
  /** Serve the storefront's pages too (the production build, built first when missing or stale). */
  pages?: boolean;
  /** PUBLIC_URL of the store (default: its own http:// address). */
  publicUrl?: string;
  /** The database to use instead of a fresh one (the caller migrates, seeds and closes it). */
  database?: DatabaseHandle;
  /** TRUST_PROXY: with 1, each request's X-Forwarded-For names its client (tests of per-address limits). */
  trustProxy?: number;
  /** The card processor's configuration (default: the test gateway) and, for Stripe, its gateway. */
  payments?: PaymentsConfig;
  paymentGateway?: PaymentGateway;
  /** More environment settings (METRICS_TOKEN, SHUTDOWN_DRAIN_MS...). */
  env?: Partial<ServerConfig["env"]>;
  /** Fastify's logger (default: none). */
  logger?: FastifyServerOptions["logger"];
}

/**
 * Opens an isolated database for one test file: an in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL. Migrates, seeds and starts the
 * store's HTTP API on a free port, so tests go over real HTTP.
 */
export async function startTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const products = options.products ?? 300;
  // The run's template with exactly this catalog, else the migrated empty one (seeded here).
  const templates = runTemplates(serverUrl);
  const template: TemplateSize | undefined = templates
    ? (TEMPLATE_SIZES as readonly number[]).includes(products)
      ? (products as TemplateSize)
      : 0
    : undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: DatabaseHandle;
  const given = options.database;
  if (given) {
    database = given;
  } else if (serverUrl) {
    const own = await createThrowawayDatabase(
      serverUrl,
      "store_test",
      templates?.kind === "postgres" && template !== undefined ? templates.databases[template] : undefined,
    );
    database = await openDatabase({ url: own.url, poolSize: 5 });
    dropDatabase = own.drop;
  } else {
    database = await openDatabase({
      memory: true,
      loadDataDir:
        templates?.kind === "pglite" && template !== undefined ? readDump(templates.dumps[template]) : undefined,
    });
  }
  if (!given && template === undefined) await migrateDatabase(database);
  if (!given && products > 0 && template !== products) {
    await seedDemoData(database.db, { products });
    await rebuildSearchIndex(database.db);
  }

  const dataDir = mkdtempSync(join(tmpdir(), "store-test-data-"));
  const config: ServerConfig = {
    env: {
      NODE_ENV: "test",
      PORT: 0,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      STORE_CONFIG: "./config/store.json",
      SEED_PRODUCTS: 0,
      // Off unless a test asks for it (PAGE_CACHE_MB in `env`): many tests write rows directly, past the
      // change feed, and read the page again at once.
      PAGE_CACHE_MB: 0,
      ...(options.trustProxy === undefined ? {} : { TRUST_PROXY: options.trustProxy }),
      ...options.env,
    },
    dataDir,
    publicUrl: options.publicUrl ?? "http://127.0.0.1",
    sessionSecret: randomBytes(32).toString("hex"),
    store: (options.storeConfig ?? ((config) => config))(loadStoreConfig("./config/store.json")),
    payments: options.payments,
  };
  const mail = createMailDelivery({
    db: database.db,
    from: "store@example.com",
    outboxDir: join(dataDir, "outbox"),
  });
  const services = createStoreServices({ config, database, mailer: mail, paymentGateway: options.paymentGateway });
  const frontend: Frontend = options.pages ? await productionFrontend() : { mode: "none" };
  const routes: TestStore["routes"] = [];
  const app = await buildApp({
    services,
    frontend,
    logger: options.logger,
    registerExtras: registerDemoImages,
    onRoute: (route) => {
      const permission = (route.config as { permission?: unknown } | undefined)?.permission;
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, permission });
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  if (!options.publicUrl) config.publicUrl = baseUrl;

  const get = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init);
  return {
    baseUrl,
    database,
    services,
    routes,
    build: frontend.mode === "production" ? await frontend.getBuild() : undefined,
    get,
    async json<T>(path: string, init?: RequestInit) {
      const response = await get(path, init);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`Expected JSON from ${path} (status ${response.status}), got: ${text.slice(0, 200)}`);
      }
      return { status: response.status, body: body as T };
    },
    async close() {
      await app.close();
      mail.stop();
      await services.jobs.stop();
      if (!given) await database.close();
      await dropDatabase?.();
    },
  };
}

/** The templates the API project's global setup made for this engine (none when a file runs outside it). */
function runTemplates(serverUrl: string | undefined): DatabaseTemplates | undefined {
  let templates: DatabaseTemplates | undefined;
  try {
    templates = inject("apiDatabaseTemplates");
  } catch {
    return undefined;
  }
  if (!templates) return undefined;
  return (templates.kind === "postgres") === Boolean(serverUrl) ? templates : undefined;
}

/** The storefront's production build, built first when missing or older than its sources. */
async function productionFrontend(): Promise<Frontend> {
  await ensureStorefrontBuild();
  const build = (await import(pathToFileURL(resolve(BUILD_MARKER)).href)) as ServerBuild;
  return { mode: "production", clientDir: resolve("build/client"), getBuild: async () => build };
}

/** Several test files may want the build at once: one builds, the others wait for its lock file. */
export async function ensureStorefrontBuild(): Promise<void> {
  const lock = resolve("build.lock");
  for (;;) {
    if (!buildIsStale()) return;
    let fd: number;
    try {
      fd = openSync(lock, "wx");
    } catch {
      // Another file is building (or a build died: a lock older than five minutes is taken over).
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 300_000) rmSync(lock, { force: true });
      await new Promise((done) => setTimeout(done, 500));
      continue;
    }
    try {
      if (buildIsStale() && !buildStorefront()) throw new Error("The storefront build failed (see above).");
      return;
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}
