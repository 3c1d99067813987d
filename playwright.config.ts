import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN_TOKEN } from "./tests/e2e/admin-token.ts";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/store-e2e-${PORT}`;
// E2E_DATABASE_URL=postgres://…/name: the store under test runs on that PostgreSQL database (dropped and
// created empty first, then migrated and seeded) instead of an embedded one in DATA_DIR. CI does not set
// it: the run takes as long either way (the browser's work dominates), and `npm start` uses the embedded one.
const DATABASE_URL = process.env.E2E_DATABASE_URL ?? "";
const freshDatabase = DATABASE_URL ? `node tests/e2e/fresh-database.ts '${DATABASE_URL}' && ` : "";

// Debian's Chromium is the browser (never a downloaded one). Its background services are switched
// off: this machine's network is closed and they would only fail.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace of every test costs a sixth of the run's time (DOM snapshots and screencast
    // frames at each step); in CI only a failed test's retry records one.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, browserName: "chromium" },
      // Server-process behaviour does not depend on the viewport: it runs once, on desktop.
      testIgnore: ["**/second-instance.spec.ts"],
    },
  ],
  webServer: {
    // The production build on a throw-away database with a small demo catalog.
    command: `rm -rf ${DATA_DIR} && ${freshDatabase}node scripts/storefront-build.ts && node server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      SEED_PRODUCTS: "400",
      LOG_LEVEL: "warn",
      DATABASE_URL,
      // A PostgreSQL server gets the demo catalog only when asked; the embedded database always does.
      DEMO: "1",
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    },
  },
});
