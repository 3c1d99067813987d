// Abuse paths of the account API: breached passwords, lockout by strangers, the recovery e-mail,
// bot-check answers bound to their action.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { register, uniqueEmail } from "./support/account-helpers.ts";
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
