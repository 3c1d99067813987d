// Back-office sign-in over HTTP: the staff cookie is its own (a customer's session is not staff, a
// staff session is not a customer), wrong credentials, the bot check, rate limits, disabled members,
// the 12-hour idle end, sign-out and the two-step code.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  beginTwoStepEnrolment,
  confirmTwoStepEnrolment,
  updateStaffMember,
} from "../../services/staff/staff-accounts.ts";
import { STAFF_IDLE_MS } from "../../services/staff/staff-sessions.ts";
import { totpCode } from "../../services/staff/two-step.ts";
import { systemClock } from "../../services/store-services.ts";
import { botToken, newCustomer } from "./support/account-helpers.ts";
import { CookieClient, createStaff, signInStaffAs } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0, trustProxy: 1 });
});
afterAll(() => store?.close());

let addressCounter = 0;
/** A client from its own address (X-Forwarded-For, TRUST_PROXY=1), so per-address limits start fresh. */
function fromNewAddress(): Record<string, string> {
  addressCounter += 1;
  return { "x-forwarded-for": `198.51.100.${addressCounter}` };
}

async function login(client: CookieClient, email: string, password: string, headers: Record<string, string> = {}) {
  return client.call<{ next?: string; staff?: { role: string }; error?: string }>(
    "POST",
    "/api/admin/auth/login",
    { email, password, token: await botToken(store, "login") },
    headers,
  );
}

describe("staff sign-in", () => {
  test("the right password signs in with a staff cookie of its own; /me answers who and what they may do", async () => {
    const staff = await createStaff(store, "manager", { name: "Morgan Manager" });
    const client = new CookieClient(store);
    const answer = await login(client, staff.email.toUpperCase(), staff.password, fromNewAddress());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ next: "done", staff: { role: "manager" } });
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith("staff_sid="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=(4319\d|43200)\b/);
    expect(client.cookies.has("store_sid")).toBe(false);

    const me = await client.get<{ staff: { name: string }; stage: string; permissions: string[] }>("/api/admin/me");
    expect(me.status).toBe(200);
    expect(me.body.staff.name).toBe("Morgan Manager");
    expect(me.body.stage).toBe("active");
    expect(me.body.permissions).toContain("catalog:write");
    expect(me.body.permissions).not.toContain("staff:manage");
    expect(me.headers.get("cache-control")).toMatch(/no-store/);

    // A staff session is not a shopper's: the account API does not know it.
    expect((await client.get("/api/user")).body).toEqual({ user: {} });
  });

  test("a customer's session is not a staff session", async () => {
    const customer = await newCustomer(store, "not-staff");
    const me = await customer.client.get<{ error: string }>("/api/admin/me");
    expect(me.status).toBe(401);
    expect(me.body.error).toMatch(/sign in to the back office/);
    // A customer's password does not open the back office either.
    const answer = await login(new CookieClient(store), customer.email, customer.password, fromNewAddress());
    expect(answer.status).toBe(401);
  });

  test("unknown address and wrong password get the same 401; a missing bot check is 400", async () => {
    const staff = await createStaff(store, "support");
    const headers = fromNewAddress();
    const wrong = await login(new CookieClient(store), staff.email, "not-the-password-1", headers);
    const unknown = await login(new CookieClient(store), "nobody@staff.example.com", staff.password, headers);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
    const noBot = await new CookieClient(store).call<{ error: string }>(
      "POST",
      "/api/admin/auth/login",
      { email: staff.email, password: staff.password },
      fromNewAddress(),
    );
    expect(noBot.status).toBe(400);
    expect(noBot.body.error).toMatch(/bot check/i);
    const badEmail = await new CookieClient(store).call("POST", "/api/admin/auth/login", { email: "x", password: "y" });
    expect(badEmail.status).toBe(400);
  });

  test("five tries per account and address, then 429 with Retry-After", async () => {
    const staff = await createStaff(store, "support");
    const headers = fromNewAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login(new CookieClient(store), staff.email, `wrong-password-${i}x`, headers)).status).toBe(401);
    }
    const limited = await login(new CookieClient(store), staff.email, staff.password, headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address still signs in with the right password.
    expect((await login(new CookieClient(store), staff.email, staff.password, fromNewAddress())).status).toBe(200);
  });

  test("a disabled member cannot sign in, and loses the sessions they had at once", async () => {
    const owner = await createStaff(store, "owner");
    const staff = await createStaff(store, "manager");
    const client = await signInStaffAs(store, staff, new CookieClient(store));
    expect((await client.get("/api/admin/me")).status).toBe(200);
    await updateStaffMember(store.database.db, staff.id, { disabled: true }, { staffId: owner.id });
    expect((await client.get("/api/admin/me")).status).toBe(401);
    const again = await login(new CookieClient(store), staff.email, staff.password, fromNewAddress());
    expect(again.status).toBe(403);
    expect(again.body.error).toMatch(/disabled/);
  });

  test("a session ends after 12 idle hours, and use keeps it alive", async () => {
    const staff = await createStaff(store, "support");
    const client = await signInStaffAs(store, staff, new CookieClient(store));
    const start = Date.now();
    try {
      // Used after 11 hours: still signed in, and the 12 hours start again.
      store.services.clock = { now: () => new Date(start + 11 * 3600_000) };
      expect((await client.get("/api/admin/me")).status).toBe(200);
      store.services.clock = { now: () => new Date(start + 22 * 3600_000) };
      expect((await client.get("/api/admin/me")).status).toBe(200);
      // Then 12 hours and a minute without use: gone.
      store.services.clock = { now: () => new Date(start + 22 * 3600_000 + STAFF_IDLE_MS + 60_000) };
      const ended = await client.get("/api/admin/me");
      expect(ended.status).toBe(401);
      expect(client.cookies.has("staff_sid")).toBe(false);
    } finally {
      store.services.clock = systemClock;
    }
  });

  test("sign-out ends the session", async () => {
    const staff = await createStaff(store, "support");
    const client = await signInStaffAs(store, staff, new CookieClient(store));
    const token = client.cookies.get("staff_sid");
    expect((await client.call("POST", "/api/admin/auth/logout")).status).toBe(200);
    expect(client.cookies.has("staff_sid")).toBe(false);
    const replay = await store.get("/api/admin/me", { headers: { cookie: `staff_sid=${token}` } });
    expect(replay.status).toBe(401);
  });

  test("a write from another site carrying the staff cookie is refused", async () => {
    const staff = await createStaff(store, "owner");
    const client = await signInStaffAs(store, staff, new CookieClient(store));
    const forged = await client.call("POST", "/api/admin/auth/logout", undefined, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await client.get("/api/admin/me")).status).toBe(200);
  });
});

describe("two-step sign-in", () => {
  test("with a code on, the password alone leads to the code step; each code works once", async () => {
    const staff = await createStaff(store, "manager");
    const db = store.database.db;
    const { secret } = await beginTwoStepEnrolment(db, staff.id);
    // Enrolled with the code of 30 seconds ago, so the code of now is still unused.
    const { recoveryCodes } = await confirmTwoStepEnrolment(
      db,
      staff.id,
      totpCode(secret, new Date(Date.now() - 30_000)),
      new Date(),
      { staffId: staff.id },
    );
    expect(recoveryCodes).toHaveLength(8);

    const client = new CookieClient(store);
    const first = await login(client, staff.email, staff.password, fromNewAddress());
    expect(first.status).toBe(200);
    expect(first.body.next).toBe("two-step");
    // Half signed in: no back-office route is open yet.
    expect((await client.get("/api/admin/me")).status).toBe(401);

    const wrong = await client.call<{ error: string }>("POST", "/api/admin/auth/two-step", { code: "000000" });
    expect(wrong.status).toBe(400);
    const code = totpCode(secret, new Date());
    const right = await client.call<{ next: string }>("POST", "/api/admin/auth/two-step", { code });
    expect(right.status).toBe(200);
    expect(right.body.next).toBe("done");
    expect((await client.get("/api/admin/me")).status).toBe(200);

    // The same code again (a second sign-in within its 30 seconds) is refused; a recovery code works once.
    const other = new CookieClient(store);
    expect((await login(other, staff.email, staff.password, fromNewAddress())).body.next).toBe("two-step");
    expect((await other.call("POST", "/api/admin/auth/two-step", { code })).status).toBe(400);
    expect((await other.call("POST", "/api/admin/auth/two-step", { code: recoveryCodes[0] })).status).toBe(200);
    const third = new CookieClient(store);
    await login(third, staff.email, staff.password, fromNewAddress());
    expect((await third.call("POST", "/api/admin/auth/two-step", { code: recoveryCodes[0] })).status).toBe(400);
  });

  test("the code step without a password first is 401", async () => {
    const answer = await new CookieClient(store).call("POST", "/api/admin/auth/two-step", { code: "123456" });
    expect(answer.status).toBe(401);
  });
});
