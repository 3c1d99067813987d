import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type DatabaseHandle, openDatabase } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the drizzle-kit migrations that have not run yet (idempotent). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else if (handle.url) {
    // On a connection of its own without the store's time limits: a migration may fill or index a table
    // of a million rows (0026 reads every search document), longer than any request may take.
    const migrating = await openDatabase({ url: handle.url, poolSize: 1, longStatements: true });
    try {
      await migratePg(migrating.db as unknown as NodePgDatabase, { migrationsFolder });
    } finally {
      await migrating.close();
    }
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

/** The `when` of the newest migration this code ships (db/migrations/meta/_journal.json). */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether the database has every migration this code ships (the readiness check asks). */
export async function migrationsApplied(handle: Pick<DatabaseHandle, "db">): Promise<boolean> {
  const result = await handle.db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ latest: string | null }> }).rows) as Array<{
    latest: string | null;
  }>;
  const latest = Number(rows[0]?.latest ?? 0);
  return latest >= latestMigrationMillis();
}
