// Stopping the store under load: the real server process (node server/main.ts) takes orders and page
// views; SIGTERM makes it stop accepting, finish what is in flight within 10 seconds and exit 0, and an
// order being placed either completes or leaves nothing behind.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { checkouts, orderLineItems, orders, transactions } from "../../db/schema/commerce.ts";
import {
  APPROVED_CARD,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
  stockOf,
} from "../../fixtures/checkout-fixtures.ts";
import { ensureStorefrontBuild } from "./support/test-store.ts";

const STOCK = 100_000;
let dataDir: string;
let part: ProductFixture;
let server: ChildProcess | undefined;
let baseUrl: string;
let output = "";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  await ensureStorefrontBuild();
  dataDir = mkdtempSync(join(tmpdir(), "store-shutdown-"));
  // The catalog is written first (one product with known stock), so the store seeds nothing.
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await installCommerceFixtures(database.db);
  part = await createProduct(database.db, { title: "Heater Igniter", priceCents: 3_400, available: STOCK });
  await database.close();

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_PRODUCTS: "0",
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  while (!output.includes("is ready on")) {
    if (server.exitCode !== null || Date.now() - started > 120_000)
      throw new Error(`the store did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 300_000);

afterAll(() => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sample {
  startedAt: number;
  endedAt: number;
  status: number | null;
  what: string;
  error?: string;
}

describe("SIGTERM under load", () => {
  test("stops accepting, finishes in-flight requests within 10 s, exits 0, leaves no half-written order", async () => {
    const proc = server as ChildProcess;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      proc.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    const samples: Sample[] = [];
    let running = true;
    const timed = async (what: string, run: () => Promise<number>) => {
      const startedAt = Date.now();
      try {
        const status = await run();
        samples.push({ startedAt, endedAt: Date.now(), status, what });
        return status;
      } catch (error) {
        samples.push({
          startedAt,
          endedAt: Date.now(),
          status: null,
          what,
          error: String((error as Error).cause ?? error),
        });
        return null;
      }
    };
    const worker = async (n: number) => {
      while (running) {
        if (n % 2 === 0) {
          const shopper = new Shopper(baseUrl);
          const added = await timed("add to cart", async () => {
            const answer = await shopper.call("POST", "/api/checkouts/lineItems", {
              body: { inventoryLevelId: part.levelId, quantity: 1 },
            });
            return answer.status;
          });
          if (added !== 200) continue;
          const cart = await shopper.call<{ checkout: { id: string } }>("GET", "/api/checkouts").catch(() => null);
          if (!cart?.body?.checkout?.id) continue;
          await timed("place order", async () => {
            const answer = await shopper.call("POST", `/api/checkouts/${cart.body.checkout.id}/complete`, {
              body: { email: `stop${n}@example.com`, shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
            });
            return answer.status;
          });
        } else {
          await timed("page", async () => {
            const response = await fetch(`${baseUrl}/products/${part.handle}`);
            await response.arrayBuffer();
            return response.status;
          });
        }
        // Once it is gone, stop knocking.
        if (proc.exitCode !== null) return;
      }
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));
    // And a client that never finishes its request (a stalled upload): it must not keep the store up.
    const { port } = new URL(baseUrl);
    const stalled = connect({ host: "127.0.0.1", port: Number(port) });
    stalled.on("error", () => {});
    stalled.write(
      "POST /api/checkouts/lineItems HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const signalledAt = Date.now();
    proc.kill("SIGTERM");
    const { code, at } = await exited;
    running = false;
    await workers;
    stalled.destroy();

    const stopMs = at - signalledAt;
    console.log(`shutdown: exit ${code} after ${stopMs} ms; ${samples.length} requests`);
    expect(code, output).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    // Everything that was in flight when the signal came was answered, and not with an error.
    const inFlight = samples.filter((sample) => sample.startedAt < signalledAt && sample.endedAt >= signalledAt);
    // (503 is the answer to a request that reached the store after the signal, on a kept-alive
    // connection: only one sent well before it must have been served.)
    const failed = samples
      .filter((sample) => sample.startedAt < signalledAt)
      .filter(
        (sample) =>
          sample.status === null ||
          (sample.status >= 500 && (sample.status !== 503 || sample.startedAt < signalledAt - 300)),
      );
    expect(failed.map((sample) => `${sample.what}: ${sample.status ?? sample.error}`)).toEqual([]);
    console.log(`shutdown: ${inFlight.length} requests were in flight at SIGTERM`);
    // After the signal nothing new is served: refused connections or 503 only.
    const late = samples.filter((sample) => sample.startedAt > signalledAt + 50);
    for (const sample of late) expect([null, 503]).toContain(sample.status);

    // The database: every order whole, no checkout closed without its order.
    const database = await openDatabase({ dataDir });
    try {
      const db = database.db;
      const placed = await db.select({ id: orders.id, checkoutId: orders.checkoutId }).from(orders);
      expect(placed.length).toBe(samples.filter((s) => s.what === "place order" && s.status === 200).length);
      const captured = await db
        .select({ orderId: transactions.orderId })
        .from(transactions)
        .where(and(eq(transactions.kind, "capture"), eq(transactions.status, "SUCCESS")));
      expect(new Set(captured.map((row) => row.orderId))).toEqual(new Set(placed.map((order) => order.id)));
      const completed = await db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.status, "completed"));
      expect(new Set(completed.map((row) => row.id))).toEqual(new Set(placed.map((order) => order.checkoutId)));
      const [taken] = placed.length
        ? await db
            .select({ quantity: sum(orderLineItems.quantity) })
            .from(orderLineItems)
            .where(
              inArray(
                orderLineItems.orderId,
                placed.map((order) => order.id),
              ),
            )
        : [{ quantity: "0" }];
      expect(await stockOf(db, part.levelId)).toBe(STOCK - Number(taken.quantity ?? 0));
    } finally {
      await database.close();
    }
  }, 120_000);
});
