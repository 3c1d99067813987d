import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig, loadStoreConfig } from "./config.ts";

const dataDir = () => mkdtempSync(join(tmpdir(), "store-config-"));

describe("environment configuration", () => {
  test("defaults: port 3000, embedded database in ./data-like DATA_DIR, named paths", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.env.PORT).toBe(3000);
    expect(config.env.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(dir);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.store.paths).toEqual({ products: "/products", collections: "/collections", blog: "/blog" });
  });

  test("the session secret is generated once and kept in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: "x".repeat(40) }).sessionSecret).toBe("x".repeat(40));
  });

  test("a wrong value fails start-up with a message naming the variable", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });

  test("PUBLIC_URL loses its trailing slash; an empty DATABASE_URL means the embedded database", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://shop.example.com/",
      DATABASE_URL: "",
      PAYMENT_PROVIDER: "test",
    });
    expect(config.publicUrl).toBe("https://shop.example.com");
    expect(config.env.DATABASE_URL).toBeUndefined();
  });
});

describe("payment provider", () => {
  const stripeKeys = {
    STRIPE_SECRET_KEY: "sk_test_51abc",
    STRIPE_PUBLISHABLE_KEY: "pk_test_51abc",
    STRIPE_WEBHOOK_SECRET: "whsec_abc123",
  };

  test("the demo store (no PUBLIC_URL, or http://) runs on the test gateway by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).payments).toEqual({ provider: "test" });
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "http://shop.local" }).payments).toEqual({ provider: "test" });
    // Not production: development and test runs on https stay on the test gateway.
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "development", PUBLIC_URL: "https://shop.example.com" }).payments,
    ).toEqual({ provider: "test" });
  });

  test("production on https:// without PAYMENT_PROVIDER refuses to start, naming PAYMENT_PROVIDER", () => {
    const live = { DATA_DIR: dataDir(), NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com" };
    expect(() => loadConfig(live)).toThrow(ConfigError);
    expect(() => loadConfig(live)).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...live, PAYMENT_PROVIDER: "test" }).payments).toEqual({ provider: "test" });
  });

  test("stripe needs all three keys; the message names each missing one", () => {
    const base = { DATA_DIR: dataDir(), PAYMENT_PROVIDER: "stripe" };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, ...stripeKeys, STRIPE_WEBHOOK_SECRET: "" })).toThrow(
      /needs STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...base, ...stripeKeys, STRIPE_SECRET_KEY: "pk_test_oops" })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...base, ...stripeKeys }).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_51abc",
      publishableKey: "pk_test_51abc",
      webhookSecret: "whsec_abc123",
    });
  });
});

describe("store configuration (config/store.json)", () => {
  test("the shipped file is valid and names every theme field the pages use", () => {
    const store = loadStoreConfig("config/store.json");
    expect(store.storeCurrency).toBe("USD");
    expect(store.themeConfig.headerRollingTexts.length).toBeGreaterThan(0);
    expect(store.themeConfig.exitIntentPopUp?.discountCode).toBe("FIRST10");
    expect(store.themeConfig.imagePlacements.collection.topBanner).toBe("topBanner");
  });

  test("an invalid file is refused with the path of the bad field", () => {
    const file = join(dataDir(), "store.json");
    const good = JSON.parse(readFileSync("config/store.json", "utf8"));
    writeFileSync(file, JSON.stringify({ ...good, storeEmail: "not an email", paths: { products: "products/x" } }));
    expect(() => loadStoreConfig(file)).toThrow(/storeEmail/);
    expect(() => loadStoreConfig(file)).toThrow(/paths\.products/);
  });

  test("a missing file is a clear error", () => {
    expect(() => loadStoreConfig("/nonexistent/store.json")).toThrow(/Cannot read the store configuration/);
  });
});
