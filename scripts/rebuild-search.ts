// `npm run search:rebuild`: recomputes the search data (search rows, dictionary, facet and word
// summaries) of the database the store uses: PostgreSQL when DATABASE_URL is set, else the embedded
// database in DATA_DIR (./data; stop the store first, PGlite allows one process). Run it after bulk
// edits to tags, categories or product text, and after an upgrade whose migration empties search data.
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";

const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";
const handle = await openDatabase(url ? { url } : { dataDir });
try {
  console.error(
    `Database: ${handle.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${dataDir}`}`,
  );
  await migrateDatabase(handle);
  const started = performance.now();
  console.error("Rebuilding the search index...");
  await rebuildSearchIndex(handle.db);
  console.error(`Search index rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await handle.close();
}
