// Import runs: the row each dry run or import keeps in catalog_import_runs, and the live progress of
// the runs this process is working on (fresher than the row while one long transaction holds PGlite).
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { type CatalogImportMode, catalogImportRuns } from "../../../db/schema/catalog-import.ts";
import type { CsvProblem, ImportPhase, ImportRun, ImportSummary } from "../../../shared/admin/catalog-csv.ts";
import { Conflict, NotFound } from "../../errors.ts";

/** A run that has not moved for this long died with its process. */
const STALE_AFTER_MS = 15 * 60 * 1000;

export interface LiveProgress {
  phase: ImportPhase;
  rowsRead: number;
  bytesRead: number;
  progress: number;
  problemCount: number;
}

const live = new Map<number, LiveProgress>();

export function setLiveProgress(runId: number, progress: LiveProgress | null): void {
  if (progress) live.set(runId, progress);
  else live.delete(runId);
}

type RunRow = typeof catalogImportRuns.$inferSelect;

function toImportRun(row: RunRow, now = Date.now()): ImportRun {
  const current = row.status === "running" ? live.get(row.id) : undefined;
  const rowsRead = current?.rowsRead ?? row.rowsRead;
  const end = row.finishedAt?.getTime() ?? now;
  const seconds = Math.max(0.001, (end - row.startedAt.getTime()) / 1000);
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    phase: (current?.phase ?? row.phase) as ImportPhase,
    fileName: row.fileName,
    rowsRead,
    progress: current?.progress ?? row.progress,
    rowsPerSecond: Math.round(rowsRead / seconds),
    problemCount: current?.problemCount ?? row.problemCount,
    problems: row.problems as CsvProblem[],
    summary: (row.summary as ImportSummary | null) ?? null,
    error: row.error,
    actor: row.actor,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Marks runs whose process died (no progress for a long while) as failed. */
async function failStaleRuns(db: Database): Promise<void> {
  await db
    .update(catalogImportRuns)
    .set({
      status: "failed",
      error: "The run stopped (the store restarted while it ran); nothing was written.",
      finishedAt: sql`now()`,
    })
    .where(
      and(
        eq(catalogImportRuns.status, "running"),
        lt(catalogImportRuns.updatedAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`),
      ),
    );
}

export async function createImportRun(
  db: Database,
  input: { mode: CatalogImportMode; fileName: string; fileBytes: number | null; actor: string; staffId: number | null },
): Promise<number> {
  await failStaleRuns(db);
  if (input.mode === "import") {
    const [running] = await db
      .select({ id: catalogImportRuns.id })
      .from(catalogImportRuns)
      .where(and(eq(catalogImportRuns.status, "running"), eq(catalogImportRuns.mode, "import")))
      .limit(1);
    if (running) throw new Conflict(`Import #${running.id} is still running: wait for it to finish.`);
  }
  const [row] = await db
    .insert(catalogImportRuns)
    .values({
      mode: input.mode,
      fileName: input.fileName.slice(0, 255),
      fileBytes: input.fileBytes,
      actor: input.actor,
      staffId: input.staffId,
    })
    .returning({ id: catalogImportRuns.id });
  return row.id;
}

export async function updateImportRun(
  db: Database,
  runId: number,
  values: Partial<{
    status: RunRow["status"];
    phase: ImportPhase;
    bytesRead: number;
    rowsRead: number;
    progress: number;
    problemCount: number;
    problems: CsvProblem[];
    summary: ImportSummary;
    error: string;
    finished: boolean;
  }>,
): Promise<void> {
  const { finished, ...rest } = values;
  await db
    .update(catalogImportRuns)
    .set({ ...rest, updatedAt: sql`now()`, ...(finished ? { finishedAt: sql`now()` } : {}) })
    .where(eq(catalogImportRuns.id, runId));
}

export async function getImportRun(db: Database, runId: number): Promise<ImportRun> {
  await failStaleRuns(db);
  const [row] = await db.select().from(catalogImportRuns).where(eq(catalogImportRuns.id, runId)).limit(1);
  if (!row) throw new NotFound(`No import run #${runId}.`);
  return toImportRun(row);
}

/** The latest runs, newest first (without their problem lists). */
export async function listImportRuns(db: Database, limit = 20): Promise<ImportRun[]> {
  await failStaleRuns(db);
  const rows = await db.select().from(catalogImportRuns).orderBy(desc(catalogImportRuns.id)).limit(limit);
  return rows.map((row) => ({ ...toImportRun(row), problems: [] }));
}
