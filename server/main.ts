import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { DatabaseLockedError, openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { registerDemoImages, seedDemoIfWanted } from "../demo/start.ts";
import { createChangeFeed } from "../services/changes/change-feed-from-config.ts";
import { ConfigError, loadConfig } from "../services/config.ts";
import { startMailSweep } from "../services/jobs/store-jobs.ts";
import { createLogger } from "../services/logger.ts";
import { pendingSettlements } from "../services/orders/place-order.ts";
import { createStoreServices } from "../services/store-services.ts";
import { createLifecycle } from "./api/health.ts";
import { buildApp, type Frontend } from "./app.ts";
import { registerMaintenanceJob } from "./maintenance.ts";
import { assertNodeVersion } from "./node-version.ts";
import { startMetricsServer } from "./plugins/metrics.ts";

/** SIGTERM/SIGINT: the process is gone within this long, whatever happens. */
const SHUTDOWN_LIMIT_MS = 10_000;
/** How long requests in flight get to finish before their connections are closed. */
const SHUTDOWN_GRACE_MS = 6_000;

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
  const database = await openDatabase({
    url: config.env.DATABASE_URL,
    readUrl: config.env.DATABASE_READ_URL,
    dataDir: config.dataDir,
  });
  await migrateDatabase(database);
  const logger = createLogger(config.env.LOG_LEVEL);
  // Caches on every instance hear of a change: LISTEN/NOTIFY on a server database, Redis when set.
  const changes = createChangeFeed({ database, redisUrl: config.env.REDIS_URL, logger });
  const services = createStoreServices({ config, database, logger, changes });
  await seedDemoIfWanted(services);

  // Background work on the job queue: mails, the hourly maintenance, search-data refreshes.
  registerMaintenanceJob(services.jobs, database.db);
  await services.jobs.start();
  const mailSweep = startMailSweep(services.jobs, services.mailer, services.logger);
  const frontend = config.env.NODE_ENV === "development" ? await developmentFrontend() : await productionFrontend();
  const lifecycle = createLifecycle();
  const app = await buildApp({ services, frontend, registerExtras: registerDemoImages, lifecycle });

  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const drainMs = config.env.SHUTDOWN_DRAIN_MS ?? 0;
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS + drainMs);
    force.unref();
    // Readiness answers 503 first; for SHUTDOWN_DRAIN_MS the store still serves whatever the load
    // balancer sends while it notices, then stops listening.
    lifecycle.draining = true;
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // New connections are refused at once; requests in flight get SHUTDOWN_GRACE_MS to finish. A client
    // still holding a request open after that (a stalled upload) is cut off, so the database closes
    // cleanly within the limit instead of the process being killed in the middle of a write.
    const grace = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    grace.unref();
    let code = 0;
    try {
      await app.close();
      clearTimeout(grace);
      await metricsServer?.close();
      mailSweep.stop();
      await services.jobs.stop(2_000);
      services.mailer.stop();
      // A payment whose order could not be confirmed is settled before the database goes.
      await pendingSettlements(1_000);
      await services.changes.close();
      await database.close();
    } catch (error) {
      console.error("Shutdown failed:", error);
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  // /metrics on a port of its own (no token) for a scraper on a private network.
  if (config.env.METRICS_PORT) {
    metricsServer = await startMetricsServer({ port: config.env.METRICS_PORT, host: config.env.HOST });
  }
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
