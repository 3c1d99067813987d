import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "../../db/schema/customers.ts";
import { sessions } from "../../db/schema/system.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  botToken,
  Client,
  GOOD_PASSWORD,
  latestMail,
  linkToken,
  mailCount,
  newCustomer,
  register,
  signIn,
  uniqueEmail,
  verifyByMail,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
});
afterAll(() => store?.close());

describe("sign-up and e-mail confirmation", () => {
  test("register sends a single-use confirmation link; sign-in works only after it is opened", async () => {
    const email = uniqueEmail("signup");
    const registered = await register(store, email);
    expect(registered.status).toBe(200);
    expect(registered.body.success).toBe(true);
    // Registering does not sign in.
    expect(registered.headers.get("set-cookie")).toBeNull();

    const early = await signIn(store, email);
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/confirm your e-mail address/);

    const mail = await latestMail(store, email, "verify_email");
    expect(mail.subject).toMatch(/Confirm your e-mail address/);
    expect(mail.textBody).toMatch(/\/verify-account#token=/);
    expect(mail.htmlBody).toContain("Confirm my e-mail address");

    const verified = await verifyByMail(store, email);
    expect(verified.status).toBe(200);
    expect(verified.body.kind).toBe("account");
    const again = await verifyByMail(store, email);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/expired or was already used/);

    const client = new Client(store);
    const signedIn = await signIn(store, email, GOOD_PASSWORD, client);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(signedIn.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const me = await client.get<{ user: Record<string, unknown> }>("/api/user");
    expect(me.body.user).toMatchObject({ firstName: "Pat", lastName: "Pool", email });
    expect(typeof me.body.user.id).toBe("number");
    expect(me.body.user).not.toHaveProperty("passwordHash");
  });

  test("the stored e-mail is lower-cased and the password is an scrypt hash", async () => {
    const email = uniqueEmail("Case").replace("case", "CaSe");
    await register(store, email);
    const [row] = await store.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toBeDefined();
    expect(row.passwordHash).toMatch(/^scrypt\$\d+,\d+,\d+\$/);
    expect(row.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  test("short and common passwords are refused with a reason", async () => {
    const client = new Client(store);
    for (const [password, reason] of [
      ["short1", /at least 10 characters/],
      ["1234567890", /too common/],
      ["Password2024!", /too common/],
      ["P@ssw0rd1234", /too common/],
      ["aaaaaaaaaaaa", /too common/],
    ] as const) {
      const answer = await client.call("POST", "/api/auth/register", {
        email: uniqueEmail("weak"),
        password,
        firstName: "Pat",
        lastName: "Pool",
        token: await botToken(store, "register"),
      });
      expect(answer.status, password).toBe(400);
      expect(String(answer.body.error), password).toMatch(reason);
    }
  });

  test("a missing or forged bot-check token is a 400 with a clear message, and an answer is accepted once", async () => {
    const base = { email: uniqueEmail("bot"), password: GOOD_PASSWORD, firstName: "Pat", lastName: "Pool" };
    const client = new Client(store);
    const missing = await client.call("POST", "/api/auth/register", base);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/bot check is missing.*JavaScript/);
    const forged = await client.call("POST", "/api/auth/register", { ...base, token: "bm90IGEgdG9rZW4=" });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/bot check failed/);
    const token = await botToken(store, "register");
    expect((await client.call("POST", "/api/auth/register", { ...base, token })).status).toBe(200);
    const replay = await client.call("POST", "/api/auth/register", { ...base, email: uniqueEmail("bot"), token });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatch(/already used/);
  });

  test("a new confirmation link can be requested; the answer is the same for unknown addresses", async () => {
    const email = uniqueEmail("resend");
    await register(store, email);
    const client = new Client(store);
    const known = await client.call("POST", "/api/auth/verification", {
      email,
      token: await botToken(store, "verification"),
    });
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await client.call("POST", "/api/auth/verification", {
      email: unknownEmail,
      token: await botToken(store, "verification"),
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(String(known.body.message).replace(email, "X")).toBe(
      String(unknown.body.message).replace(unknownEmail, "X"),
    );
    expect(await mailCount(store, email, "verify_email")).toBe(2);
    expect(await mailCount(store, unknownEmail)).toBe(0);
    expect((await verifyByMail(store, email)).status).toBe(200);
  });
});

describe("sign-in and sign-out", () => {
  test("wrong password and unknown address get the same 401", async () => {
    const { email } = await newCustomer(store, "wrong");
    const wrong = await signIn(store, email, "not-the-password-at-all");
    const unknown = await signIn(store, uniqueEmail("ghost"), "not-the-password-at-all");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe("The e-mail address or password is incorrect.");
  });

  test("GET /api/user and /api/customer are empty when anonymous", async () => {
    const client = new Client(store);
    expect((await client.get("/api/user")).body).toEqual({ user: {} });
    expect((await client.get("/api/customer")).body).toEqual({ customer: {} });
  });

  test("signed in, /api/customer has the customer with MailingAddresses", async () => {
    const { client, email } = await newCustomer(store, "customer");
    const { status, body } = await client.get<{ customer: Record<string, unknown> }>("/api/customer");
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ email, firstName: "Pat", lastName: "Pool", MailingAddresses: [] });
  });

  test("sign-out ends the session", async () => {
    const { client } = await newCustomer(store, "logout");
    const cookie = client.cookie;
    const out = await client.call("POST", "/api/auth/logout", {});
    expect(out.status).toBe(200);
    const reuse = await store.json("/api/user", { headers: { cookie } });
    expect(reuse.body).toEqual({ user: {} });
  });
});

describe("password change and reset", () => {
  test("changing the password ends the other sessions and keeps this one (with a new id)", async () => {
    const { client, email, userId } = await newCustomer(store, "change");
    const other = new Client(store);
    expect((await signIn(store, email, GOOD_PASSWORD, other)).status).toBe(200);
    const before = client.cookie;
    const wrongCurrent = await client.call("POST", "/api/auth/change-password", {
      currentPassword: "definitely-not-it",
      newPassword: "skimmer-weir-door-77",
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.error).toBe("Your current password is not correct.");
    const changed = await client.call("POST", "/api/auth/change-password", {
      currentPassword: GOOD_PASSWORD,
      newPassword: "skimmer-weir-door-77",
    });
    expect(changed.status).toBe(200);
    expect(client.cookie).not.toBe(before);
    expect((await client.get<{ user: { id?: number } }>("/api/user")).body.user.id).toBe(userId);
    expect((await other.get("/api/user")).body).toEqual({ user: {} });
    const remaining = await store.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(remaining).toHaveLength(1);
    expect((await signIn(store, email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(store, email, "skimmer-weir-door-77")).status).toBe(200);
    expect(await mailCount(store, email, "password_changed")).toBe(1);
  });

  test("change-password needs a session", async () => {
    const answer = await new Client(store).call("POST", "/api/auth/change-password", {
      currentPassword: GOOD_PASSWORD,
      newPassword: "skimmer-weir-door-77",
    });
    expect(answer.status).toBe(401);
  });

  test("a reset link sets a new password once and signs the account out everywhere", async () => {
    const { client, email } = await newCustomer(store, "reset");
    const anonymous = new Client(store);
    const requested = await anonymous.call("POST", "/api/auth/recover", {
      email,
      token: await botToken(store, "recover"),
    });
    expect(requested.status).toBe(200);
    const mail = await latestMail(store, email, "reset_password");
    expect(mail.textBody).toMatch(/\/reset-password#token=/);
    const resetToken = linkToken(mail.textBody);

    const weak = await anonymous.call("POST", "/api/auth/reset-password", {
      resetToken,
      password: "password123",
      token: await botToken(store, "reset_password"),
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/too common/);

    const done = await anonymous.call("POST", "/api/auth/reset-password", {
      resetToken,
      password: "filter-cartridge-sand-9",
      token: await botToken(store, "reset_password"),
    });
    expect(done.status).toBe(200);
    expect((await client.get("/api/user")).body).toEqual({ user: {} });
    expect((await signIn(store, email, "filter-cartridge-sand-9")).status).toBe(200);

    const reuse = await anonymous.call("POST", "/api/auth/reset-password", {
      resetToken,
      password: "another-good-phrase-1",
      token: await botToken(store, "reset_password"),
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toMatch(/expired or was already used/);
  });

  test("a newer reset link makes the older one worthless", async () => {
    const { email } = await newCustomer(store, "reset-twice");
    const anonymous = new Client(store);
    await anonymous.call("POST", "/api/auth/recover", { email, token: await botToken(store, "recover") });
    const first = linkToken((await latestMail(store, email, "reset_password")).textBody);
    await anonymous.call("POST", "/api/auth/recover", { email, token: await botToken(store, "recover") });
    const second = linkToken((await latestMail(store, email, "reset_password")).textBody);
    expect(second).not.toBe(first);
    const old = await anonymous.call("POST", "/api/auth/reset-password", {
      resetToken: first,
      password: "filter-cartridge-sand-9",
      token: await botToken(store, "reset_password"),
    });
    expect(old.status).toBe(400);
  });
});
