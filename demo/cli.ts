/**
 * npm run seed -- --products N [--reset] [--seed S]
 * Seeds PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR (./data).
 */
import { parseArgs } from "node:util";
import { openMigratedDatabaseFromEnv } from "../db/open-from-env.ts";
import { announceChanges } from "../services/changes/change-feed-from-config.ts";
import { rebuildSearchIndex, refreshWordSummaries } from "../services/search/search-index.ts";
import { createProgressBar, formatDuration } from "./seed/progress.ts";
import { DEFAULT_PRODUCT_COUNT, isCatalogEmpty, resetCatalog, seedDemoData } from "./seed/seed.ts";

const USAGE = "Usage: npm run seed -- [--products N] [--reset] [--seed S] [--batch N]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: String(DEFAULT_PRODUCT_COUNT) },
      reset: { type: "boolean", default: false },
      seed: { type: "string" },
      batch: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const products = Number(values.products);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (
    !Number.isInteger(products) ||
    products < 0 ||
    (seed !== undefined && !Number.isInteger(seed)) ||
    (batch !== undefined && !(batch > 0))
  ) {
    console.error(`Invalid arguments.\n${USAGE}`);
    return 2;
  }

  const started = Date.now();
  const handle = await openMigratedDatabaseFromEnv();
  try {
    if (!(await isCatalogEmpty(handle.db))) {
      if (!values.reset) {
        console.error("The catalog already has products. Run with --reset to replace it.");
        return 1;
      }
    }
    if (values.reset) {
      console.error("Resetting the catalog...");
      await resetCatalog(handle.db);
    }
    const bar = createProgressBar("Seeding");
    const printPhase = (phase: string, ms: number) => console.error(`  ${phase}: ${formatDuration(ms)}`);
    const indexBar = createProgressBar("Search documents");
    let indexMs = 0;
    // PGlite keeps everything in one process: smaller rounds keep its memory peak down.
    const summary = await seedDemoData(handle.db, {
      products,
      seed,
      batchSize: batch ?? (handle.kind === "pglite" ? 500 : 2000),
      onProgress: ({ done, total }) => bar.update(done, total),
      onPhase: printPhase,
      // The search data is built in the seed's transaction (each product was written with its search
      // vector, which the documents copy). A failure leaves no half store.
      inTransaction: async (tx) => {
        const started = Date.now();
        console.error("Building the search index...");
        await rebuildSearchIndex(tx, {
          vacuum: false,
          // The seeder wrote every product's attributes as it generated them.
          attributes: "missing",
          // ...and every product's search vector with its row.
          vectors: "stored",
          // After the commit, two at once (one connection each) while the tables are vacuumed.
          wordSummaries: false,
          onProgress: (done, total) => indexBar.update(done, total),
          onPhase: (phase, ms) => printPhase(`search index: ${phase}`, ms),
        });
        indexMs = Date.now() - started;
      },
      afterCommit: async (db) => {
        const started = Date.now();
        await refreshWordSummaries(db);
        printPhase("search index: word summaries", Date.now() - started);
        indexMs += Date.now() - started;
      },
    });
    bar.finish(
      `Seeded ${summary.products.toLocaleString("en-US")} products (${summary.variants.toLocaleString("en-US")} variants, ` +
        `${summary.reviews.toLocaleString("en-US")} reviews, ${summary.tags} tags, ${summary.collections} collections, ${summary.vendors} brands, ` +
        `${summary.equipmentModels} equipment models in ${summary.equipmentMs} ms), search index built in ${formatDuration(indexMs)},`,
    );
    // A store running on this database drops its cached pages (the whole catalog is new).
    await announceChanges(
      handle,
      (["product", "category", "brand", "content", "equipment", "discount"] as const).map((kind) => ({ kind })),
    );
    console.error(`Total elapsed (migrations, seeding, search index): ${formatDuration(Date.now() - started)}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);
