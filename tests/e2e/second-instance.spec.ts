import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startStoreProcess } from "./store-process.ts";

test.describe.configure({ mode: "serial", timeout: 150_000 });

// A store of its own on an embedded database: the shared end-to-end store may run on PostgreSQL, where
// nothing locks a DATA_DIR.
test("a second store on the same DATA_DIR refuses to start and the first keeps serving", async () => {
  const port = Number(process.env.E2E_PORT ?? 3107) + 4;
  const first = await startStoreProcess({ port });
  try {
    const second = spawnSync(process.execPath, ["server/main.ts"], {
      env: { ...first.env, PORT: String(port + 1) },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`The embedded database in ${first.dataDir} is in use by another store process`);
    expect(second.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace

    const after = await fetch(`${first.baseUrl}/api/health`);
    expect(after.status).toBe(200);
    expect((await after.json()).status).toBe("ok");
    const home = await fetch(`${first.baseUrl}/`);
    expect(home.status).toBe(200);
  } finally {
    await first.stop();
  }
});
