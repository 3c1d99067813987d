// DATABASE_READ_URL: catalog and search reads go to the read replica, writes and checkout never do.
// The "replica" is the same PostgreSQL database opened a second time with read-only sessions, so a
// write sent to it would fail. Needs a PostgreSQL server on 127.0.0.1:5432.
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { answersOn } from "./support/tcp-proxy.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

const SERVER = "postgres://postgres@127.0.0.1:5432";
const available = await answersOn("127.0.0.1", 5432);
if (!available) console.log("read-replica: no PostgreSQL server on 127.0.0.1:5432, skipped");

const name = `store_replica_${randomBytes(5).toString("hex")}`;
let database: DatabaseHandle;
let store: TestStore;
let part: ProductFixture;
let primaryQueries = 0;
let replicaQueries = 0;

beforeAll(async () => {
  if (!available) return;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  database = await openDatabase({ url: `${SERVER}/${name}`, readUrl: `${SERVER}/${name}`, poolSize: 3 });
  await migrateDatabase(database);
  await installCommerceFixtures(database.db);
  part = await createProduct(database.db, { title: "Heat Pump", priceCents: 250_000, available: 20 });
  database.observeQueries(() => primaryQueries++);
  database.observeReadQueries(() => replicaQueries++);
  store = await startTestStore({ database, products: 0 });
});

afterAll(async () => {
  if (!available) return;
  await store?.close();
  await database?.close();
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe.skipIf(!available)("a read replica", () => {
  test("the replica's sessions refuse writes", async () => {
    const failure = await database.readDb.execute(sql`create table replica_write_probe (id int)`).then(
      () => null,
      (error: Error & { cause?: Error }) => error,
    );
    expect(String(failure?.cause?.message ?? failure?.message)).toMatch(/read-only transaction/);
  });

  test("catalog and search reads go to the replica", async () => {
    const before = replicaQueries;
    expect((await store.json(`/api/products/handle/${part.handle}`)).status).toBe(200);
    expect((await store.json("/api/products/filter?q=heat")).status).toBe(200);
    expect((await store.json("/api/collections")).status).toBe(200);
    expect(replicaQueries - before).toBeGreaterThanOrEqual(3);
  });

  test("the cart and checkout (writes and transactions) stay on the primary and succeed", async () => {
    const replicaBefore = replicaQueries;
    const primaryBefore = primaryQueries;
    const shopper = new Shopper(store.baseUrl);
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
      key: randomUUID(),
    });
    expect(added.status).toBe(200);
    const placed = await shopper.call("POST", `/api/checkouts/${added.body.checkout.id}/complete`, {
      body: { email: "replica@example.com", shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
      key: randomUUID(),
    });
    expect(placed.status).toBe(200);
    expect(replicaQueries).toBe(replicaBefore);
    expect(primaryQueries - primaryBefore).toBeGreaterThan(5);
  });
});
