// A migrated in-memory database for the catalog services' own tests (fixtures written by each test).
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  return handle;
}
