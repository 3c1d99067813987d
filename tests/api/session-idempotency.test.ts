import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { users } from "../../db/schema/customers.ts";
import { registerErrorHandler } from "../../server/plugins/error-handler.ts";
import { registerIdempotency } from "../../server/plugins/idempotency.ts";
import { registerSession, SESSION_COOKIE } from "../../server/plugins/session.ts";
import { createThrowawayDatabase } from "./support/throwaway-database.ts";

// A small app with the store's session and idempotency plugins and a counter, over real HTTP and a
// real database, so the mechanisms are tested apart from any one endpoint.
let database: DatabaseHandle;
let app: FastifyInstance;
let baseUrl: string;
let counter = 0;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  database = url ? await openTestServerDatabase(url) : await openDatabase({ memory: true });
  await migrateDatabase(database);
  await database.db.insert(users).values({ id: 42, email: "pat@example.com", passwordHash: "not-a-real-hash" });
  app = Fastify({ logger: process.env.DEBUG_TESTS ? { level: "error" } : false });
  registerErrorHandler(app);
  await app.register(registerSession, { db: database.db, secure: false });
  await app.register(registerIdempotency, { db: database.db });
  app.post<{ Body: { amount?: number } }>("/count", async (request) => {
    await request.session.ensure();
    await new Promise((resolve) => setTimeout(resolve, 50));
    counter += request.body?.amount ?? 1;
    return { counter };
  });
  app.post("/fail", async () => {
    counter += 1;
    throw new Error("boom");
  });
  app.post("/sign-in", async (request) => {
    const before = (await request.session.get())?.id ?? null;
    const after = await request.session.rotate(42);
    return { before, after: after.id, data: after.data };
  });
  app.post("/remember", async (request) => {
    await request.session.update({ remembered: true });
    return { ok: true };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

async function openTestServerDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const own = await createThrowawayDatabase(serverUrl, "store_test_idem");
  const handle = await openDatabase({ url: own.url });
  const close = handle.close;
  handle.close = async () => {
    await close();
    await own.drop();
  };
  return handle;
}

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A visitor with a session cookie, as a browser would have after its first answer. */
async function visitorCookie(): Promise<string> {
  const answer = await post("/remember", {});
  return answer.headers.get("set-cookie")?.split(";")[0] ?? "";
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

describe("Idempotency-Key", () => {
  test("a replay returns the first answer and does the work once, also for a visitor's first request", async () => {
    const start = counter;
    const first = await post("/count", { amount: 2 }, { "idempotency-key": "key-replay-1" });
    const firstBody = await first.json();
    const cookie = first.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    const replay = await post("/count", { amount: 2 }, { "idempotency-key": "key-replay-1", cookie });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(firstBody);
    expect(counter).toBe(start + 2);
  });

  test("the same key with a different body is refused with 422", async () => {
    const cookie = await visitorCookie();
    await post("/count", { amount: 1 }, { "idempotency-key": "key-different", cookie });
    const other = await post("/count", { amount: 5 }, { "idempotency-key": "key-different", cookie });
    expect(other.status).toBe(422);
    expect((await other.json()).error).toMatch(/already used for a different request/);
  });

  test("parallel retries with one key do the work once; the others are told to wait or get the answer", async () => {
    const cookie = await visitorCookie();
    const start = counter;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post("/count", { amount: 1 }, { "idempotency-key": "key-parallel", cookie })),
    );
    expect(counter).toBe(start + 1);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.some((answer) => answer.status >= 500)).toBe(false);
  });

  test("a failed (5xx) attempt is not kept: the retry does the work", async () => {
    const cookie = await visitorCookie();
    const start = counter;
    const first = await post("/fail", {}, { "idempotency-key": "key-fail", cookie });
    expect(first.status).toBe(500);
    expect((await first.json()).error).toBe("Something went wrong on our side. Please try again.");
    const retry = await post("/fail", {}, { "idempotency-key": "key-fail", cookie });
    expect(retry.status).toBe(500);
    expect(counter).toBe(start + 2);
  });

  test("a malformed key is a 400", async () => {
    const answer = await post("/count", {}, { "idempotency-key": "x".repeat(300) });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatch(/Idempotency-Key header/);
  });
});

describe("sessions", () => {
  test("no cookie is set until a session is needed", async () => {
    const answer = await fetch(`${baseUrl}/nothing`);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  test("the session id changes at sign-in and the old cookie stops working; data is kept", async () => {
    const first = await post("/remember", {});
    const oldCookie = first.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(first.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const signIn = await post("/sign-in", {}, { cookie: oldCookie });
    const body = await signIn.json();
    expect(signIn.status, JSON.stringify(body)).toBe(200);
    expect(body.before).toBeTruthy();
    expect(body.after).not.toBe(body.before);
    expect(body.data).toEqual({ remembered: true });
    const newCookie = signIn.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(newCookie).not.toBe(oldCookie);
    // The pre-sign-in id is worthless now.
    const reuse = await post("/sign-in", {}, { cookie: oldCookie });
    expect((await reuse.json()).before).toBeNull();
  });

  test("a cross-site write carrying the session cookie is refused", async () => {
    const cookie = await visitorCookie();
    const forged = await post("/count", {}, { cookie, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toMatch(/came from another site/);
    const sameSite = await post("/count", {}, { cookie, origin: baseUrl });
    expect(sameSite.status).toBe(200);
  });
});
