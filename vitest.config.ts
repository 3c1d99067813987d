import { globSync, readFileSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";
import { BUNDLED_FOR_PREACT, REACT_ON_PREACT } from "./app/lib/preact/aliases.ts";

const UNIT_TESTS = "{shared,services,db,server,app,demo}/**/*.test.{ts,tsx}";
/**
 * The unit tests share one module instance per worker (no isolation: it halves their time, which went
 * to importing the same modules again for each file), except the files that replace a module with
 * vi.mock(): a mock applies only to a fresh import, so those run isolated.
 */
const filesThatMock = (pattern: string) =>
  globSync(pattern, { cwd: import.meta.dirname }).filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(readFileSync(`${import.meta.dirname}/${file}`, "utf8")),
  );
const MOCKING_UNIT_TESTS = filesThatMock(UNIT_TESTS);
// The API test files are not isolated either, and none replaces a module: one that does must say so here.
const MOCKING_API_TESTS = filesThatMock("tests/api/**/*.test.ts");
if (MOCKING_API_TESTS.length > 0) {
  throw new Error(
    `${MOCKING_API_TESTS.join(", ")} use vi.mock(), which needs isolated test files: give them a project of their own, as unit-mocks.`,
  );
}

export default defineConfig({
  // Components render with Preact, as in the store (each project below takes this part of the config).
  resolve: {
    alias: [
      ...REACT_ON_PREACT,
      // Its "node" export is CommonJS, whose require("react") no alias reaches: the ES module build instead.
      {
        find: /^lucide-react$/,
        replacement: `${import.meta.dirname}/node_modules/lucide-react/dist/esm/lucide-react.mjs`,
      },
    ],
  },
  test: {
    // The packages built on React go through the same aliases rather than load React from node_modules.
    server: { deps: { inline: BUNDLED_FOR_PREACT } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [UNIT_TESTS],
          exclude: [...configDefaults.exclude, ...MOCKING_UNIT_TESTS],
          isolate: false,
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "unit-mocks",
          include: MOCKING_UNIT_TESTS,
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          // Migrated (and seeded) databases made once per run; each file starts from a copy.
          globalSetup: ["tests/api/support/database-templates.ts"],
          environment: "node",
          // Each file starts its own store on its own database; two at a time fit this machine.
          maxWorkers: 2,
          // Files share one module instance per worker, as the unit tests do (a third less time: importing
          // the whole server again for each file was a quarter of it). No API test may use vi.mock() (checked
          // above).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // Two store processes behind HAProxy (npm run test:multi): needs PostgreSQL, Redis and haproxy.
          name: "multi",
          include: ["tests/multi-instance/**/*.test.ts"],
          environment: "node",
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
