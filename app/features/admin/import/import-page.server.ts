// What /admin/import loads: the latest runs, and the run named in the address (?run=ID) so a reload
// shows the same run going on.
import type { Database } from "../../../../db/client.ts";
import { getImportRun, listImportRuns } from "../../../../services/catalog/csv/import-runs.ts";
import { NotFound } from "../../../../services/errors.ts";
import type { ImportRun } from "../../../../shared/admin/catalog-csv.ts";

export async function loadImportPage(
  db: Database,
  runParam: string | null,
): Promise<{ runs: ImportRun[]; current: ImportRun | null }> {
  const runs = await listImportRuns(db, 10);
  const id = runParam === null ? Number.NaN : Number(runParam);
  let current: ImportRun | null = null;
  if (Number.isInteger(id) && id > 0 && id < 2 ** 31) {
    try {
      current = await getImportRun(db, id);
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
  }
  return { runs, current };
}
