import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { DatabaseLockedError, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { registerDemoImages, seedDemoIfWanted } from "../demo/start.ts";
import { ConfigError, loadConfig } from "../services/config.ts";
import { createStoreServices } from "../services/store-services.ts";
import { buildApp, type Frontend } from "./app.ts";
import { startMaintenance } from "./maintenance.ts";
import { assertNodeVersion } from "./node-version.ts";

async function productionFrontend(): Promise<Frontend> {
  const serverEntry = resolve("build/server/index.js");
  if (!existsSync(serverEntry)) {
    throw new ConfigError("No production build found. Run `npm run build` (or `npm start`, which builds when needed).");
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { mode: "production", clientDir: resolve("build/client"), getBuild: async () => build };
}

async function developmentFrontend(): Promise<Frontend> {
  const { createServer } = await import("vite");
  const middie = (await import("@fastify/middie")).default;
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  return {
    mode: "development",
    getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    registerDevMiddleware: async (app) => {
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook("onClose", () => vite.close());
    },
  };
}

export async function main(): Promise<void> {
  assertNodeVersion();
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase({ url: config.env.DATABASE_URL, dataDir: config.dataDir });
  await migrateDatabase(database);
  const services = createStoreServices({ config, database });
  await seedDemoIfWanted(services);

  services.mailer.start();
  const maintenance = startMaintenance(database.db, (error) =>
    services.logger.error({ err: error }, "maintenance failed"),
  );
  const frontend = config.env.NODE_ENV === "development" ? await developmentFrontend() : await productionFrontend();
  const app = await buildApp({ services, frontend, registerExtras: registerDemoImages });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      services.mailer.stop();
      clearInterval(maintenance);
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  const where = database.kind === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL server";
  console.log(
    `${config.store.storeName} is ready on ${config.publicUrl} (${where}, started in ${Math.round(performance.now() - started)} ms)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
