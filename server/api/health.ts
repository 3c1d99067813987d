import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { migrationsApplied } from "../../db/migrate.ts";
import type { StoreServices } from "../../services/store-services.ts";

/** Whether this process takes traffic; on shutdown `draining` turns readiness off first. */
export interface Lifecycle {
  draining: boolean;
}

export function createLifecycle(): Lifecycle {
  return { draining: false };
}

const healthReply = {
  200: z.object({ status: z.literal("ok"), database: z.string(), databaseLatencyMs: z.number() }),
  503: z.object({ status: z.literal("unavailable"), error: z.string() }),
};

const liveReply = { 200: z.object({ status: z.literal("ok") }) };

const readyReply = {
  200: z.object({ status: z.literal("ready"), database: z.string(), databaseLatencyMs: z.number() }),
  503: z.object({
    status: z.literal("not_ready"),
    reason: z.enum(["shutting_down", "database_unreachable", "migrations_pending"]),
    error: z.string(),
  }),
};

/** A readiness probe must answer fast even when the database does not: it gives up after this long. */
const READY_TIMEOUT_MS = 2_000;

export async function healthRoutes(
  fastify: FastifyInstance,
  { services, lifecycle }: { services: StoreServices; lifecycle: Lifecycle },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const noStore = { "cache-control": "no-store" };

  app.get(
    "/health",
    { schema: { summary: "Database health (kept for existing monitors)", response: healthReply } },
    async (_request, reply) => {
      const started = performance.now();
      try {
        await services.database.db.execute(sql`select 1`);
        return {
          status: "ok" as const,
          database: services.database.kind,
          databaseLatencyMs: Math.round((performance.now() - started) * 10) / 10,
        };
      } catch (error) {
        reply.log.error({ err: error }, "health check failed");
        return reply.status(503).send({ status: "unavailable", error: "The database does not answer." });
      }
    },
  );

  // Liveness: the process answers. Never looks at the database, so an outage does not get every
  // instance restarted at once.
  app.get(
    "/health/live",
    { schema: { summary: "Liveness: the process answers", response: liveReply }, logLevel: "warn" },
    async (_request, reply) => {
      reply.headers(noStore);
      return { status: "ok" as const };
    },
  );

  // Readiness: this instance should get traffic. Off while shutting down (first thing on SIGTERM, so
  // the load balancer drains it), while the database does not answer, or while migrations are pending.
  let migrationsKnownApplied = false;
  app.get(
    "/health/ready",
    {
      schema: { summary: "Readiness: database reachable, migrations applied, not shutting down", response: readyReply },
      logLevel: "warn",
    },
    async (_request, reply) => {
      reply.headers(noStore);
      if (lifecycle.draining) {
        return reply.status(503).send({
          status: "not_ready",
          reason: "shutting_down",
          error: "This instance is shutting down.",
        });
      }
      const started = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          (async () => {
            await services.database.db.execute(sql`select 1`);
            if (!migrationsKnownApplied) migrationsKnownApplied = await migrationsApplied(services.database);
          })(),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error("the database did not answer in time")), READY_TIMEOUT_MS);
          }),
        ]);
      } catch {
        return reply.status(503).send({
          status: "not_ready",
          reason: "database_unreachable",
          error: "The database does not answer.",
        });
      } finally {
        clearTimeout(timer);
      }
      if (!migrationsKnownApplied) {
        return reply.status(503).send({
          status: "not_ready",
          reason: "migrations_pending",
          error: "The database is missing migrations this version needs; they run when the store starts.",
        });
      }
      return {
        status: "ready" as const,
        database: services.database.kind,
        databaseLatencyMs: Math.round((performance.now() - started) * 10) / 10,
      };
    },
  );
}
