import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { StoreServices } from "../../services/store-services.ts";

export async function healthRoutes(app: FastifyInstance, { services }: { services: StoreServices }) {
  app.get("/health", async (_request, reply) => {
    const started = performance.now();
    try {
      await services.database.db.execute(sql`select 1`);
      return {
        status: "ok",
        database: services.database.kind,
        databaseLatencyMs: Math.round((performance.now() - started) * 10) / 10,
      };
    } catch (error) {
      reply.log.error({ err: error }, "health check failed");
      return reply.status(503).send({ status: "unavailable", error: "The database does not answer." });
    }
  });
}
