// `npm run catalog:import -- FILE [--dry-run]`: imports a catalog CSV (the columns and rules are in the
// README). A dry run checks every row and writes nothing; an import with any problem writes nothing
// either and lists the problems by row and column; exit status 1 then. Progress goes to stderr.
// Database: DATABASE_URL, else the embedded one in DATA_DIR (stop the store first).
import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { openMigratedDatabaseFromEnv } from "../db/open-from-env.ts";
import { runCatalogImport } from "../services/catalog/csv/catalog-import.ts";
import { announceChanges } from "../services/changes/change-feed-from-config.ts";

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ allowPositionals: true, options: { "dry-run": { type: "boolean", default: false } } });
}
try {
  parsed = parse();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const file = parsed.positionals[0];
if (!file || parsed.positionals.length > 1) {
  console.error("Usage: npm run catalog:import -- FILE [--dry-run]");
  process.exit(2);
}
let bytes: number;
try {
  bytes = statSync(file).size;
} catch {
  console.error(`No file ${file}.`);
  process.exit(2);
}
const dryRun = parsed.values["dry-run"] === true;

const handle = await openMigratedDatabaseFromEnv();
let exitCode = 0;
try {
  let lastLine = 0;
  const run = await runCatalogImport(handle.db, createReadStream(file), {
    mode: dryRun ? "dry_run" : "import",
    fileName: basename(file),
    fileBytes: bytes,
    actor: "command line",
    onProgress: (p) => {
      if (p.elapsedSeconds - lastLine < 1 && p.phase === "reading") return;
      lastLine = p.elapsedSeconds;
      const rate = Math.round(p.rowsRead / Math.max(0.001, p.elapsedSeconds));
      console.error(
        `${p.phase.padEnd(8)} ${String(Math.round(p.progress * 100)).padStart(3)}%  ${p.rowsRead.toLocaleString("en-US")} rows  ${rate.toLocaleString("en-US")} rows/s  ${p.elapsedSeconds.toFixed(1)} s${p.problemCount ? `  ${p.problemCount} problems` : ""}`,
      );
    },
  });
  if (run.status === "rejected") {
    console.error(`\n${run.problemCount} problem${run.problemCount === 1 ? "" : "s"}; nothing was written:`);
    for (const p of run.problems) console.error(`  row ${p.row}${p.column ? `, ${p.column}` : ""}: ${p.message}`);
    if (run.problemCount > run.problems.length)
      console.error(`  ... and ${run.problemCount - run.problems.length} more.`);
    exitCode = 1;
  } else if (run.summary) {
    // A store running on this database drops the cached pages of what changed.
    if (!dryRun) await announceChanges(handle, [{ kind: "product" }, { kind: "brand" }]);
    const s = run.summary;
    console.error(
      `\n${dryRun ? "Dry run: no problems; nothing written." : "Imported."} ${s.rows.toLocaleString("en-US")} rows, ` +
        `${s.products} products (${s.newProducts} new), ${s.newVariants} new variants, ${s.removedVariants} variants removed` +
        `${s.newBrands.length ? `, new brands: ${s.newBrands.join(", ")}` : ""}` +
        `${dryRun ? "" : `; ${s.changedProducts} products changed`}. ${run.rowsPerSecond.toLocaleString("en-US")} rows/s.`,
    );
  }
} catch (error) {
  console.error(`The import failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await handle.close();
}
process.exit(exitCode);
