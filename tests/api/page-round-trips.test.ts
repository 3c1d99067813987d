// How many times a shopper's page load reads the database (round trips: statements sent and answered).
// A product page and a category page each take at most 3, once the store's one-minute caches (the
// navigation, the category tree, the shipping policy, the synonyms) hold what every page shares.
// Counted at the driver: every statement PGlite or the PostgreSQL pool is asked to run.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { productCardCache } from "../../services/catalog/product-cards.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
const statements: string[] = [];

/** Counts every statement the database is asked to run, whatever asks it. */
function countStatements(database: TestStore["database"]): void {
  const record = (text: unknown) => {
    statements.push(typeof text === "string" ? text : String((text as { text?: string })?.text ?? text));
  };
  if (database.pglite) {
    const client = database.pglite as PGlite & Record<string, unknown>;
    for (const method of ["query", "exec", "transaction"] as const) {
      const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
      client[method] = ((...args: unknown[]) => {
        record(args[0]);
        return original(...args);
      }) as never;
    }
    return;
  }
  // pool.query checks a client out (connect with a callback) and asks it: counting the clients' queries
  // counts those and the transactions' alike, once each.
  const pool = database.pool as pg.Pool;
  const counted = new WeakSet<object>();
  const watch = (client: pg.PoolClient | undefined) => {
    if (!client || counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      record(args[0]);
      return query(...args);
    }) as never;
  };
  const originalConnect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    if (typeof callback === "function") {
      return originalConnect((error: Error | undefined, client?: pg.PoolClient, done?: unknown) => {
        watch(client);
        callback(error, client, done);
      });
    }
    return (originalConnect() as Promise<pg.PoolClient>).then((client) => {
      watch(client);
      return client;
    });
  }) as never;
}

/** The statements one GET of `path` sends (after a first load has filled the shared caches). */
async function roundTrips(path: string): Promise<string[]> {
  const warm = await store.get(path);
  expect(warm.status).toBe(200);
  await warm.text();
  statements.length = 0;
  const response = await store.get(path);
  expect(response.status).toBe(200);
  await response.text();
  return [...statements];
}

beforeAll(async () => {
  store = await startTestStore({ products: 60, pages: true });
  countStatements(store.database);
}, 600_000);
afterAll(() => store?.close());

const MAX_ROUND_TRIPS = 3;
const show = (list: string[]) => list.map((text) => text.replace(/\s+/g, " ").slice(0, 160)).join("\n");

test("a product page reads the database in at most 3 round trips", async () => {
  const { body } = await store.json<{ products: { handle: string }[] }>(
    "/api/products/filter?sortBy=best_selling&limit=8",
  );
  const handle = body.products[0]?.handle;
  expect(handle).toBeTruthy();
  const sent = await roundTrips(`/products/${handle}`);
  // At least the product (or the listing) itself: the counting sees the statements.
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.length, show(sent)).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
});

test("a category page reads the database in at most 3 round trips", async () => {
  await expectCategoryPage();
});

test("a category page reads the database in at most 3 round trips with no product card kept", async () => {
  const saved = productCardCache.maxEntries;
  try {
    productCardCache.maxEntries = 0;
    await expectCategoryPage();
  } finally {
    productCardCache.maxEntries = saved;
  }
});

async function expectCategoryPage(): Promise<void> {
  const { body } = await store.json<{ products: { handle: string }[] }>("/api/products/filter?limit=8");
  expect(body.products.length).toBeGreaterThan(0);
  const rows = (await store.database.db.execute(
    "select c.handle from collections c where exists (select 1 from collection_products cp where cp.collection_id = c.id) order by c.id limit 1" as never,
  )) as unknown as { rows: { handle: string }[] };
  const handle = rows.rows[0]?.handle;
  expect(handle).toBeTruthy();
  const sent = await roundTrips(`/collections/${handle}`);
  // At least the product (or the listing) itself: the counting sees the statements.
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.length, show(sent)).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
}
