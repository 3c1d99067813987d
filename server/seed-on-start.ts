import type { DatabaseHandle } from "../db/client.ts";
import { isCatalogEmpty, seedDemoData } from "../db/seed/seed.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";

/**
 * A bare `npm start` must show a real store: an empty catalog gets the demo data (and its search
 * index). A database that already has products is left alone.
 */
export async function seedIfEmpty(database: DatabaseHandle, products: number): Promise<void> {
  if (products <= 0 || !(await isCatalogEmpty(database.db))) return;
  const started = performance.now();
  console.log(`Empty catalog: seeding ${products.toLocaleString("en-US")} demo products...`);
  const summary = await seedDemoData(database.db, { products });
  await rebuildSearchIndex(database.db);
  console.log(
    `Seeded ${summary.products.toLocaleString("en-US")} products, ${summary.collections} categories and ` +
      `${summary.vendors} brands in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
