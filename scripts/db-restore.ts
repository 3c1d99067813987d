// `npm run db:restore -- FILE`: replaces the embedded database (DATA_DIR, ./data) with a backup made
// by `npm run db:backup`. The store must be stopped; the current database is kept beside it.
import { restoreEmbeddedDatabase } from "../db/backup.ts";
import { DatabaseLockedError } from "../db/client.ts";

const file = process.argv[2];
if (!file || process.env.DATABASE_URL) {
  console.error(
    process.env.DATABASE_URL
      ? "DATABASE_URL is set: restore a PostgreSQL server with pg_restore / psql."
      : "Usage: npm run db:restore -- FILE",
  );
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || "./data";
try {
  const { keptAs } = await restoreEmbeddedDatabase(dataDir, file);
  console.log(`Restored ${file} into ${dataDir}.`);
  if (keptAs) console.log(`The database it replaced is kept in ${keptAs} (delete it once the store runs well).`);
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? `${error.message} Stop the store before restoring.` : error);
  process.exit(1);
}
