import { type DatabaseHandle, openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

/**
 * The store's database as its command-line tools open it, migrated: PostgreSQL when DATABASE_URL is
 * set, else the embedded database in DATA_DIR (./data). Says which on stderr.
 */
export async function openMigratedDatabaseFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<DatabaseHandle> {
  const url = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || "./data";
  // Command-line tools: bulk statements (a seed, a search rebuild) may run for minutes.
  const handle = await openDatabase(url ? { url, longStatements: true } : { dataDir });
  try {
    console.error(
      `Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${dataDir}`}`,
    );
    await migrateDatabase(handle);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
