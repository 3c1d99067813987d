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
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://shop.example.com/", DATABASE_URL: "" });
    expect(config.publicUrl).toBe("https://shop.example.com");
    expect(config.env.DATABASE_URL).toBeUndefined();
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
