// Readiness fails first on shutdown (the load balancer drains the instance) and while the database
// misses a migration; liveness keeps answering.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { createLifecycle } from "../../server/api/health.ts";
import { buildApp } from "../../server/app.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let database: DatabaseHandle;
let store: TestStore;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await migrateDatabase(database);
  store = await startTestStore({ database, products: 0 });
});
afterAll(async () => {
  await store?.close();
  await database?.close();
});

describe("readiness", () => {
  test("a draining instance answers 503 'shutting_down' on ready and 200 on live", async () => {
    const lifecycle = createLifecycle();
    const app = await buildApp({ services: store.services, frontend: { mode: "none" }, lifecycle });
    await app.ready();
    expect((await app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
    lifecycle.draining = true;
    const ready = await app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "not_ready", reason: "shutting_down" });
    expect((await app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
    await app.close();
  });

  test("a database that misses this version's newest migration is not ready", async () => {
    const app = await buildApp({ services: store.services, frontend: { mode: "none" } });
    await app.ready();
    await database.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    try {
      const ready = await app.inject({ url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ reason: "migrations_pending" });
    } finally {
      await database.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      await app.close();
    }
  });
});
