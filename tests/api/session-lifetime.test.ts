// Personal answers are never cached, sessions have an absolute end, and on https the session cookie
// carries the __Host- prefix.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sessions } from "../../db/schema/system.ts";
import {
  createProduct,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
  signedInCustomer,
} from "../../fixtures/checkout-fixtures.ts";
import { hashSessionToken, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from "../../services/session/session-store.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

const DAY = 24 * 60 * 60 * 1000;

let store: TestStore;
let part: ProductFixture;
beforeAll(async () => {
  store = await startTestStore({ products: 0, pages: true });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Skimmer Basket", priceCents: 1_999, available: 100 });
});
afterAll(() => store?.close());

const db = () => store.database.db;

async function customerWithCart() {
  const customer = await signedInCustomer(db());
  const shopper = new Shopper(store.baseUrl, customer.cookie);
  const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
    body: { inventoryLevelId: part.levelId, quantity: 1 },
  });
  expect(added.status).toBe(200);
  return { ...customer, shopper, checkoutId: added.body.checkout.id };
}

describe("personal answers carry Cache-Control: no-store", () => {
  test("user, customer, orders, wallet, transactions and cart JSON", async () => {
    const { shopper, userId } = await customerWithCart();
    for (const path of [
      "/api/user",
      "/api/customer",
      "/api/orders",
      `/api/user/${userId}/paymentMethods`,
      `/api/user/${userId}/transactions`,
      "/api/checkouts",
    ]) {
      const answer = await shopper.call("GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  test("account pages, the cart and the checkout", async () => {
    const { cookie, checkoutId } = await customerWithCart();
    for (const path of [
      "/myaccount.asp",
      "/orders.asp",
      "/address.asp",
      "/wallet",
      "/shoppingcart.asp",
      `/checkout/${checkoutId}`,
    ]) {
      const response = await store.get(path, { headers: { cookie }, redirect: "manual" });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  test("answers that do not depend on the visitor stay cacheable", async () => {
    const response = await store.get("/api/countries");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

describe("session lifetime", () => {
  test(`a session ends ${SESSION_MAX_AGE_MS / DAY} days after it began, however often it is used`, async () => {
    const { shopper, cookie } = await customerWithCart();
    const id = hashSessionToken(cookie.split("=")[1]);
    // Used every day: the sliding end is always ahead, but the session began 91 days ago.
    await db()
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 91 * DAY),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + 29 * DAY),
      })
      .where(eq(sessions.id, id));
    const answer = await shopper.call<{ user: { id?: number } }>("GET", "/api/user");
    expect(answer.body.user.id).toBeUndefined();
    expect(answer.headers.get("set-cookie")).toMatch(/^store_sid=;/);
  });

  test("sliding never moves the end past the absolute one, and the cookie's lifetime follows", async () => {
    const { shopper, cookie } = await customerWithCart();
    const id = hashSessionToken(cookie.split("=")[1]);
    const createdAt = new Date(Date.now() - 80 * DAY);
    await db()
      .update(sessions)
      .set({ createdAt, lastSeenAt: new Date(Date.now() - DAY), expiresAt: new Date(Date.now() + 29 * DAY) })
      .where(eq(sessions.id, id));
    const answer = await shopper.call("GET", "/api/user");
    expect(answer.status).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(row.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_MAX_AGE_MS);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(answer.headers.get("set-cookie") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(9 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(10 * 24 * 3600);
  });

  test(`a fresh session slides for ${SESSION_TTL_MS / DAY} days`, async () => {
    const visitor = await new Shopper(store.baseUrl).start();
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashSessionToken((visitor.cookie as string).split("=")[1])));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(SESSION_TTL_MS + 60_000);
  });

  test("sessions keep no CSRF secret (Origin checks and SameSite cookies guard writes)", async () => {
    const found = await db().execute(
      sql`select column_name from information_schema.columns where table_name = 'sessions' and column_name = 'csrf_secret'`,
    );
    expect((found as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe("the readable session hint (store_visitor)", () => {
  const cookiesOf = (headers: Headers) =>
    Object.fromEntries(headers.getSetCookie().map((cookie) => [cookie.split("=")[0], cookie]));

  test("set with the session, readable by scripts, same lifetime; cleared with it", async () => {
    const added = await store.get("/api/checkouts/lineItems", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ inventoryLevelId: part.levelId, quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const set = cookiesOf(added.headers);
    expect(set.store_sid).toMatch(/HttpOnly/i);
    expect(set.store_visitor).toMatch(/^store_visitor=1;/);
    expect(set.store_visitor).not.toMatch(/HttpOnly/i);
    expect(set.store_visitor).toMatch(/SameSite=Lax/i);
    const maxAge = (cookie: string) => Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    expect(Math.abs(maxAge(set.store_visitor) - maxAge(set.store_sid))).toBeLessThanOrEqual(1);

    // A browser that lost the hint (or whose session began before it) gets it back on its next call.
    const session = set.store_sid.split(";")[0];
    const summary = await store.get("/api/session/summary", { headers: { cookie: session } });
    expect(await summary.json()).toEqual({ cartCount: 1, signedIn: false });
    expect(cookiesOf(summary.headers).store_visitor).toMatch(/^store_visitor=1;/);
    // With the hint already there, nothing is sent again.
    const again = await store.get("/api/session/summary", { headers: { cookie: `${session}; store_visitor=1` } });
    await again.arrayBuffer();
    expect(again.headers.getSetCookie()).toEqual([]);

    // A session that has ended takes its hint with it.
    await db()
      .delete(sessions)
      .where(eq(sessions.id, hashSessionToken(session.split("=")[1])));
    const ended = await store.get("/api/session/summary", { headers: { cookie: `${session}; store_visitor=1` } });
    expect(await ended.json()).toEqual({ cartCount: 0, signedIn: false });
    expect(cookiesOf(ended.headers).store_sid).toMatch(/^store_sid=;/);
    expect(cookiesOf(ended.headers).store_visitor).toMatch(/^store_visitor=;/);
  });

  test("a visitor without a session gets neither cookie from a page or the summary", async () => {
    const home = await store.get("/");
    await home.arrayBuffer();
    expect(home.headers.getSetCookie()).toEqual([]);
    const summary = await store.get("/api/session/summary");
    await summary.arrayBuffer();
    expect(summary.headers.getSetCookie()).toEqual([]);
  });
});

describe("on https", () => {
  let secure: TestStore;
  beforeAll(async () => {
    secure = await startTestStore({ database: store.database, publicUrl: "https://shop.example" });
  });
  afterAll(() => secure?.close());

  test("the session cookie is __Host-store_sid: Secure, Path=/, no Domain", async () => {
    const response = await secure.get("/api/checkouts/lineItems", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ inventoryLevelId: part.levelId, quantity: 1 }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-store_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = cookie.split(";")[0].split("=")[1];
    const cart = await secure.json<{ checkout: { LineItems: unknown[] } }>("/api/checkouts", {
      headers: { cookie: `__Host-store_sid=${token}` },
    });
    expect(cart.body.checkout.LineItems).toHaveLength(1);
  });

  test("a session from before the move to https carries on under the prefixed cookie", async () => {
    const { cookie } = await customerWithCart();
    const response = await secure.get("/api/user", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^__Host-store_sid=/);
  });
});
