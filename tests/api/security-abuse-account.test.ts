// Abuse paths of the account API: breached passwords, lockout by strangers, the recovery e-mail,
// bot-check answers bound to their action.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { ACCOUNT_MAIL_LIMITS, SIGN_IN_LIMITS } from "../../services/account/rate-limit-rules.ts";
import {
  botToken,
  Client,
  GOOD_PASSWORD,
  latestMail,
  linkToken,
  newCustomer,
  register,
  uniqueEmail,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  // Requests name their client in X-Forwarded-For: a botnet is a loop over addresses.
  store = await startTestStore({ products: 0, trustProxy: 1 });
});
afterAll(() => store?.close());

describe("breached passwords", () => {
  test("sign-up refuses a password from the breached-password list that the built-in rules let through", async () => {
    const refused = await register(store, uniqueEmail("breached"), "zelenograd");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/stolen from other sites/);
    expect((await register(store, uniqueEmail("breached"), "zelenograd-pump-lid")).status).toBe(200);
  });
});

describe("bot-check answers", () => {
  test("an answer solved for the newsletter cannot be spent on sign-in; a challenge names its action", async () => {
    const pat = await newCustomer(store, "bound");
    const client = new Client(store);
    const newsletterToken = await botToken(store, "newsletter");
    const refused = await client.call("POST", "/api/auth/login", {
      email: pat.email,
      password: GOOD_PASSWORD,
      token: newsletterToken,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/bot check failed/);
    const unnamed = await client.call("GET", "/api/bot-check/challenge");
    expect(unnamed.status).toBe(400);
    const signedIn = await client.call("POST", "/api/auth/login", {
      email: pat.email,
      password: GOOD_PASSWORD,
      token: await botToken(store, "login"),
    });
    expect(signedIn.status).toBe(200);
  });
});

const from = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });

describe("strangers cannot lock an owner out", () => {
  test("sign-ins without a passed bot check from many addresses do not count against the account", async () => {
    const pat = await newCustomer(store, "lockout");
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount + 5; i++) {
      const guess = await new Client(store).call(
        "POST",
        "/api/auth/login",
        { email: pat.email, password: "wrong-password-guess" },
        from(i + 1),
      );
      expect(guess.status).toBe(400);
    }
    const owner = await new Client(store).call(
      "POST",
      "/api/auth/login",
      { email: pat.email, password: GOOD_PASSWORD, token: await botToken(store, "login") },
      from(200),
    );
    expect(owner.status).toBe(200);
  });

  test("past the per-account limit a wrong password gets 429, the right one with a passed bot check signs in", async () => {
    const pat = await newCustomer(store, "lockout-solved");
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      const guess = await new Client(store).call(
        "POST",
        "/api/auth/login",
        { email: pat.email, password: "wrong-password-guess", token: await botToken(store, "login") },
        from(i + 1),
      );
      expect(guess.status).toBe(401);
    }
    const over = await new Client(store).call(
      "POST",
      "/api/auth/login",
      { email: pat.email, password: "wrong-password-guess", token: await botToken(store, "login") },
      from(100),
    );
    expect(over.status).toBe(429);
    const owner = await new Client(store).call(
      "POST",
      "/api/auth/login",
      { email: pat.email, password: GOOD_PASSWORD, token: await botToken(store, "login") },
      from(201),
    );
    expect(owner.status).toBe(200);
  }, 180_000);

  test("reset, confirmation and sign-up requests without a passed bot check do not use up the address's allowance", async () => {
    const pat = await newCustomer(store, "lockout-mail");
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.perAddress + 2; i++) {
      const client = new Client(store);
      expect((await client.call("POST", "/api/auth/recover", { email: pat.email }, from(i + 1))).status).toBe(400);
      expect((await client.call("POST", "/api/auth/verification", { email: pat.email }, from(i + 1))).status).toBe(400);
    }
    const owner = new Client(store);
    const reset = await owner.call(
      "POST",
      "/api/auth/recover",
      { email: pat.email, token: await botToken(store, "recover") },
      from(202),
    );
    expect(reset.status).toBe(200);
    const email = uniqueEmail("lockout-signup");
    for (let i = 0; i < ACCOUNT_MAIL_LIMITS.perAddress + 2; i++) {
      const body = { email, password: GOOD_PASSWORD, firstName: "Pat", lastName: "Pool" };
      expect((await new Client(store).call("POST", "/api/auth/register", body, from(i + 1))).status).toBe(400);
    }
    const signUp = await new Client(store).call(
      "POST",
      "/api/auth/register",
      { email, password: GOOD_PASSWORD, firstName: "Pat", lastName: "Pool", token: await botToken(store, "register") },
      from(203),
    );
    expect(signUp.status).toBe(200);
  });
});

describe("recovery e-mail", () => {
  test("changing it needs the current password; the account's address is told and can undo the change", async () => {
    const pat = await newCustomer(store, "recovery-guard");
    const stranger = uniqueEmail("thief");
    const put = async (body: Record<string, unknown>) =>
      pat.client.call("PUT", "/api/user/recoveryEmail", { ...body, token: await botToken(store, "recovery_email") });

    // A stolen session alone is not enough.
    expect((await put({ recoveryEmail: stranger })).status).toBe(400);
    const wrong = await put({ recoveryEmail: stranger, currentPassword: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("Your current password is not correct.");
    expect((await pat.client.get("/api/user/recoveryEmail")).body).toEqual({
      recoveryEmail: null,
      recoveryEmailVerified: false,
    });

    expect((await put({ recoveryEmail: stranger, currentPassword: pat.password })).status).toBe(200);
    const notice = await latestMail(store, pat.email, "recovery_email_changed");
    expect(notice.textBody).toContain(stranger);
    expect(notice.textBody).toMatch(/\/recovery-email\/undo#token=/);

    // Undone from the mail, without a session: the old state is back and the session that changed it is over.
    const undo = await new Client(store).call("POST", "/api/user/recoveryEmail/undo", {
      undoToken: linkToken(notice.textBody),
    });
    expect(undo.status).toBe(200);
    expect((await pat.client.get<{ user: Record<string, unknown> }>("/api/user")).body.user).toEqual({});
    const owner = new Client(store);
    expect(
      (
        await owner.call("POST", "/api/auth/login", {
          email: pat.email,
          password: pat.password,
          token: await botToken(store, "login"),
        })
      ).status,
    ).toBe(200);
    expect((await owner.get("/api/user/recoveryEmail")).body).toEqual({
      recoveryEmail: null,
      recoveryEmailVerified: false,
    });
    // The link works once.
    const again = await new Client(store).call("POST", "/api/user/recoveryEmail/undo", {
      undoToken: linkToken(notice.textBody),
    });
    expect(again.status).toBe(400);
  });
});
