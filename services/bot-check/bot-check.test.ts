import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { solveProofOfWork } from "../../shared/proof-of-work.ts";
import { openTestDatabase } from "../catalog/test-database.ts";
import { ALTCHA_COUNTER_MAX, ALTCHA_COUNTER_MIN, createAltchaBotCheck } from "./altcha-bot-check.ts";
import type { BotCheckAction } from "./bot-check.ts";
import { createBotCheck } from "./create-bot-check.ts";
import { createRecaptchaBotCheck } from "./recaptcha-bot-check.ts";

let handle: DatabaseHandle;
// An embedded database and its migrations take a few seconds on a busy machine.
beforeAll(async () => {
  handle = await openTestDatabase();
}, 120_000);
afterAll(() => handle?.close());

async function solved(
  check: ReturnType<typeof createAltchaBotCheck>,
  action: BotCheckAction = "login",
): Promise<string> {
  const challenge = await check.challenge(action);
  if (challenge.kind !== "altcha") throw new Error("expected altcha");
  const typed = challenge.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge: typed, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: typed, solution })).toString("base64");
}

describe("ALTCHA proof of work", () => {
  test("a solved challenge passes once; missing, forged and foreign answers fail with 400", async () => {
    const check = createAltchaBotCheck({ db: handle.db, secret: "s".repeat(40), counterMin: 10, counterMax: 50 });
    const token = await solved(check);
    await expect(check.verify(token, { action: "login" })).resolves.toBeUndefined();
    await expect(check.verify(token, { action: "login" })).rejects.toMatchObject({
      status: 400,
      message: /already used/,
    });
    await expect(check.verify(undefined, { action: "login" })).rejects.toMatchObject({
      status: 400,
      message: /missing/,
    });
    await expect(check.verify("garbage", { action: "login" })).rejects.toMatchObject({ status: 400 });
    const other = createAltchaBotCheck({ db: handle.db, secret: "o".repeat(40), counterMin: 10, counterMax: 50 });
    await expect(check.verify(await solved(other), { action: "login" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("ALTCHA work and binding", () => {
  test("an answer solved for one action is refused for another, and is still refused after", async () => {
    const check = createAltchaBotCheck({ db: handle.db, secret: "s".repeat(40), counterMin: 10, counterMax: 50 });
    const forNewsletter = await solved(check, "newsletter");
    await expect(check.verify(forNewsletter, { action: "login" })).rejects.toMatchObject({ status: 400 });
    await expect(check.verify(await solved(check, "checkout"), { action: "checkout" })).resolves.toBeUndefined();
  });

  test("a challenge costs the solver between 200,000 and 500,000 hashes, and it says so in its key", async () => {
    expect(ALTCHA_COUNTER_MIN).toBeGreaterThanOrEqual(200_000);
    expect(ALTCHA_COUNTER_MAX).toBeLessThanOrEqual(500_000);
    const check = createAltchaBotCheck({ db: handle.db, secret: "s".repeat(40) });
    const challenge = await check.challenge("login");
    if (challenge.kind !== "altcha") throw new Error("expected altcha");
    const parameters = challenge.challenge.parameters as Parameters<typeof solveProofOfWork>[0];
    expect((parameters as unknown as { data: unknown }).data).toEqual({ action: "login" });
    const solution = await solveProofOfWork(parameters);
    expect(solution?.counter).toBeGreaterThanOrEqual(ALTCHA_COUNTER_MIN);
    expect(solution?.counter).toBeLessThanOrEqual(ALTCHA_COUNTER_MAX);
    const token = Buffer.from(JSON.stringify({ challenge: challenge.challenge, solution })).toString("base64");
    await expect(check.verify(token, { action: "login" })).resolves.toBeUndefined();
  }, 30_000);
});

describe("reCAPTCHA v3", () => {
  const answer =
    (body: unknown, status = 200) =>
    async () =>
      new Response(JSON.stringify(body), { status });

  test("accepts a genuine token for the same action with a human score", async () => {
    const check = createRecaptchaBotCheck({
      siteKey: "site",
      secret: "secret",
      fetch: answer({ success: true, score: 0.9, action: "login" }),
    });
    await expect(check.verify("token", { action: "login" })).resolves.toBeUndefined();
    expect(await check.challenge("login")).toEqual({ kind: "recaptcha", siteKey: "site" });
  });

  test("refuses a low score, another action, a failed check; 503 when Google cannot be asked", async () => {
    const verify = (body: unknown, status = 200) =>
      createRecaptchaBotCheck({ siteKey: "site", secret: "secret", fetch: answer(body, status) }).verify("t", {
        action: "login",
      });
    await expect(verify({ success: true, score: 0.1, action: "login" })).rejects.toMatchObject({ status: 400 });
    await expect(verify({ success: true, score: 0.9, action: "newsletter" })).rejects.toMatchObject({ status: 400 });
    await expect(verify({ success: false, "error-codes": ["timeout-or-duplicate"] })).rejects.toMatchObject({
      status: 400,
      message: /expired/,
    });
    await expect(verify({}, 500)).rejects.toMatchObject({ status: 503 });
  });

  test("is chosen only when both the site key and the secret are configured", () => {
    expect(createBotCheck({ db: handle.db, serverSecret: "x".repeat(40), recaptchaSiteKey: "k" }).kind).toBe("altcha");
    expect(
      createBotCheck({ db: handle.db, serverSecret: "x".repeat(40), recaptchaSiteKey: "k", recaptchaSecret: "s" }).kind,
    ).toBe("recaptcha");
  });
});
