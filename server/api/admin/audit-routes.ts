// The audit log for owners (`audit:read`): newest first, filtered by member, entity, action and date.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditEntities, listAudit } from "../../../services/audit/audit-log.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { auditQuerySchema } from "../../../shared/admin/audit-query.ts";

const entryReply = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.number().nullable(),
  staffEmail: z.string().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  ipAddress: z.string().nullable(),
});

export async function auditRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/audit",
    {
      config: { permission: "audit:read" },
      schema: {
        querystring: auditQuerySchema,
        response: {
          200: z.object({
            entries: z.array(entryReply),
            pageInfo: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
            entities: z.array(z.string()),
          }),
        },
      },
    },
    async (request) => {
      const db = services.database.db;
      const result = await listAudit(db, request.query);
      return {
        entries: result.entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
        pageInfo: { page: result.page, pageSize: result.pageSize, total: result.total },
        entities: await auditEntities(db),
      };
    },
  );
}
