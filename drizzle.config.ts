import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema files and applied on start (db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/*.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
