import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect, test } from "@playwright/test";

test.describe.configure({ mode: "serial", timeout: 150_000 });

// A store of its own on an embedded database: the shared end-to-end store may run on PostgreSQL, where
// nothing locks a DATA_DIR.
test("a second store on the same DATA_DIR refuses to start and the first keeps serving", async () => {
  const port = Number(process.env.E2E_PORT ?? 3107) + 4;
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = join(mkdtempSync(join(tmpdir(), "store-second-")), "data");
  const env = { ...process.env, HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SEED_PRODUCTS: "0" };
  let first: ChildProcess | undefined;
  try {
    first = spawn(process.execPath, ["server/main.ts"], {
      env: { ...env, PORT: String(port), LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
      .toBe(200);

    const second = spawnSync(process.execPath, ["server/main.ts"], {
      env: { ...env, PORT: String(port + 1), LOG_LEVEL: "warn" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`The embedded database in ${dataDir} is in use by another store process`);
    expect(second.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace

    const after = await fetch(`${baseUrl}/api/health`);
    expect(after.status).toBe(200);
    expect((await after.json()).status).toBe("ok");
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
  } finally {
    if (first && first.exitCode === null) {
      const exited = new Promise((resolve) => first?.once("exit", resolve));
      first.kill("SIGTERM");
      await exited;
    }
    rmSync(dirname(dataDir), { recursive: true, force: true });
  }
});
