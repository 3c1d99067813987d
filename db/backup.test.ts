import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "./backup.ts";
import { DatabaseLockedError, openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

describe("embedded database backups", () => {
  test("a backup restores the data as it was, and both refuse while a store holds the database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "store-backup-"));
    const file = join(dataDir, "..", `${dataDir.split("/").pop()}.tar.gz`);
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await database.db.execute(
      sql`insert into countries (code, title, position, requires_state) values ('NZ', 'New Zealand', 1, false)`,
    );
    await database.close();
    // A store process (here: this test's parent, alive) holds the lock: both refuse.
    writeFileSync(join(dataDir, "store.lock"), String(process.ppid));
    await expect(backupEmbeddedDatabase(dataDir, file)).rejects.toThrow(DatabaseLockedError);
    await expect(restoreEmbeddedDatabase(dataDir, file)).rejects.toThrow(DatabaseLockedError);
    rmSync(join(dataDir, "store.lock"));

    expect(await backupEmbeddedDatabase(dataDir, file)).toBeGreaterThan(1000);

    // A change after the backup is undone by the restore.
    const changed = await openDatabase({ dataDir });
    await changed.db.execute(sql`delete from countries`);
    await changed.close();

    const { keptAs } = await restoreEmbeddedDatabase(dataDir, file);
    expect(keptAs).toContain("pgdata.before-restore-");
    const restored = await openDatabase({ dataDir });
    const result = await restored.db.execute(sql`select code from countries`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ code: string }>;
    expect(rows.map((row) => row.code)).toEqual(["NZ"]);
    await restored.close();
  }, 120_000);
});
