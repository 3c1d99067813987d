// Credential security: session fixation, cross-site writes, throttling, one-time expiring links, and
// answers that do not reveal whether an address has an account.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authTokens, users } from "../../db/schema/customers.ts";
import { rateLimits } from "../../db/schema/system.ts";
import { SESSION_COOKIE } from "../../server/plugins/session.ts";
import { hashToken } from "../../services/account/auth-tokens.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { SIGN_IN_LIMITS } from "../../services/account/rate-limit-rules.ts";
import { createSession } from "../../services/session/session-store.ts";
import {
  botToken,
  Client,
  GOOD_PASSWORD,
  latestMail,
  linkToken,
  newCustomer,
  register,
  signIn,
  uniqueEmail,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
});
afterAll(() => store?.close());

describe("session fixation", () => {
  test("the session id changes at sign-in; the planted id is worthless afterwards; the cart survives", async () => {
    const { email } = await newCustomer(store, "fixation");
    const planted = await createSession(store.database.db, { data: { remembered: "yes" } });
    const victim = new Client(store);
    victim.cookie = `${SESSION_COOKIE}=${planted.token}`;
    const signedIn = await signIn(store, email, GOOD_PASSWORD, victim);
    expect(signedIn.status).toBe(200);
    expect(victim.cookie).not.toBe(`${SESSION_COOKIE}=${planted.token}`);
    const attacker = await store.json("/api/user", { headers: { cookie: `${SESSION_COOKIE}=${planted.token}` } });
    expect(attacker.body).toEqual({ user: {} });
    expect((await victim.get<{ user: { email?: string } }>("/api/user")).body.user.email).toBe(email);
  });
});

describe("cross-site request forgery", () => {
  test("a cross-site form post with the victim's cookie is refused and changes nothing", async () => {
    const victim = await newCustomer(store, "csrf");
    const [before] = await store.database.db.select().from(users).where(eq(users.id, victim.userId));
    const forged = await store.get("/api/auth/change-password", {
      method: "POST",
      headers: {
        cookie: victim.client.cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "currentPassword=x&newPassword=attacker-chosen-1",
    });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toMatch(/came from another site/);
    const viaFetchMetadata = await store.get(`/api/user/${victim.userId}/paymentMethods/1`, {
      method: "DELETE",
      headers: { cookie: victim.client.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(viaFetchMetadata.status).toBe(403);
    const [after] = await store.database.db.select().from(users).where(eq(users.id, victim.userId));
    expect(after.passwordHash).toBe(before.passwordHash);
  });

  test("sign-in and newsletter posts from another site are refused even without a cookie", async () => {
    const { email } = await newCustomer(store, "login-csrf");
    const login = await store.get("/api/auth/login", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email, password: GOOD_PASSWORD, token: await botToken(store, "login") }),
    });
    expect(login.status).toBe(403);
    expect(login.headers.get("set-cookie")).toBeNull();
    const newsletter = await store.get(`/api/newsletterSubscriptions/subscribe?email=${uniqueEmail("x")}`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ token: await botToken(store, "newsletter") }),
    });
    expect(newsletter.status).toBe(403);
  });
});

describe("throttled sign-in", () => {
  test(`attempt ${SIGN_IN_LIMITS.perAccountAndIp + 1} in a window gets 429, even with the right password; the window ends`, async () => {
    const { email } = await newCustomer(store, "throttle");
    const client = new Client(store);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndIp; i++) {
      expect((await signIn(store, email, "wrong-password-guess", client)).status).toBe(401);
    }
    const blocked = await signIn(store, email, GOOD_PASSWORD, client);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(
      /^Too many sign-in attempts\. Please wait (\d+ minutes|a minute|\d+ seconds) and try again\.$/,
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.headers.get("set-cookie")).toBeNull();

    // Another account from the same address is not blocked by this one's counter.
    const other = await newCustomer(store, "throttle-other");
    expect((await signIn(store, other.email)).status).toBe(200);

    // Lockout-free: once the window is over, the right password works again.
    await store.database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await signIn(store, email)).status).toBe(200);
  });

  test("password reset requests are throttled per address", async () => {
    const { email } = await newCustomer(store, "reset-throttle");
    const client = new Client(store);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.call("POST", "/api/auth/recover", { email, token: await botToken(store, "recover") })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("one-time, expiring links", () => {
  test("a reset link works once", async () => {
    const { email } = await newCustomer(store, "reset-once");
    const client = new Client(store);
    await client.call("POST", "/api/auth/recover", { email, token: await botToken(store, "recover") });
    const resetToken = linkToken((await latestMail(store, email, "reset_password")).textBody);
    const reset = (password: string) =>
      botToken(store, "reset_password").then((token) =>
        client.call("POST", "/api/auth/reset-password", { resetToken, password, token }),
      );
    expect((await reset("first-new-phrase-81")).status).toBe(200);
    const second = await reset("second-new-phrase-82");
    expect(second.status).toBe(400);
    expect(second.body.error).toMatch(/expired or was already used/);
    expect((await signIn(store, email, "first-new-phrase-81")).status).toBe(200);
  });

  test("an expired reset link is refused", async () => {
    const { email } = await newCustomer(store, "reset-expired");
    const client = new Client(store);
    await client.call("POST", "/api/auth/recover", { email, token: await botToken(store, "recover") });
    const resetToken = linkToken((await latestMail(store, email, "reset_password")).textBody);
    await store.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(resetToken)));
    const answer = await client.call("POST", "/api/auth/reset-password", {
      resetToken,
      password: "first-new-phrase-81",
      token: await botToken(store, "reset_password"),
    });
    expect(answer.status).toBe(400);
    expect((await signIn(store, email, "first-new-phrase-81")).status).toBe(401);
  });

  test("a verification link works once and not after it expires", async () => {
    const once = uniqueEmail("verify-once");
    await register(store, once);
    const token = linkToken((await latestMail(store, once, "verify_email")).textBody);
    const client = new Client(store);
    expect((await client.call("POST", "/api/auth/verify-email", { verificationToken: token })).status).toBe(200);
    expect((await client.call("POST", "/api/auth/verify-email", { verificationToken: token })).status).toBe(400);

    const late = uniqueEmail("verify-late");
    await register(store, late);
    const lateToken = linkToken((await latestMail(store, late, "verify_email")).textBody);
    await store.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(lateToken)));
    expect((await client.call("POST", "/api/auth/verify-email", { verificationToken: lateToken })).status).toBe(400);
    expect((await signIn(store, late)).status).toBe(403);
  });

  test("tokens are stored only as hashes", async () => {
    const email = uniqueEmail("hashed");
    await register(store, email);
    const token = linkToken((await latestMail(store, email, "verify_email")).textBody);
    const rows = await store.database.db.select().from(authTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe("no user enumeration", () => {
  test("register answers the same for a new and an existing address", async () => {
    const { email } = await newCustomer(store, "exists");
    const fresh = uniqueEmail("fresh");
    const existing = await register(store, email, "another-strong-phrase-3");
    const brandNew = await register(store, fresh, "another-strong-phrase-3");
    expect(existing.status).toBe(brandNew.status);
    expect(JSON.stringify(existing.body).replace(email, "ADDRESS")).toBe(
      JSON.stringify(brandNew.body).replace(fresh, "ADDRESS"),
    );
    // The owner is told by mail instead; the existing password is untouched.
    expect((await latestMail(store, email, "account_exists")).textBody).toMatch(/already has one/);
    expect((await signIn(store, email)).status).toBe(200);
  });

  test("password reset answers the same for a known and an unknown address", async () => {
    const { email } = await newCustomer(store, "reset-known");
    const unknown = uniqueEmail("reset-unknown");
    const client = new Client(store);
    const known = await client.call("POST", "/api/auth/recover", { email, token: await botToken(store, "recover") });
    const ghost = await client.call("POST", "/api/auth/recover", {
      email: unknown,
      token: await botToken(store, "recover"),
    });
    expect(known.status).toBe(ghost.status);
    expect(JSON.stringify(known.body).replace(email, "ADDRESS")).toBe(
      JSON.stringify(ghost.body).replace(unknown, "ADDRESS"),
    );
  });
});
