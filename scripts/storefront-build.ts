// Whether the storefront's production build is missing or older than its sources, and building it.
// Used by `npm start` and by the API tests that render pages.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const BUILD_MARKER = "build/server/index.js";
/** Everything the storefront build reads: the app and every folder it imports, its assets and its configuration. */
const SOURCES = [
  "app",
  "shared",
  "services",
  "db",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/**
 * Runs `react-router build`; false when it failed (its messages went to the console). Always a
 * production build: a caller's NODE_ENV (`test` under Vitest) would otherwise give React's development
 * code, half as large again, to every page that build serves.
 */
export function buildStorefront(): boolean {
  const local = join("node_modules", ".bin", "react-router");
  const result = spawnSync(existsSync(local) ? local : "react-router", ["build"], {
    stdio: "inherit",
    shell: false,
    env: { ...process.env, NODE_ENV: "production" },
  });
  return result.status === 0;
}

// `node scripts/storefront-build.ts`: builds only when the build is missing or stale (the end-to-end
// store's start, right after the API tests built it).
if (import.meta.main) {
  if (buildIsStale() && !buildStorefront()) process.exit(1);
}
