import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the drizzle-kit migrations that have not run yet (idempotent). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
