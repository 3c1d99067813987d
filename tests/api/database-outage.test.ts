import { and, eq, inArray, sql, sum } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { orderLineItems, orders, transactions } from "../../db/schema/commerce.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
  stockOf,
} from "../../fixtures/checkout-fixtures.ts";
import { pendingSettlements } from "../../services/orders/place-order.ts";
import type { TestGateway } from "../../services/payments/test-gateway.ts";
import { answersOn, startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "./support/throwaway-database.ts";

const SERVER = "postgres://postgres@127.0.0.1:5432";
const OUTAGE_MS = 10_000;
const STOCK = 100_000;
const available = await answersOn("127.0.0.1", 5432);
if (!available) console.log("database-outage: no PostgreSQL server on 127.0.0.1:5432, skipped");

let own: ThrowawayDatabase;
let proxy: TcpProxy;
let viaProxy: DatabaseHandle;
let direct: DatabaseHandle;
let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  if (!available) return;
  own = await createThrowawayDatabase(`${SERVER}/postgres`, "store_outage");
  direct = await openDatabase({ url: own.url, poolSize: 2 });
  await migrateDatabase(direct);
  await installCommerceFixtures(direct.db);
  part = await createProduct(direct.db, { title: "Chlorinator Cell", priceCents: 8_900, available: STOCK });
  proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
  viaProxy = await openDatabase({ url: `postgres://postgres@127.0.0.1:${proxy.port}/${own.name}`, poolSize: 5 });
  store = await startTestStore({ database: viaProxy, products: 0 });
});

afterAll(async () => {
  if (!available) return;
  await store?.close();
  await viaProxy?.close();
  await proxy?.close();
  await direct?.close();
  await own?.drop();
});

interface Sample {
  startedAt: number;
  ms: number;
  status: number | null;
  error?: string;
  body?: string;
  what: string;
}

describe.skipIf(!available)("a connection that drops as a transaction starts", () => {
  test("is given back to the pool and discarded: the pool keeps its size and still closes", async () => {
    const handle = await openDatabase({ url: own.url, poolSize: 1 });
    try {
      const pool = handle.pool as pg.Pool;
      await handle.db.execute(sql`select 1`);
      // The connection breaks between being checked out and its BEGIN (the outage's window).
      pool.once("acquire", (client) => {
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
      await expect(handle.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      expect(pool.totalCount).toBe(0);
      // With its one connection leaked, the next transaction would wait for it and time out.
      const answer = await handle.db.transaction(async (tx) => tx.execute(sql`select 2 as two`));
      expect((answer as unknown as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
      // A transaction the caller gives up on keeps its (healthy) connection in the pool.
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error("out of stock");
        }),
      ).rejects.toThrow("out of stock");
      expect([pool.totalCount, pool.idleCount]).toEqual([1, 1]);
    } finally {
      await Promise.race([
        handle.close(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("the pool did not close")), 5_000)),
      ]);
    }
  });
});

describe.skipIf(!available)("the database goes away under load", () => {
  test("503 within seconds during the outage, serving again after, no half-written order", async () => {
    const samples: Sample[] = [];
    let running = true;
    const timed = async (what: string, run: () => Promise<{ status: number; body: unknown }>) => {
      const startedAt = Date.now();
      try {
        const { status, body } = await run();
        samples.push({ startedAt, ms: Date.now() - startedAt, status, what, body: JSON.stringify(body).slice(0, 200) });
        return status;
      } catch (error) {
        samples.push({ startedAt, ms: Date.now() - startedAt, status: null, error: (error as Error).message, what });
        return null;
      }
    };
    const worker = async (n: number) => {
      while (running) {
        if (n % 2 === 0) {
          // A shopper placing an order.
          const shopper = new Shopper(store.baseUrl);
          const added = await timed("add to cart", () =>
            shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
              body: { inventoryLevelId: part.levelId, quantity: 1 + (n % 3) },
            }),
          );
          if (added !== 200) continue;
          const cart = await shopper.call<{ checkout: { id: string } }>("GET", "/api/checkouts").catch(() => null);
          if (!cart?.body?.checkout?.id) continue;
          await timed("place order", () =>
            shopper.call("POST", `/api/checkouts/${cart.body.checkout.id}/complete`, {
              body: { email: `outage${n}@example.com`, shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
            }),
          );
        } else {
          await timed("product", async () => {
            const response = await fetch(`${store.baseUrl}/api/products/handle/${part.handle}`, {
              signal: AbortSignal.timeout(30_000),
            });
            return { status: response.status, body: await response.json() };
          });
        }
      }
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));

    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const cutAt = Date.now();
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const restoredAt = Date.now();
    proxy.restore();

    // Back by itself: no restart, no intervention.
    let backAt = 0;
    while (Date.now() - restoredAt < 30_000) {
      const health = await fetch(`${store.baseUrl}/api/health`).catch(() => null);
      if (health?.status === 200) {
        backAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    running = false;
    await workers;
    await pendingSettlements(30_000);

    const during = samples.filter((sample) => sample.startedAt >= cutAt + 500 && sample.startedAt < restoredAt);
    const summary = (list: Sample[]) =>
      list
        .slice(0, 5)
        .map((sample) => `${sample.what}: ${sample.status ?? sample.error} after ${sample.ms} ms ${sample.body ?? ""}`);
    console.log(
      `database-outage: ${samples.length} requests, ${during.length} during the outage; statuses ${JSON.stringify(
        samples.reduce<Record<string, number>>((count, sample) => {
          const key = String(sample.status ?? "error");
          count[key] = (count[key] ?? 0) + 1;
          return count;
        }, {}),
      )}; serving again ${backAt ? `${backAt - restoredAt} ms` : "never"} after the database came back`,
    );

    // Every request got an answer; none was a 500; none took long.
    expect(summary(samples.filter((sample) => sample.status === null))).toEqual([]);
    expect(
      summary(samples.filter((sample) => sample.status !== null && sample.status >= 500 && sample.status !== 503)),
    ).toEqual([]);
    expect(summary(samples.filter((sample) => sample.ms > 8_000))).toEqual([]);
    // During the outage: 503 with a message.
    expect(during.length).toBeGreaterThan(0);
    const unavailable = during.filter((sample) => sample.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const sample of unavailable) expect(sample.body).toMatch(/"error":".*database/);
    expect(backAt).toBeGreaterThan(0);
    // And it takes orders again.
    expect(
      samples.some((sample) => sample.what === "place order" && sample.status === 200 && sample.startedAt > backAt),
    ).toBe(true);

    // No order half-written.
    const db = direct.db;
    const placed = await db.select({ id: orders.id }).from(orders);
    expect(placed.length).toBeGreaterThan(0);
    const ledger = new Map(
      (store.services.paymentGateway as TestGateway).ledger().map((entry) => [entry.authorizationReference, entry]),
    );
    const authorizations = await db
      .select({ orderId: transactions.orderId, reference: transactions.gatewayReference })
      .from(transactions)
      .where(and(eq(transactions.kind, "authorization"), eq(transactions.status, "SUCCESS")));
    const captures = await db
      .select({ orderId: transactions.orderId })
      .from(transactions)
      .where(and(eq(transactions.kind, "capture"), eq(transactions.status, "SUCCESS")));
    const capturedOrders = new Set(captures.map((row) => row.orderId));
    for (const order of placed) {
      expect(capturedOrders.has(order.id), `order ${order.id} has its capture`).toBe(true);
      const authorization = authorizations.find((row) => row.orderId === order.id);
      expect(ledger.get(authorization?.reference ?? "")?.state, `order ${order.id}'s payment`).toBe("captured");
    }
    const orderOfReference = new Map(authorizations.map((row) => [row.reference, row.orderId]));
    for (const [reference, entry] of ledger) {
      if (entry.state === "captured") expect(orderOfReference.get(reference), `capture ${reference}`).toBeTruthy();
    }
    const [taken] = await db
      .select({ quantity: sum(orderLineItems.quantity) })
      .from(orderLineItems)
      .where(
        inArray(
          orderLineItems.orderId,
          placed.map((order) => order.id),
        ),
      );
    expect(await stockOf(db, part.levelId)).toBe(STOCK - Number(taken.quantity ?? 0));
  }, 180_000);
});
