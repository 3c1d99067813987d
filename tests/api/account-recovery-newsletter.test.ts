import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newsletterSubscriptions } from "../../db/schema/system.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import {
  botToken,
  Client,
  latestMail,
  linkToken,
  mailCount,
  newCustomer,
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

type Recovery = { recoveryEmail: string | null; recoveryEmailVerified: boolean; error?: string };

describe("recovery e-mail", () => {
  test("absent, then present and unverified, then verified through the e-mailed link", async () => {
    const pat = await newCustomer(store, "recovery");
    expect((await pat.client.get<Recovery>("/api/user/recoveryEmail")).body).toEqual({
      recoveryEmail: null,
      recoveryEmailVerified: false,
    });
    const recoveryEmail = uniqueEmail("backup");
    const set = await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail,
      token: await botToken(store, "recovery_email"),
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true });
    expect((await pat.client.get<Recovery>("/api/user/recoveryEmail")).body).toEqual({
      recoveryEmail,
      recoveryEmailVerified: false,
    });

    const sent = await pat.client.call("POST", "/api/user/recoveryEmail/verify", {
      token: await botToken(store, "recovery_email_verify"),
    });
    expect(sent.status).toBe(200);
    const mail = await latestMail(store, recoveryEmail, "verify_recovery_email");
    expect(mail.textBody).toContain(pat.email);
    const verified = await new Client(store).call("POST", "/api/auth/verify-email", {
      verificationToken: linkToken(mail.textBody),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.kind).toBe("recovery");
    expect((await pat.client.get<Recovery>("/api/user/recoveryEmail")).body.recoveryEmailVerified).toBe(true);

    // A different address starts unverified again; the same one keeps its state.
    const other = uniqueEmail("backup2");
    await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: other,
      token: await botToken(store, "recovery_email"),
    });
    expect((await pat.client.get<Recovery>("/api/user/recoveryEmail")).body).toEqual({
      recoveryEmail: other,
      recoveryEmailVerified: false,
    });
  });

  test("a link for a since-changed recovery address does not verify the new one", async () => {
    const pat = await newCustomer(store, "recovery-stale");
    const first = uniqueEmail("first");
    await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: first,
      token: await botToken(store, "recovery_email"),
    });
    await pat.client.call("POST", "/api/user/recoveryEmail/verify", {
      token: await botToken(store, "recovery_email_verify"),
    });
    const staleToken = linkToken((await latestMail(store, first, "verify_recovery_email")).textBody);
    await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: uniqueEmail("second"),
      token: await botToken(store, "recovery_email"),
    });
    const stale = await new Client(store).call("POST", "/api/auth/verify-email", { verificationToken: staleToken });
    expect(stale.status).toBe(400);
    expect((await pat.client.get<Recovery>("/api/user/recoveryEmail")).body.recoveryEmailVerified).toBe(false);
  });

  test("the recovery address must differ from the account's and be an e-mail; writes need the bot check", async () => {
    const pat = await newCustomer(store, "recovery-rules");
    const same = await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: pat.email,
      token: await botToken(store, "recovery_email"),
    });
    expect(same.status).toBe(400);
    const bad = await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: "not-mail",
      token: await botToken(store, "recovery_email"),
    });
    expect(bad.status).toBe(400);
    const noBot = await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: uniqueEmail("x"),
    });
    expect(noBot.status).toBe(400);
    expect(noBot.body.error).toMatch(/bot check/);
    const nothingToVerify = await pat.client.call("POST", "/api/user/recoveryEmail/verify", {
      token: await botToken(store, "recovery_email_verify"),
    });
    expect(nothingToVerify.status).toBe(400);
    expect(nothingToVerify.body.error).toBe("Add a recovery email first.");
  });

  test("a verified recovery e-mail receives the password reset link of its account", async () => {
    const pat = await newCustomer(store, "recover-via");
    const backup = uniqueEmail("lost-inbox");
    await pat.client.call("PUT", "/api/user/recoveryEmail", {
      currentPassword: pat.password,
      recoveryEmail: backup,
      token: await botToken(store, "recovery_email"),
    });
    const anonymous = new Client(store);
    // Unverified: nothing is sent to it.
    await anonymous.call("POST", "/api/auth/recover", { email: backup, token: await botToken(store, "recover") });
    expect(await mailCount(store, backup, "reset_password")).toBe(0);
    await pat.client.call("POST", "/api/user/recoveryEmail/verify", {
      token: await botToken(store, "recovery_email_verify"),
    });
    await anonymous.call("POST", "/api/auth/verify-email", {
      verificationToken: linkToken((await latestMail(store, backup, "verify_recovery_email")).textBody),
    });
    await anonymous.call("POST", "/api/auth/recover", { email: backup, token: await botToken(store, "recover") });
    const mail = await latestMail(store, backup, "reset_password");
    expect(mail.textBody).toContain(pat.email);
    const reset = await anonymous.call("POST", "/api/auth/reset-password", {
      resetToken: linkToken(mail.textBody),
      password: "heater-valve-spring-12",
      token: await botToken(store, "reset_password"),
    });
    expect(reset.status).toBe(200);
    expect((await signIn(store, pat.email, "heater-valve-spring-12")).status).toBe(200);
  });

  test("anonymous callers get 401", async () => {
    const anonymous = new Client(store);
    expect((await anonymous.get("/api/user/recoveryEmail")).status).toBe(401);
    expect(
      (
        await anonymous.call("PUT", "/api/user/recoveryEmail", {
          currentPassword: "anything",
          recoveryEmail: uniqueEmail(),
        })
      ).status,
    ).toBe(401);
    expect((await anonymous.call("POST", "/api/user/recoveryEmail/verify", {})).status).toBe(401);
  });
});

describe("newsletter", () => {
  async function subscribe(email: string, client = new Client(store)) {
    return client.call("POST", `/api/newsletterSubscriptions/subscribe?email=${encodeURIComponent(email)}`, {
      token: await botToken(store, "newsletter"),
    });
  }

  test("double opt-in: subscribe mails a link; confirming subscribes; every mail has an unsubscribe link", async () => {
    const email = uniqueEmail("news");
    const answer = await subscribe(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const [pending] = await store.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(pending.status).toBe("pending");
    const mail = await latestMail(store, email, "newsletter_confirm");
    expect(mail.textBody).toMatch(/\/confirm-subscription\?token=/);
    expect(mail.textBody).toMatch(/\/unsubscribe\?token=/);

    const confirmToken = linkToken(mail.textBody);
    const confirmed = await new Client(store).call("POST", "/api/newsletterSubscriptions/confirm", { confirmToken });
    expect(confirmed.status).toBe(200);
    const [row] = await store.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(row.status).toBe("confirmed");
    expect(
      (await new Client(store).call("POST", "/api/newsletterSubscriptions/confirm", { confirmToken })).status,
    ).toBe(400);

    const welcome = await latestMail(store, email, "newsletter_welcome");
    const unsubscribeToken = /\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(welcome.textBody)?.[1] ?? "";
    const gone = await new Client(store).call("POST", "/api/newsletterSubscriptions/unsubscribe", { unsubscribeToken });
    expect(gone.status).toBe(200);
    const [after] = await store.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(after.status).toBe("unsubscribed");
  });

  test("a confirmed address is not mailed again; the answer does not tell", async () => {
    const email = uniqueEmail("news-twice");
    await subscribe(email);
    await new Client(store).call("POST", "/api/newsletterSubscriptions/confirm", {
      confirmToken: linkToken((await latestMail(store, email, "newsletter_confirm")).textBody),
    });
    const again = await subscribe(email);
    expect(again.body).toEqual({ success: true });
    expect(await mailCount(store, email, "newsletter_confirm")).toBe(1);
  });

  test("bad e-mail and missing bot check are refused; the per-address limit gives a 429", async () => {
    const client = new Client(store);
    const bad = await client.call("POST", "/api/newsletterSubscriptions/subscribe?email=nope", {
      token: await botToken(store, "newsletter"),
    });
    expect(bad.status).toBe(400);
    const noBot = await client.call("POST", `/api/newsletterSubscriptions/subscribe?email=${uniqueEmail("x")}`, {});
    expect(noBot.status).toBe(400);
    expect(noBot.body.error).toMatch(/bot check/);
    const email = uniqueEmail("news-limit");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await subscribe(email, client));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3].status).toBe(429);
    expect(answers[3].body.error).toMatch(/Too many newsletter sign-ups\. Please wait/);
    expect(Number(answers[3].headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
