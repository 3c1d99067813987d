// Which card processor a store runs on, as a shopper and an operator see it: a live store (production on
// https://) refuses to start on the test gateway unless PAYMENT_PROVIDER=test says so; on the test gateway
// every page says "Test mode: no real payments"; with Stripe the notice is gone and the Content-Security-
// Policy admits Stripe's hosts.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_MODE_TEXT } from "../../app/components/test-mode-notice.tsx";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface Run {
  code: number | null;
  output: string;
}

/** Starts the store's server process (what `npm start` runs once the build exists) with this environment. */
function startServer(env: Record<string, string>, untilReady?: (output: string) => boolean) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "silent",
      SEED_PRODUCTS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<Run>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (untilReady?.(output)) resolve({ code: null, output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => resolve({ code, output }));
  });
  return { child, ready };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const live = () => ({
  NODE_ENV: "production",
  PUBLIC_URL: "https://shop.example.com",
  DATABASE_URL: "postgres://store@127.0.0.1:9/never-opened",
  DATA_DIR: mkdtempSync(join(tmpdir(), "store-live-")),
});

let testStore: TestStore;
let stripeStore: TestStore;

beforeAll(async () => {
  // The pages need the storefront's production build (made here when missing); both stores share it.
  testStore = await startTestStore({ products: 0, pages: true });
  stripeStore = await startTestStore({
    products: 0,
    pages: true,
    payments: {
      provider: "stripe",
      secretKey: "sk_test_x",
      publishableKey: "pk_test_x",
      webhookSecret: "whsec_x",
    },
  });
});
afterAll(async () => {
  await testStore?.close();
  await stripeStore?.close();
});

describe("starting a live store", () => {
  test("production on https:// without PAYMENT_PROVIDER exits non-zero, naming PAYMENT_PROVIDER", async () => {
    const { ready } = startServer(live());
    const run = await ready;
    expect(run.code).not.toBe(0);
    expect(run.code).not.toBeNull();
    expect(run.output).toMatch(/PAYMENT_PROVIDER is not set/);
  });

  test("PAYMENT_PROVIDER=stripe without its keys exits non-zero, naming each missing key", async () => {
    const { ready } = startServer({ ...live(), PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_abc" });
    const run = await ready;
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/);
  });

  test("with PAYMENT_PROVIDER=test it starts, and its pages show the test-mode notice", async () => {
    const port = await freePort();
    const { DATABASE_URL: _none, ...env } = live();
    const { child, ready } = startServer(
      { ...env, PAYMENT_PROVIDER: "test", PORT: String(port), HOST: "127.0.0.1" },
      (out) => out.includes("is ready on"),
    );
    try {
      const run = await ready;
      expect(run.code, run.output).toBeNull();
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(TEST_MODE_TEXT);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }, 120_000);
});

describe("the test-mode notice and the Content-Security-Policy", () => {
  test.each(["/", "/shoppingcart.asp", "/help", "/no-such-page-here"])(
    "on the test gateway %s shows the notice; Stripe's hosts are not allowed",
    async (path) => {
      const page = await testStore.get(path);
      expect(await page.text()).toContain(`id="test-mode-notice"`);
      expect(page.headers.get("content-security-policy")).not.toMatch(/stripe/);
    },
  );

  test("with Stripe there is no notice, and the policy admits Stripe.js, its frames and its API", async () => {
    const page = await stripeStore.get("/");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(TEST_MODE_TEXT);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
  });
});
