// Two store processes on one PostgreSQL server and one Redis, behind HAProxy (Debian's package), as
// the README's "Deploying" section runs them. Needs PostgreSQL on 127.0.0.1:5432, Redis on
// 127.0.0.1:6379 and `haproxy` on the PATH; skipped (with a message) without them. `npm run test:multi`.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import {
  collectionFeaturedProducts,
  collectionProducts,
  collections,
  products,
  variants,
} from "../../db/schema/catalog.ts";
import {
  APPROVED_CARD,
  CODES,
  createProduct,
  installCommerceFixtures,
  MAINLAND_ADDRESS,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { createChangeFeed } from "../../services/changes/change-feed-from-config.ts";
import type { StoreChangeFeed } from "../../services/changes/store-changes.ts";
import { answersOn } from "../api/support/tcp-proxy.ts";
import { ensureStorefrontBuild } from "../api/support/test-store.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../api/support/throwaway-database.ts";

const SERVER = "postgres://postgres@127.0.0.1:5432";
const REDIS_URL = "redis://127.0.0.1:6379";
const haproxyFound = spawnSync("haproxy", ["-v"]).status === 0;
const [postgresUp, redisUp] = await Promise.all([answersOn("127.0.0.1", 5432), answersOn("127.0.0.1", 6379)]);
const available = haproxyFound && postgresUp && redisUp;
if (!available) {
  console.log(
    `multi-instance: skipped (haproxy ${haproxyFound ? "found" : "missing"}, PostgreSQL ${postgresUp ? "up" : "down"}, Redis ${redisUp ? "up" : "down"})`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

async function answers(url: string): Promise<number | null> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  output: string[];
}

let own: ThrowawayDatabase;
const sessionSecret = randomBytes(32).toString("hex");
const received: string[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let proxyPort: number;
let haproxy: ChildProcess | undefined;
let database: DatabaseHandle;
let feed: StoreChangeFeed;
let part: ProductFixture;
let collectionId: number;
const instances: Instance[] = [];

function startInstance(instanceName: string, port: number): Instance {
  const output: string[] = [];
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: own.url,
      REDIS_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), `store-${instanceName}-`)),
      SESSION_SECRET: sessionSecret,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: "1",
      DEMO: "0",
      LOG_LEVEL: "warn",
      PAYMENT_PROVIDER: "test",
      SHUTDOWN_DRAIN_MS: "2500",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return { name: instanceName, port, process: child, output };
}

async function waitReady(instance: Instance): Promise<void> {
  await until(
    async () => (await answers(`http://127.0.0.1:${instance.port}/api/health/ready`)) === 200,
    60_000,
    `${instance.name} to be ready (${instance.output.join("").slice(-800)})`,
  );
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once("exit", resolve));
  instance.process.kill("SIGTERM");
  await exited;
}

beforeAll(async () => {
  if (!available) return;
  await ensureStorefrontBuild();
  own = await createThrowawayDatabase(`${SERVER}/postgres`, "store_multi");
  database = await openDatabase({ url: own.url, poolSize: 2 });
  await migrateDatabase(database);
  await installCommerceFixtures(database.db);
  part = await createProduct(database.db, { title: "Variable Speed Pump", priceCents: 45_000, available: 10_000 });
  const [collection] = await database.db
    .insert(collections)
    .values({ handle: "pumps", title: "Pumps", productCount: 1 })
    .returning({ id: collections.id });
  collectionId = collection.id;
  await database.db.insert(collectionProducts).values({ collectionId, productId: part.productId });
  await database.db.insert(collectionFeaturedProducts).values({ collectionId, productId: part.productId, position: 1 });
  // The test's own publisher on the shared channel (as the back office on any instance would publish).
  feed = createChangeFeed({ database, redisUrl: REDIS_URL });

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) received.push(to.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;

  proxyPort = await freePort();
  const ports = [await freePort(), await freePort()];
  instances.push(startInstance("a", ports[0]), startInstance("b", ports[1]));
  await Promise.all(instances.map(waitReady));

  const config = join(mkdtempSync(join(tmpdir(), "haproxy-")), "haproxy.cfg");
  writeFileSync(
    config,
    [
      "global",
      "  maxconn 512",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  timeout check 3s",
      "  retries 3",
      "  option redispatch",
      "  retry-on conn-failure empty-response",
      "frontend store",
      `  bind 127.0.0.1:${proxyPort}`,
      "  option forwardfor",
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /api/health/ready",
      "  http-check expect status 200",
      "  http-response set-header X-Served-By %s",
      ...instances.map(
        (instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter 400 fall 2 rise 2`,
      ),
      "",
    ].join("\n"),
  );
  haproxy = spawn("haproxy", ["-f", config, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  await until(async () => (await answers(`http://127.0.0.1:${proxyPort}/api/health/live`)) === 200, 10_000, "HAProxy");
}, 240_000);

afterAll(async () => {
  if (!available) return;
  haproxy?.kill("SIGTERM");
  await Promise.all(instances.map(stopInstance));
  await feed?.close();
  await database?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await own?.drop();
}, 60_000);

const viaProxy = () => `http://127.0.0.1:${proxyPort}`;
const order = (email: string) => ({ email, shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD });

describe.skipIf(!available)("two store instances behind HAProxy", () => {
  test("a shopper's session, cart and checkout work whichever instance answers", async () => {
    const shopper = new Shopper(viaProxy());
    const servedBy = new Set<string>();
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
      key: randomUUID(),
    });
    expect(added.status).toBe(200);
    servedBy.add(added.headers.get("x-served-by") ?? "");
    for (let n = 0; n < 4; n++) {
      const cart = await shopper.call<{ checkout: { id: string; LineItems: Array<{ currentQuantity: number }> } }>(
        "GET",
        "/api/checkouts",
      );
      servedBy.add(cart.headers.get("x-served-by") ?? "");
      expect(cart.body.checkout.id).toBe(added.body.checkout.id);
      expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(1);
    }
    expect([...servedBy].sort()).toEqual(["a", "b"]);
    const placed = await shopper.call("POST", `/api/checkouts/${added.body.checkout.id}/complete`, {
      body: order("session@example.com"),
      key: randomUUID(),
    });
    expect(placed.status).toBe(200);
  });

  test("rate limits count the requests of both instances together", async () => {
    const shopper = new Shopper(viaProxy());
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    const statuses: number[] = [];
    const servedBy = new Set<string>();
    // Discount codes: 10 tries per session in 15 minutes, whichever instance counts them.
    for (let n = 0; n < 11; n++) {
      const answer = await shopper.call(
        "POST",
        `/api/checkouts/${added.body.checkout.id}/discountCodes?code=${n % 2 ? CODES.percent : "NO-SUCH-CODE"}`,
        { key: randomUUID() },
      );
      statuses.push(answer.status);
      servedBy.add(answer.headers.get("x-served-by") ?? "");
    }
    expect(servedBy.size).toBe(2);
    expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("each order's confirmation mail is sent exactly once", async () => {
    const emails = Array.from({ length: 6 }, (_, n) => `once${n}@example.com`);
    for (const email of emails) {
      const shopper = new Shopper(viaProxy());
      const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
        body: { inventoryLevelId: part.levelId, quantity: 1 },
      });
      const placed = await shopper.call("POST", `/api/checkouts/${added.body.checkout.id}/complete`, {
        body: order(email),
        key: randomUUID(),
      });
      expect(placed.status).toBe(200);
    }
    await until(() => emails.every((email) => received.includes(email)), 20_000, "the confirmation mails");
    // Both instances sweep the outbox every second: give a second sending a chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const email of emails)
      expect(
        received.filter((to) => to === email),
        email,
      ).toHaveLength(1);
  }, 40_000);

  test("a price changed through one instance shows on the other within 2 seconds", async () => {
    const maxPrice = async (instance: Instance) => {
      const response = await fetch(`http://127.0.0.1:${instance.port}/api/collections/${collectionId}`);
      const body = (await response.json()) as { productMaxPrice?: number; collection?: { productMaxPrice: number } };
      return body.collection?.productMaxPrice ?? body.productMaxPrice;
    };
    // The part's card among the collection's featured products: each instance keeps the cards it read.
    const cardPrice = async (instance: Instance) => {
      const response = await fetch(
        `http://127.0.0.1:${instance.port}/api/collections/${collectionId}/products/featured`,
      );
      const body = (await response.json()) as { products: { id: number; price: number }[] };
      return body.products.find((card) => card.id === part.productId)?.price;
    };
    // Both instances cache the collection's highest price for a minute, and the card.
    const before = await Promise.all(instances.map(maxPrice));
    expect(before).toEqual([450, 450]);
    expect(await Promise.all(instances.map(cardPrice))).toEqual([450, 450]);
    await database.db.update(variants).set({ priceCents: 52_000 }).where(eq(variants.productId, part.productId));
    await database.db
      .update(products)
      .set({ minPriceCents: 52_000, maxPriceCents: 52_000 })
      .where(eq(products.id, part.productId));
    const changedAt = Date.now();
    await feed.publish({ kind: "price", ids: [part.productId] });
    await until(
      async () => (await Promise.all(instances.map(maxPrice))).every((price) => price === 520),
      2_000,
      "the new price",
    );
    await until(
      async () => (await Promise.all(instances.map(cardPrice))).every((price) => price === 520),
      2_000,
      "the new price on the product's card",
    );
    expect(Date.now() - changedAt).toBeLessThan(2_000);
  });

  test("an instance restarted while traffic runs, drained through readiness, fails no request", async () => {
    const failures: string[] = [];
    let requests = 0;
    let running = true;
    const traffic = async (worker: number) => {
      const shopper = new Shopper(viaProxy());
      while (running) {
        requests++;
        try {
          const answer =
            requests % 3 === 0
              ? await shopper.call("POST", "/api/checkouts/lineItems", {
                  body: { inventoryLevelId: part.levelId, quantity: 1 },
                  key: randomUUID(),
                })
              : await shopper.call("GET", requests % 2 ? `/api/products/handle/${part.handle}` : "/api/checkouts");
          if (answer.status >= 400)
            failures.push(`${worker}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
        } catch (error) {
          failures.push(`${worker}: ${(error as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, worker) => traffic(worker));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const restarted = instances[0];
    await stopInstance(restarted);
    const replacement = startInstance(restarted.name, restarted.port);
    instances[0] = replacement;
    await waitReady(replacement);
    // HAProxy takes it back after two good checks; let traffic reach it again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    running = false;
    await Promise.all(workers);
    console.log(`multi-instance restart: ${requests} requests, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
  }, 90_000);
});
