// The live connection (/customer over socket.io) and GET /api/visits/live (behind ADMIN_TOKEN), on the
// store's own HTTP server as server/app.ts wires it; the Redis adapter with two instances sharing one Redis (on their own
// channel prefix, so other stores on this Redis do not count).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { customers, users } from "../../db/schema/customers.ts";
import { visits } from "../../db/schema/system.ts";
import { buildApp } from "../../server/app.ts";
import { registerLiveVisits } from "../../server/plugins/live-visits.ts";
import { SESSION_COOKIE } from "../../server/plugins/session.ts";
import { loadStoreConfig, type ServerConfig } from "../../services/config.ts";
import { createMailDelivery } from "../../services/email/mailer.ts";
import { createSession } from "../../services/session/session-store.ts";
import { createStoreServices } from "../../services/store-services.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ADMIN_TOKEN = randomBytes(24).toString("hex");

interface Instance {
  app: FastifyInstance;
  baseUrl: string;
  close(): Promise<void>;
}

/** The store as server/app.ts builds it (live visits included). */
async function startInstance(
  database: DatabaseHandle,
  adminToken: string | null = ADMIN_TOKEN,
  trustProxy?: number,
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), "store-visits-"));
  const config: ServerConfig = {
    env: {
      NODE_ENV: "test",
      PORT: 0,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      STORE_CONFIG: "./config/store.json",
      SEED_PRODUCTS: 0,
      ADMIN_TOKEN: adminToken ?? undefined,
      TRUST_PROXY: trustProxy,
    },
    dataDir,
    publicUrl: "http://127.0.0.1",
    sessionSecret: randomBytes(32).toString("hex"),
    store: loadStoreConfig("./config/store.json"),
  };
  const mail = createMailDelivery({ db: database.db, from: "store@example.com", outboxDir: join(dataDir, "outbox") });
  const app = await buildApp({
    services: createStoreServices({ config, database, mailer: mail }),
    frontend: { mode: "none" },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      mail.stop();
    },
  };
}

/** Just the plugin on a bare server, with the Redis adapter. */
async function startRedisInstance(database: DatabaseHandle, redis: { url: string; key: string }): Promise<Instance> {
  const app = Fastify();
  await registerLiveVisits(app, {
    db: database.db,
    redisUrl: redis.url,
    redisKey: redis.key,
    adminToken: ADMIN_TOKEN,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

const sockets: Socket[] = [];
function openSocket(baseUrl: string, headers: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(`${baseUrl}/customer`, {
    transports: ["websocket"],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

async function live(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/visits/live`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { liveVisitors: number; paths: { path: string; visitors: number }[] };
}

let database: DatabaseHandle;
let store: Instance;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await migrateDatabase(database);
  store = await startInstance(database);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await store?.close();
  await database?.close();
});

const rowsOf = (socketId: string) =>
  database.db.select().from(visits).where(eq(visits.socketId, socketId)).orderBy(asc(visits.id));

describe("the /customer live connection", () => {
  test("each path change stores a visit and ends the previous one; leave ends the last", async () => {
    const socket = await openSocket(store.baseUrl, { "user-agent": "visits-test" });
    const id = socket.id as string;
    socket.emit("visit", { path: "/" });
    await expect.poll(async () => (await rowsOf(id)).length).toBe(1);
    socket.emit("visit", { path: "/brands/Hayward?token=secret" });
    await expect.poll(async () => (await rowsOf(id)).length).toBe(2);
    let rows = await rowsOf(id);
    expect(rows[0]).toMatchObject({ path: "/", userAgent: "visits-test", latitude: null, customerId: null });
    expect(rows[0].endedAt).not.toBeNull();
    // The query is never stored (it may hold a password-reset token).
    expect(rows[1]).toMatchObject({ path: "/brands/Hayward", endedAt: null });

    socket.emit("leave");
    await expect.poll(async () => (await rowsOf(id))[1].endedAt !== null).toBe(true);
    rows = await rowsOf(id);
    expect(rows.every((row) => row.endedAt !== null)).toBe(true);
    socket.disconnect();
  });

  test("coordinates are stored only as a pair; bad payloads are ignored", async () => {
    const socket = await openSocket(store.baseUrl);
    const id = socket.id as string;
    socket.emit("visit", { path: "https://evil.example/phish" });
    socket.emit("visit", { path: `/${"x".repeat(600)}` });
    socket.emit("visit", "not an object");
    socket.emit("visit", { path: "/blog", latitude: 33.64 });
    await expect.poll(async () => (await rowsOf(id)).length).toBe(1);
    socket.emit("visit", { path: "/help.asp", latitude: 33.64, longitude: -117.92 });
    await expect.poll(async () => (await rowsOf(id)).length).toBe(2);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.path)).toEqual(["/blog", "/help.asp"]);
    expect(rows[0]).toMatchObject({ latitude: null, longitude: null });
    expect(rows[1]).toMatchObject({ latitude: 33.64, longitude: -117.92 });
    socket.disconnect();
    await expect.poll(async () => (await rowsOf(id))[1].endedAt !== null).toBe(true);
  });

  test("a signed-in visitor's visits carry their customer and session", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `visitor-${Date.now()}@example.com`, passwordHash: "x" })
      .returning({ id: users.id });
    const [customer] = await database.db
      .insert(customers)
      .values({ userId: user.id, email: "visitor@example.com" })
      .returning({ id: customers.id });
    const { token, session } = await createSession(database.db, { userId: user.id });
    const socket = await openSocket(store.baseUrl, { cookie: `other=1; ${SESSION_COOKIE}=${token}` });
    socket.emit("visit", { path: "/myaccount.asp" });
    await expect.poll(async () => (await rowsOf(socket.id as string)).length).toBe(1);
    const [row] = await rowsOf(socket.id as string);
    expect(row).toMatchObject({ customerId: customer.id, sessionId: session.id });
    socket.disconnect();
  });

  test("GET /api/visits/live counts the connected visitors by path", async () => {
    const before = await live(store.baseUrl);
    const a = await openSocket(store.baseUrl);
    const b = await openSocket(store.baseUrl);
    const c = await openSocket(store.baseUrl);
    a.emit("visit", { path: "/live-test-a" });
    b.emit("visit", { path: "/live-test-a" });
    c.emit("visit", { path: "/live-test-b" });
    await expect.poll(async () => (await live(store.baseUrl)).liveVisitors).toBe(before.liveVisitors + 3);
    await expect
      .poll(async () => (await live(store.baseUrl)).paths.filter((p) => p.path.startsWith("/live-test-")))
      .toEqual([
        { path: "/live-test-a", visitors: 2 },
        { path: "/live-test-b", visitors: 1 },
      ]);
    a.disconnect();
    await expect.poll(async () => (await live(store.baseUrl)).liveVisitors).toBe(before.liveVisitors + 2);
    b.disconnect();
    c.disconnect();
  });

  test("GET /api/visits/live needs the admin token, and its paths carry no identifiers", async () => {
    const url = `${store.baseUrl}/api/visits/live`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await anonymous.json()).toEqual({ error: expect.any(String) });
    for (const authorization of [
      `Bearer ${ADMIN_TOKEN}x`,
      `Bearer ${ADMIN_TOKEN.slice(1)}`,
      `Basic ${ADMIN_TOKEN}`,
      "Bearer",
    ]) {
      expect((await fetch(url, { headers: { authorization } })).status, authorization).toBe(401);
    }

    const a = await openSocket(store.baseUrl);
    const b = await openSocket(store.baseUrl);
    a.emit("visit", { path: "/account/orders/4321" });
    b.emit("visit", { path: "/checkout/9b2e4c1a-7d3f-4e5a-8b6c-1f2a3b4c5d6e" });
    await expect
      .poll(async () => (await live(store.baseUrl)).paths.filter((p) => /orders|checkout/.test(p.path)))
      .toEqual([
        { path: "/account/orders/:orderId", visitors: 1 },
        { path: "/checkout/:checkoutId", visitors: 1 },
      ]);
    const text = JSON.stringify(await live(store.baseUrl));
    expect(text).not.toContain("4321");
    expect(text).not.toContain("9b2e4c1a");
    a.disconnect();
    b.disconnect();
  });

  test("without ADMIN_TOKEN the live report does not exist", async () => {
    const plain = await startInstance(database, null);
    try {
      const response = await fetch(`${plain.baseUrl}/api/visits/live`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  test("a page of another site cannot open the connection", async () => {
    await expect(openSocket(store.baseUrl, { origin: "https://evil.example" })).rejects.toThrow();
    const socket = await openSocket(store.baseUrl, { origin: store.baseUrl });
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});

describe("the visitor's address", () => {
  test("X-Forwarded-For is ignored without TRUST_PROXY, as it is for every other request", async () => {
    const socket = await openSocket(store.baseUrl, { "x-forwarded-for": "203.0.113.9" });
    socket.emit("visit", { path: "/" });
    await expect.poll(async () => (await rowsOf(socket.id as string)).length).toBe(1);
    const [row] = await rowsOf(socket.id as string);
    expect(row.ipAddress).toMatch(/127\.0\.0\.1$/);
    socket.disconnect();
  });

  test("with TRUST_PROXY=1 the entry the proxy appended is the address, not one the client wrote", async () => {
    const proxied = await startInstance(database, ADMIN_TOKEN, 1);
    try {
      const socket = await openSocket(proxied.baseUrl, { "x-forwarded-for": "198.51.100.7, 203.0.113.9" });
      socket.emit("visit", { path: "/" });
      await expect.poll(async () => (await rowsOf(socket.id as string)).length).toBe(1);
      const [row] = await rowsOf(socket.id as string);
      expect(row.ipAddress).toBe("203.0.113.9");
      socket.disconnect();
    } finally {
      await proxied.close();
    }
  });
});

describe("with REDIS_URL: the Redis adapter", () => {
  test("two instances sharing one Redis report each other's visitors", async () => {
    const key = `visits-test-${randomBytes(4).toString("hex")}`;
    const first = await startRedisInstance(database, { url: REDIS_URL, key });
    const second = await startRedisInstance(database, { url: REDIS_URL, key });
    try {
      const a = await openSocket(first.baseUrl);
      const b = await openSocket(second.baseUrl);
      a.emit("visit", { path: "/on-first" });
      b.emit("visit", { path: "/on-second" });
      const expected = {
        liveVisitors: 2,
        paths: [
          { path: "/on-first", visitors: 1 },
          { path: "/on-second", visitors: 1 },
        ],
      };
      await expect.poll(() => live(first.baseUrl)).toEqual(expected);
      await expect.poll(() => live(second.baseUrl)).toEqual(expected);
      b.disconnect();
      await expect.poll(async () => (await live(first.baseUrl)).liveVisitors).toBe(1);
      a.disconnect();
    } finally {
      await first.close();
      await second.close();
    }
  });

  test("an unreachable Redis fails start-up with a clear message", async () => {
    const app = Fastify();
    await expect(
      registerLiveVisits(app, { db: database.db, redisUrl: "redis://127.0.0.1:1", redisConnectTimeoutMs: 500 }),
    ).rejects.toThrow(/Cannot connect to Redis/);
    await app.close();
  });
});
