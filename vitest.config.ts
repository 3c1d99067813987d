import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{shared,services,db,server,app,demo}/**/*.test.{ts,tsx}"],
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
