// `npm run search:rebuild`: recomputes the search data (search rows, dictionary, facet and word
// summaries) of the database the store uses: PostgreSQL when DATABASE_URL is set, else the embedded
// database in DATA_DIR (./data; stop the store first, PGlite allows one process). Run it after bulk
// edits to tags, categories or product text, and after an upgrade whose migration empties search data.
import { openMigratedDatabaseFromEnv } from "../db/open-from-env.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";

const handle = await openMigratedDatabaseFromEnv();
try {
  const started = performance.now();
  console.error("Rebuilding the search index...");
  await rebuildSearchIndex(handle.db, {
    onPhase: (phase, ms) => console.error(`  ${phase}: ${(ms / 1000).toFixed(1)} s`),
  });
  console.error(`Search index rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await handle.close();
}
