// Abuse paths of the account API: breached passwords, lockout by strangers, the recovery e-mail,
// bot-check answers bound to their action.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { botToken, Client, GOOD_PASSWORD, newCustomer, register, uniqueEmail } from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 0 });
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
