// Backups of the embedded database (PGlite): its whole data directory as one gzip'd tar file
// (PGlite's dumpDataDir), and a restore that loads such a file into a fresh data directory. Both
// need the store stopped: PGlite has one connection, and the store holds DATA_DIR/store.lock while
// it runs, so a backup or restore refuses while another process holds it (DatabaseLockedError).
// A store on a PostgreSQL server (DATABASE_URL) is backed up with pg_dump instead.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { acquireDirectoryLock } from "./client.ts";

const extensions = { pg_trgm, unaccent };

/** Writes the embedded database in `dataDir` to `file`; returns the file's size in bytes. */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<number> {
  const pgdata = join(dataDir, "pgdata");
  if (!existsSync(pgdata)) throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  const release = acquireDirectoryLock(dataDir);
  try {
    const client = await PGlite.create({ dataDir: pgdata, extensions });
    try {
      const dump = await client.dumpDataDir("gzip");
      const bytes = Buffer.from(await dump.arrayBuffer());
      writeFileSync(file, bytes);
      return bytes.length;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database in `dataDir` with the backup in `file`. The current data directory
 * is kept beside it as `pgdata.before-restore-<time>` (delete it once the store runs well).
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ keptAs: string | null }> {
  const release = acquireDirectoryLock(dataDir);
  try {
    if (!existsSync(file)) throw new Error(`No backup file at ${file}.`);
    const pgdata = join(dataDir, "pgdata");
    let keptAs: string | null = null;
    if (existsSync(pgdata)) {
      keptAs = `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      renameSync(pgdata, keptAs);
    }
    try {
      const blob = new Blob([readFileSync(file)]);
      const client = await PGlite.create({ dataDir: pgdata, loadDataDir: blob, extensions });
      // Reads a table to prove the restored directory opens as a database.
      await client.query("select count(*) from pg_catalog.pg_tables");
      await client.close();
    } catch (error) {
      if (keptAs) renameSync(keptAs, pgdata);
      throw error;
    }
    return { keptAs };
  } finally {
    release();
  }
}
