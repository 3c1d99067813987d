import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../../db/client.ts";
import { migrateDatabase } from "../../../db/migrate.ts";
import { seedDemoData } from "../../../demo/seed/seed.ts";
import { registerDemoImages } from "../../../demo/start.ts";
import { buildApp } from "../../../server/app.ts";
import { loadStoreConfig, type ServerConfig } from "../../../services/config.ts";
import { createMailDelivery } from "../../../services/email/mailer.ts";
import { rebuildSearchIndex } from "../../../services/search/search-index.ts";
import { createStoreServices, type StoreServices } from "../../../services/store-services.ts";

export interface TestStore {
  baseUrl: string;
  database: DatabaseHandle;
  services: StoreServices;
  /** fetch() against the running store; a path such as `/api/health`. */
  get(path: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export interface TestStoreOptions {
  /** Demo products to seed; 0 seeds nothing. */
  products?: number;
}

/**
 * Opens an isolated database for one test file: an in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL. Migrates, seeds and starts the
 * store's HTTP API on a free port, so tests go over real HTTP.
 */
export async function startTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: DatabaseHandle;
  if (serverUrl) {
    const name = `store_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 5 });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  } else {
    database = await openDatabase({ memory: true });
  }
  await migrateDatabase(database);
  if ((options.products ?? 300) > 0) {
    await seedDemoData(database.db, { products: options.products ?? 300 });
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
    },
    dataDir,
    publicUrl: "http://127.0.0.1",
    sessionSecret: randomBytes(32).toString("hex"),
    store: loadStoreConfig("./config/store.json"),
  };
  const mail = createMailDelivery({
    db: database.db,
    from: "store@example.com",
    outboxDir: join(dataDir, "outbox"),
  });
  const services = createStoreServices({ config, database, mailer: mail });
  const app = await buildApp({ services, frontend: { mode: "none" }, registerExtras: registerDemoImages });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  config.publicUrl = baseUrl;

  const get = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init);
  return {
    baseUrl,
    database,
    services,
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
      await database.close();
      await dropDatabase?.();
    },
  };
}
