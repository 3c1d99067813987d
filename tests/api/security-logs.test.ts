// No password, card number or one-time token in any log line: the store's own pino settings, at the
// most talkative level, while accounts are created, signed in, reset and cards are saved and refused.
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../server/app.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { loggerOptions } from "../../services/logger.ts";
import {
  botToken,
  Client,
  latestMail,
  linkToken,
  register,
  seedCountries,
  signIn,
  uniqueEmail,
  verifyByMail,
} from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let base: TestStore;
let logged: TestStore;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  useFastPasswordHashingForTests();
  base = await startTestStore({ products: 0 });
  await seedCountries(base);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const options = loggerOptions("trace");
  // A second app on the same services, with the production logger settings writing into `lines`.
  app = await buildApp({
    services: base.services,
    frontend: { mode: "none" },
    logger: { ...(typeof options === "object" ? options : {}), level: "trace", stream },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const get = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
  logged = {
    ...base,
    baseUrl: url,
    get,
    async json<T>(path: string, init?: RequestInit) {
      const response = await get(path, init);
      return { status: response.status, body: (await response.json()) as T };
    },
  };
});
afterAll(async () => {
  await app?.close();
  await base?.close();
});

describe("logs", () => {
  test("carry requests but never a password, a card number or a link token", async () => {
    const email = uniqueEmail("logs");
    const password = "Secret-Pump-Phrase-4711";
    const newPassword = "Other-Secret-Phrase-0815";
    const client = new Client(logged);
    await register(logged, email, password);
    // Refused inputs are where secrets leak into error messages: a too-common password, a bad body.
    await client.call("POST", "/api/auth/register", { email, password: "password1234", firstName: "A", lastName: "B" });
    await client.call("POST", "/api/auth/login", { email, password: { nested: password } });
    await verifyByMail(logged, email, client);
    await signIn(logged, email, "Wrong-Guess-Phrase-1", client);
    expect((await signIn(logged, email, password, client)).status).toBe(200);
    const me = await client.get<{ user: { id: number } }>("/api/user");
    const userId = me.body.user.id;
    for (const number of ["4242424242424242", "4000 0000 0000 0002", "4242424242424241"]) {
      await client.call("POST", `/api/user/${userId}/paymentMethods`, {
        number,
        expMonth: 12,
        expYear: 2041,
        cvc: "123",
        token: await botToken(logged, "add_card"),
      });
    }
    await client.call("POST", "/api/auth/change-password", { currentPassword: password, newPassword });
    await client.call("POST", "/api/auth/recover", { email, token: await botToken(logged, "recover") });
    const resetToken = linkToken((await latestMail(logged, email, "reset_password")).textBody);
    await client.call("POST", "/api/auth/reset-password", {
      resetToken,
      password: "Third-Secret-Phrase-2222",
      token: await botToken(logged, "reset_password"),
    });

    const text = lines.join("");
    expect(text).toMatch(/incoming request/);
    expect(text).toMatch(/\/api\/auth\/login/);
    for (const secret of [
      password,
      newPassword,
      "Third-Secret-Phrase-2222",
      "Wrong-Guess-Phrase-1",
      "password1234",
      "4242424242424242",
      "4000 0000 0000 0002",
      "4242424242424241",
      resetToken,
    ]) {
      expect(text, `log contains ${secret}`).not.toContain(secret);
    }
  });

  test("write link tokens in URLs as redacted", async () => {
    const token = "LinkTokenInTheQuery_0123456789abcdefghijklmn";
    await fetch(`${logged.baseUrl}/api/orders/999999?token=${token}`);
    await fetch(`${logged.baseUrl}/api/newsletterSubscriptions/confirm?confirmToken=${token}`, { method: "POST" });
    const text = lines.join("");
    expect(text).toMatch(/\/api\/orders\/999999\?token=redacted/);
    expect(text).not.toContain(token);
  });
});
