import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";

export interface StoreProcess {
  baseUrl: string;
  /** The temporary folder the store's files live in (removed by stop()). */
  dir: string;
  /** The embedded database's folder (DATA_DIR), inside `dir`. */
  dataDir: string;
  /** The environment the store was started with: another process can be started the same way. */
  env: NodeJS.ProcessEnv;
  /** Stops the store (SIGTERM, waiting for it to exit) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * A store process of a test's own, beside the shared end-to-end store: the built storefront on an
 * embedded database of its own (an empty catalog) in a new temporary folder, on 127.0.0.1:`port`.
 * `prepare` is given that folder first and answers more environment (a store.json of its own, say).
 * Resolves once /api/health answers 200.
 */
export async function startStoreProcess(options: {
  port: number;
  prepare?: (dir: string) => NodeJS.ProcessEnv;
}): Promise<StoreProcess> {
  const dir = mkdtempSync(join(tmpdir(), "store-own-"));
  const dataDir = join(dir, "data");
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_PRODUCTS: "0",
    LOG_LEVEL: "warn",
    ...options.prepare?.(dir),
  };
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: { ...env, PORT: String(options.port) },
    stdio: "ignore",
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dir, dataDir, env, stop };
}
