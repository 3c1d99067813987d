// The /admin/import page: export link, the upload (drag and drop or a file picker), dry run or import,
// the run's progress bar with rows per second (polled), its problems and counts, and the latest runs.
import { Download, FileUp } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { CsvProblem, ImportRun } from "../../../../shared/admin/catalog-csv.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { AdminApiError, adminApi } from "../ui/admin-api.ts";
import { adminColumns, DataTable } from "../ui/data-table.tsx";
import { PageHeader, Panel } from "../ui/page-header.tsx";

const POLL_MS = 500;

const PHASE_LABELS: Record<ImportRun["phase"], string> = {
  reading: "Reading and checking rows",
  checking: "Checking against the catalog",
  writing: "Writing the catalog",
  indexing: "Updating search",
  done: "Finished",
};

const problemColumns = adminColumns<CsvProblem>((c) => [
  c.accessor("row", { header: "Row" }),
  c.accessor("column", { header: "Column", cell: (info) => info.getValue() ?? "(whole row)" }),
  c.accessor("message", { header: "Problem", enableSorting: false }),
]);

const runColumns = adminColumns<ImportRun>((c) => [
  c.accessor("startedAt", {
    header: "Started",
    cell: (info) => new Date(info.getValue()).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
  }),
  c.accessor("fileName", { header: "File" }),
  c.accessor("mode", { header: "Kind", cell: (info) => (info.getValue() === "dry_run" ? "Dry run" : "Import") }),
  c.accessor("status", { header: "Result", cell: (info) => statusLabel(info.row.original) }),
  c.accessor("rowsRead", { header: "Rows" }),
  c.accessor("actor", { header: "By" }),
]);

function statusLabel(run: ImportRun): string {
  if (run.status === "running") return "Running";
  if (run.status === "failed") return "Failed";
  if (run.status === "rejected") return `${run.problemCount} problem${run.problemCount === 1 ? "" : "s"}`;
  return run.mode === "dry_run" ? "No problems" : "Imported";
}

export function ImportPage({
  canImport,
  runs,
  initialRun,
}: {
  canImport: boolean;
  runs: ImportRun[];
  initialRun: ImportRun | null;
}) {
  const [, setParams] = useSearchParams();
  const [run, setRun] = useState<ImportRun | null>(initialRun);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<"dry_run" | "import">("dry_run");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const modeName = useId();

  // Follows a running run until it ends (also one found in the address after a reload).
  const runId = run?.id;
  const running = run?.status === "running";
  useEffect(() => {
    if (!running || runId === undefined) return;
    const controller = new AbortController();
    const timer = setInterval(async () => {
      try {
        const { importRun } = await adminApi<{ importRun: ImportRun }>(`/api/admin/catalog/imports/${runId}`, {
          signal: controller.signal,
        });
        setRun(importRun);
      } catch (caught) {
        if ((caught as Error).name !== "AbortError") setError((caught as Error).message);
      }
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [running, runId]);

  const choose = (chosen: File | undefined | null) => {
    setError(null);
    if (!chosen) return;
    if (!/\.(csv|txt)$/i.test(chosen.name)) {
      setError(`${chosen.name} is not a .csv file.`);
      return;
    }
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const start = async () => {
    if (!file) {
      setError("Choose a CSV file first.");
      return;
    }
    setSending(true);
    setError(null);
    try {
      const query = new URLSearchParams({ mode, fileName: file.name });
      const response = await fetch(`/api/admin/catalog/imports?${query}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "text/csv", accept: "application/json", "idempotency-key": crypto.randomUUID() },
        body: file,
      });
      const body = (await response.json().catch(() => null)) as { importRun?: ImportRun; error?: string } | null;
      if (!response.ok || !body?.importRun) {
        throw new AdminApiError(body?.error ?? `The upload failed (${response.status}).`, response.status);
      }
      setRun(body.importRun);
      setParams({ run: String(body.importRun.id) }, { replace: true, preventScrollReset: true });
    } catch (caught) {
      setError(
        caught instanceof AdminApiError
          ? caught.message
          : "We could not reach the store. Check your connection and try again.",
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Import and export"
        description="The catalog as a CSV file, one row per variant. The columns and rules are in the README."
        actions={
          <a className="btn-secondary" href="/api/admin/catalog/export" download>
            <Download aria-hidden="true" size={18} />
            Download the catalog (CSV)
          </a>
        }
      />
      <div className="grid gap-6">
        {canImport ? (
          <Panel title="Import a CSV file">
            <label
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="import-drop-zone"
              className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center focus-within:ring-2 focus-within:ring-aqua-500 ${
                dragging ? "border-aqua-500 bg-cyan-50" : "border-line bg-surface"
              }`}
            >
              <FileUp aria-hidden="true" size={28} className="text-aqua-600" />
              <span className="font-semibold text-water-900">
                {file ? `${file.name} (${formatBytes(file.size)})` : "Drop a CSV file here"}
              </span>
              <span className="btn-secondary">{file ? "Choose another file" : "Choose a file"}</span>
              <input
                ref={inputRef}
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                className="sr-only"
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </label>
            <fieldset className="mt-4">
              <legend className="mb-2 font-semibold text-water-900">What to do</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={modeName}
                    checked={mode === "dry_run"}
                    onChange={() => setMode("dry_run")}
                  />
                  Dry run: check every row, write nothing
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input type="radio" name={modeName} checked={mode === "import"} onChange={() => setMode("import")} />
                  Import: write the file to the catalog
                </label>
              </div>
            </fieldset>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <BusyButton
                type="button"
                busy={sending}
                busyLabel="Sending the file..."
                disabled={running}
                onClick={start}
              >
                {mode === "dry_run" ? "Start the dry run" : "Start the import"}
              </BusyButton>
              <span className="text-sm text-muted">
                A file with any problem writes nothing; an import writes all of it at once.
              </span>
            </div>
            {error ? (
              <Notice tone="danger" className="mt-4">
                {error}
              </Notice>
            ) : null}
          </Panel>
        ) : (
          <Notice tone="info">Your role can download the catalog; importing needs a manager or the owner.</Notice>
        )}
        {run ? <RunReport run={run} /> : null}
        <Panel title="Latest runs">
          <DataTable
            caption="Latest imports and dry runs"
            columns={runColumns}
            data={runs}
            rowId={(r) => String(r.id)}
            mode="client"
            pageSize={10}
            empty="No imports yet."
          />
        </Panel>
      </div>
    </>
  );
}

function RunReport({ run }: { run: ImportRun }) {
  const percent = Math.round(run.progress * 100);
  const kind = run.mode === "dry_run" ? "Dry run" : "Import";
  const s = run.summary;
  return (
    <Panel title={`${kind} of ${run.fileName}`}>
      <div className="mb-2 flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-semibold text-water-900">{PHASE_LABELS[run.phase]}</span>
        <span className="tabular-nums text-muted" data-testid="import-rate">
          {run.rowsRead.toLocaleString("en-US")} rows · {run.rowsPerSecond.toLocaleString("en-US")} rows/s
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${kind} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-surface"
      >
        <div
          className={`h-full rounded-full transition-[width] ${run.status === "rejected" || run.status === "failed" ? "bg-sale" : "bg-aqua-500"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="mt-4">
        {run.status === "running" ? null : run.status === "failed" ? (
          <Notice tone="danger">The run failed: {run.error ?? "unknown error"}. Nothing was written.</Notice>
        ) : run.status === "rejected" ? (
          <Notice tone="danger">
            {run.problemCount} problem{run.problemCount === 1 ? "" : "s"} found: nothing was written. Fix them in the
            file and try again.
          </Notice>
        ) : run.mode === "dry_run" ? (
          <Notice tone="success">
            No problems in {s?.rows.toLocaleString("en-US")} rows. An import would touch {s?.products} products (
            {s?.newProducts} new), add {s?.newVariants} variants and remove {s?.removedVariants}
            {s?.newBrands.length ? `; new brands: ${s.newBrands.join(", ")}` : ""}.
          </Notice>
        ) : (
          <Notice tone="success">
            Imported {s?.rows.toLocaleString("en-US")} rows: {s?.changedProducts} products changed ({s?.newProducts}{" "}
            new), {s?.newVariants} variants added, {s?.removedVariants} removed
            {s?.newBrands.length ? `; new brands: ${s.newBrands.join(", ")}` : ""}.
          </Notice>
        )}
      </div>
      {run.problems.length ? (
        <div className="mt-4">
          {run.problemCount > run.problems.length ? (
            <p className="mb-2 text-sm text-muted">The first {run.problems.length} problems:</p>
          ) : null}
          <DataTable
            caption="Problems by row and column"
            columns={problemColumns}
            data={run.problems}
            mode="client"
            pageSize={25}
          />
        </div>
      ) : null}
    </Panel>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
