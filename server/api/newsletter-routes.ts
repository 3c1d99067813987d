// Newsletter sign-up (double opt-in: a confirmation e-mail first), confirmation and unsubscribe.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { newsletterRules } from "../../services/account/rate-limit-rules.ts";
import { confirmSubscription, requestSubscription, unsubscribe } from "../../services/newsletter/newsletter-service.ts";
import { enforceRateLimits } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { emailSchema } from "../../shared/account-forms.ts";
import { accountRequests, guardAccountRoutes, linkTokenSchema, successReply, tokenBody } from "./account-guard.ts";

export async function newsletterRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardAccountRoutes(fastify);
  const { db, newsletterContext, verifyBot } = accountRequests(services);

  app.post(
    "/newsletterSubscriptions/subscribe",
    {
      schema: {
        querystring: z.object({ email: emailSchema }),
        body: tokenBody,
        response: { 200: successReply },
      },
    },
    async (request) => {
      const email = request.query.email;
      await enforceRateLimits(db(), newsletterRules(email, request.ip), "newsletter sign-ups");
      await verifyBot(request, request.body?.token, "newsletter");
      await requestSubscription(newsletterContext(), email, request.ip);
      return { success: true };
    },
  );

  app.post(
    "/newsletterSubscriptions/confirm",
    {
      schema: {
        body: z.object({ confirmToken: linkTokenSchema }),
        response: { 200: z.object({ success: z.boolean(), email: z.string() }) },
      },
    },
    async (request) => {
      const { email } = await confirmSubscription(newsletterContext(), request.body.confirmToken);
      return { success: true, email };
    },
  );

  app.post(
    "/newsletterSubscriptions/unsubscribe",
    { schema: { body: z.object({ unsubscribeToken: z.string().max(200) }), response: { 200: successReply } } },
    async (request) => {
      await unsubscribe(db(), request.body.unsubscribeToken);
      return { success: true };
    },
  );
}
