import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";

test.describe.configure({ mode: "serial" });

test("a second store on the same DATA_DIR refuses to start and the first keeps serving", async ({ request }) => {
  const port = Number(process.env.E2E_PORT ?? 3107);
  const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/store-e2e-${port}`;
  const before = await (await request.get("/api/health")).json();
  expect(before.status).toBe("ok");

  const second = spawnSync(process.execPath, ["server/main.ts"], {
    env: { ...process.env, PORT: String(port + 1), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stderr).toContain(`The embedded database in ${dataDir} is in use by another store process`);
  expect(second.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace

  const after = await request.get("/api/health");
  expect(after.status()).toBe(200);
  const home = await request.get("/");
  expect(home.status()).toBe(200);
});
