// The demo store's start-up wiring: server/main.ts calls these two, and nothing else in the store
// knows the demo exists.
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";
import type { ServerConfig } from "../services/config.ts";
import { rebuildSearchIndex } from "../services/search/search-index.ts";
import type { StoreServices } from "../services/store-services.ts";
import { registerDemoImageRoute } from "./images/image-route.ts";
import { isCatalogEmpty, seedDemoData } from "./seed/seed.ts";

/**
 * The quick start (`npm start` on the embedded database) opens a store with something in it; a
 * real deployment on its own PostgreSQL server must not get a fake catalog unless it asks (DEMO=1).
 */
export function wantsDemo(env: ServerConfig["env"], kind: DatabaseHandle["kind"]): boolean {
  if (env.DEMO === "0" || env.SEED_PRODUCTS <= 0) return false;
  return env.DEMO === "1" || kind === "pglite";
}

/** Seeds the demo store (and its search data) into an empty catalog when it is wanted; a catalog with products is left alone. */
export async function seedDemoIfWanted({ config, database, logger }: StoreServices): Promise<void> {
  if (!wantsDemo(config.env, database.kind) || !(await isCatalogEmpty(database.db))) return;
  const products = config.env.SEED_PRODUCTS;
  const started = performance.now();
  logger.info(`Empty catalog: seeding ${products.toLocaleString("en-US")} demo products...`);
  const summary = await seedDemoData(database.db, { products });
  // The seeder wrote the search attributes of every product it made.
  await rebuildSearchIndex(database.db, { attributes: "missing" });
  logger.info(
    `Seeded ${summary.products.toLocaleString("en-US")} products, ${summary.collections} categories and ` +
      `${summary.vendors} brands in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/** The demo's generated product, brand, article and category images under /img/. */
export async function registerDemoImages(app: FastifyInstance, services: StoreServices): Promise<void> {
  await registerDemoImageRoute(app, { cacheDir: join(services.config.dataDir, "image-cache") });
}
