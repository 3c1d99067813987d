// Shoppers' reviews and questions from the product page. Both are held for staff to approve
// (/admin/reviews, /admin/questions) before they show; both are throttled per address and account and
// need a bot-check answer. The product's approved questions are listed here for its page.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforceRateLimits } from "../../services/rate-limit/rate-limiter.ts";
import { feedbackRules } from "../../services/reviews/feedback-limits.ts";
import { listProductQuestions, submitQuestion } from "../../services/reviews/product-questions.ts";
import { submitReview } from "../../services/reviews/product-reviews.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { QUESTION_THANKS, questionFormSchema, REVIEW_THANKS, reviewFormSchema } from "../../shared/product-feedback.ts";
import { accountRequests, guardAccountRoutes } from "./account-guard.ts";

const productParams = z.object({
  productId: z.coerce
    .number({ error: "must be a product id" })
    .int({ error: "must be a product id" })
    .min(1, { error: "must be a product id" })
    .max(2_147_483_647, { error: "must be a product id" }),
});

export async function productFeedbackRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardAccountRoutes(fastify);
  const { db, customerIdOf, verifyBot } = accountRequests(services);

  /** The signed-in shopper's customer id, or null for a guest. */
  const customerOf = async (request: FastifyRequest): Promise<number | null> => {
    const session = await request.session.get();
    return session?.userId ? customerIdOf(session.userId) : null;
  };

  app.get(
    "/products/:productId/questions",
    {
      schema: {
        params: productParams,
        response: {
          200: z.object({
            questions: z.array(
              z.object({
                id: z.number(),
                displayableId: z.string(),
                handle: z.string(),
                question: z.string(),
                bodyHtml: z.string().nullable(),
                answerHtml: z.string().nullable(),
                askedBy: z.string().nullable(),
                answeredBy: z.string().nullable(),
                createdAt: z.string(),
              }),
            ),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => listProductQuestions(services.database.readDb, request.params.productId),
  );

  app.post(
    "/products/:productId/reviews",
    {
      schema: {
        params: productParams,
        body: reviewFormSchema,
        response: {
          200: z.object({
            review: z.object({ id: z.number(), status: z.literal("pending"), verifiedPurchase: z.boolean() }),
            message: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const customerId = await customerOf(request);
      await enforceRateLimits(db(), feedbackRules("review", request.ip, customerId), "reviews");
      await verifyBot(request, request.body.token, "review");
      const review = await submitReview(db(), {
        productId: request.params.productId,
        customerId,
        review: request.body,
      });
      return { review, message: REVIEW_THANKS };
    },
  );

  app.post(
    "/products/:productId/questions",
    {
      schema: {
        params: productParams,
        body: questionFormSchema,
        response: {
          200: z.object({
            question: z.object({ id: z.number(), status: z.literal("pending") }),
            message: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const customerId = await customerOf(request);
      await enforceRateLimits(db(), feedbackRules("question", request.ip, customerId), "questions");
      await verifyBot(request, request.body.token, "question");
      const question = await submitQuestion(db(), {
        productId: request.params.productId,
        customerId,
        question: request.body,
      });
      return { question, message: QUESTION_THANKS };
    },
  );
}
