// /api/admin/reviews and /api/admin/questions: staff approve, answer, reject or delete what shoppers
// wrote on product pages. Approving or rejecting a review moves the product's rating and count.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deleteQuestion,
  deleteReview,
  listQuestionsForModeration,
  listReviewsForModeration,
  moderateQuestion,
  setReviewStatus,
} from "../../../services/reviews/admin/moderation.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import {
  moderationListQuerySchema,
  questionActionSchema,
  reviewActionSchema,
} from "../../../shared/admin/moderation.ts";
import { auditActor, staffOf } from "./admin-guard.ts";

export const idParams = z.object({
  id: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be 1 or more" })
    .max(2_147_483_647, { error: "is too large" }),
});

export async function reviewAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: services.database.db, changes: services.changes });

  app.get(
    "/reviews",
    { config: { permission: "reviews:write" }, schema: { querystring: moderationListQuerySchema } },
    async (request) => listReviewsForModeration(services.database.db, request.query),
  );

  app.post(
    "/reviews/:id/status",
    { config: { permission: "reviews:write" }, schema: { params: idParams, body: reviewActionSchema } },
    async (request) => setReviewStatus(deps(), auditActor(request), request.params.id, request.body.status),
  );

  app.delete(
    "/reviews/:id",
    { config: { permission: "reviews:write" }, schema: { params: idParams } },
    async (request) => {
      await deleteReview(deps(), auditActor(request), request.params.id);
      return { success: true };
    },
  );

  app.get(
    "/questions",
    { config: { permission: "reviews:write" }, schema: { querystring: moderationListQuerySchema } },
    async (request) => listQuestionsForModeration(services.database.db, request.query),
  );

  app.post(
    "/questions/:id",
    { config: { permission: "reviews:write" }, schema: { params: idParams, body: questionActionSchema } },
    async (request) => ({
      question: await moderateQuestion(
        deps(),
        { ...auditActor(request), staffName: staffOf(request).name },
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    "/questions/:id",
    { config: { permission: "reviews:write" }, schema: { params: idParams } },
    async (request) => {
      await deleteQuestion(deps(), auditActor(request), request.params.id);
      return { success: true };
    },
  );
}
