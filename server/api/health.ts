import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StoreServices } from "../../services/store-services.ts";

const healthReply = {
  200: z.object({ status: z.literal("ok"), database: z.string(), databaseLatencyMs: z.number() }),
  503: z.object({ status: z.literal("unavailable"), error: z.string() }),
};

export async function healthRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/health", { schema: { response: healthReply } }, async (_request, reply) => {
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
  });
}
