// `npm start`: build the storefront when the build is missing or older than its sources,
// then start the server (which migrates, seeds an empty database and listens).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD_MARKER = "build/server/index.js";
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

function buildIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

if (buildIsStale()) {
  console.log("Building the storefront (sources changed since the last build)...");
  const result = spawnSync("react-router", ["build"], { stdio: "inherit", shell: false });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

await import("../server/main.ts");
