// `npm run catalog:export -- FILE`: writes the catalog as CSV (one row per variant; columns in the
// README) to FILE, or to standard output with `-`. Database: DATABASE_URL, else the embedded one in
// DATA_DIR (stop the store first: PGlite allows one process).
import { createWriteStream } from "node:fs";
import { openMigratedDatabaseFromEnv } from "../db/open-from-env.ts";
import { exportCatalogCsv } from "../services/catalog/csv/catalog-export.ts";

const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error("Usage: npm run catalog:export -- FILE   (FILE - writes to standard output)");
  process.exit(2);
}
const handle = await openMigratedDatabaseFromEnv();
try {
  const started = performance.now();
  const { rows } = await exportCatalogCsv(handle.db, target === "-" ? process.stdout : createWriteStream(target));
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `Exported ${rows.toLocaleString("en-US")} variant rows${target === "-" ? "" : ` to ${target}`} in ${seconds.toFixed(1)} s.`,
  );
} finally {
  await handle.close();
}
