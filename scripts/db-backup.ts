// `npm run db:backup -- FILE`: the embedded database (DATA_DIR, ./data) as one gzip'd tar file.
// Stop the store first (the embedded database has one connection); on PostgreSQL use pg_dump.
import { backupEmbeddedDatabase } from "../db/backup.ts";
import { DatabaseLockedError } from "../db/client.ts";

const file = process.argv[2];
if (!file || process.env.DATABASE_URL) {
  console.error(
    process.env.DATABASE_URL
      ? "DATABASE_URL is set: back up a PostgreSQL server with pg_dump (see the README's Deploying section)."
      : "Usage: npm run db:backup -- FILE   (e.g. backups/store-2026-11-25.tar.gz)",
  );
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || "./data";
try {
  const bytes = await backupEmbeddedDatabase(dataDir, file);
  console.log(`Backed up the embedded database in ${dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? `${error.message}` : error);
  process.exit(1);
}
