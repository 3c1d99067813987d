// npm run bench:cart: add-to-cart and place-order latency (p50/p99) and throughput at concurrency 16,
// over HTTP against the real app on PostgreSQL (a throw-away database on BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). BENCH_ENGINE=pglite measures the embedded database instead.
// Options (env): BENCH_CONCURRENCY (16), BENCH_ADDS (3000), BENCH_ORDERS (600).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../fixtures/checkout-fixtures.ts";
import { buildApp } from "../server/app.ts";
import { loadStoreConfig, type ServerConfig } from "../services/config.ts";
import { createMailDelivery } from "../services/email/mailer.ts";
import { createStoreServices } from "../services/store-services.ts";

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const totalAdds = Number(process.env.BENCH_ADDS ?? 3000);
const totalOrders = Number(process.env.BENCH_ORDERS ?? 600);
const engine = process.env.BENCH_ENGINE === "pglite" ? "pglite" : "postgres";
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function openBenchDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === "pglite") return { database: await openDatabase({ memory: true }), drop: async () => {} };
  const name = `store_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: url.toString(), poolSize: concurrency + 4 }),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Figures {
  name: string;
  count: number;
  failures: number;
  p50: number;
  p99: number;
  perSecond: number;
}

/**
 * Runs `total` operations with `concurrency` workers, each with its own state (a shopper). An operation
 * may time only part of its work (`ms`), e.g. the placement call after preparing a cart.
 */
async function measure<S>(
  name: string,
  total: number,
  setup: (worker: number) => Promise<S>,
  operation: (state: S, i: number) => Promise<{ ok: boolean; ms?: number }>,
): Promise<Figures> {
  const states = await Promise.all(Array.from({ length: concurrency }, (_, worker) => setup(worker)));
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    states.map(async (state) => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const result = await operation(state, i);
        latencies.push(result.ms ?? performance.now() - t0);
        if (!result.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    count: latencies.length,
    failures,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
  };
}

async function main() {
  const { database, drop } = await openBenchDatabase();
  await migrateDatabase(database);
  await installCommerceFixtures(database.db);
  const products: ProductFixture[] = [];
  for (let i = 0; i < 50; i++) {
    products.push(
      await createProduct(database.db, { title: `Bench Part ${i}`, priceCents: 1500 + i * 100, available: 1_000_000 }),
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), "store-bench-"));
  const config: ServerConfig = {
    env: {
      NODE_ENV: "production",
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
  const mail = createMailDelivery({ db: database.db, from: "bench@example.com", outboxDir: join(dataDir, "outbox") });
  const app = await buildApp({
    services: createStoreServices({ config, database, mailer: mail }),
    frontend: { mode: "none" },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  config.publicUrl = baseUrl;
  const pick = (i: number) => products[i % products.length];

  try {
    // Warm-up: JIT, connection pool, plan caches.
    const warm = await new Shopper(baseUrl).start();
    for (let i = 0; i < 50; i++)
      await warm.call("POST", "/api/checkouts/lineItems", { body: { inventoryLevelId: pick(i).levelId, quantity: 1 } });

    const adds = await measure(
      "add to cart: own cart per shopper",
      totalAdds,
      async () => new Shopper(baseUrl).start(),
      async (shopper, i) => {
        const answer = await shopper.call("POST", "/api/checkouts/lineItems", {
          body: { inventoryLevelId: pick(i).levelId, quantity: 1 },
          key: randomBytes(12).toString("hex"),
        });
        return { ok: answer.status === 200 };
      },
    );

    const shared = await new Shopper(baseUrl).start();
    const hot = await measure(
      "add to cart: one item, one shared cart (all wait on its row lock)",
      Math.min(totalAdds, 1000),
      async () => shared,
      async (shopper) => {
        const answer = await shopper.call("POST", "/api/checkouts/lineItems", {
          body: { inventoryLevelId: products[0].levelId, quantity: 1 },
        });
        return { ok: answer.status === 200 };
      },
    );

    const orders = await measure(
      "place order: address + card + order transaction (timed call only)",
      totalOrders,
      async () => null,
      async (_state, i) => {
        // A fresh shopper and cart per order; only the placement call is timed.
        const shopper = new Shopper(baseUrl);
        const cart = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
          body: {
            lineItems: [
              { inventoryLevelId: pick(i).levelId, quantity: 2 },
              { inventoryLevelId: pick(i + 7).levelId, quantity: 1 },
            ],
          },
        });
        const t0 = performance.now();
        const placed = await shopper.call("POST", `/api/checkouts/${cart.body.checkout.id}/complete`, {
          body: { email: `bench${i}@example.com`, shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
          key: randomBytes(12).toString("hex"),
        });
        return { ok: placed.status === 200, ms: performance.now() - t0 };
      },
    );

    console.log(
      `\nCart benchmark: ${engine === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}, concurrency ${concurrency}, Node ${process.versions.node}, ${cpus().length} CPUs\n`,
    );
    console.log(
      `${"scenario".padEnd(68)} ${"n".padStart(6)} ${"fail".padStart(5)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"ops/s".padStart(8)}`,
    );
    for (const row of [adds, hot, orders]) {
      console.log(
        `${row.name.padEnd(68)} ${String(row.count).padStart(6)} ${String(row.failures).padStart(5)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${row.perSecond.toFixed(1).padStart(8)}`,
      );
    }
    console.log("\nops/s of the place-order row counts whole iterations (cart preparation + placement).");
  } finally {
    await app.close();
    mail.stop();
    await database.close();
    await drop();
  }
}

await main();
