// Card payment endpoints of the Stripe gateway: Stripe's webhook, and "add a card" through a SetupIntent
// (the card is typed into Stripe's form; the store only confirms with Stripe what was saved). On the test
// gateway the wallet keeps its own add-card form and these answer 404.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import { ensureCustomerId, getUserSummary } from "../../services/account/account-service.ts";
import { addCardRules } from "../../services/account/rate-limit-rules.ts";
import { idParam } from "../../services/catalog/query-params.ts";
import { Forbidden, NotFound, Unauthorized } from "../../services/errors.ts";
import { isStripeGateway, type StripeGateway } from "../../services/payments/stripe-gateway.ts";
import { handleStripeEvent } from "../../services/payments/stripe-webhooks.ts";
import { enforceRateLimits } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { finishAddCard, startAddCard } from "../../services/wallet/stripe-wallet.ts";
import { isCrossSiteWrite } from "../plugins/session.ts";
import { paymentMethodReply } from "./account-replies.ts";

export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";
const NOT_ON_THIS_STORE = "Cards are not kept at Stripe on this store.";

export async function paymentRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const db = () => services.database.db;
  const stripe = (): StripeGateway => {
    const gateway = services.paymentGateway;
    if (!isStripeGateway(gateway)) throw new NotFound(NOT_ON_THIS_STORE);
    return gateway;
  };

  // Webhook: the signature covers the exact bytes Stripe sent, so this scope keeps the body raw.
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      STRIPE_WEBHOOK_PATH,
      {
        bodyLimit: 512 * 1024,
        schema: {
          summary: "Stripe's webhook (a signed Stripe event; the raw body is verified with STRIPE_WEBHOOK_SECRET)",
          response: {
            200: z.object({ received: z.literal(true), outcome: z.enum(["processed", "duplicate", "ignored"]) }),
            400: z.object({ error: z.string() }),
            404: z.object({ error: z.string() }),
          },
        },
      },
      async (request, reply) => {
        const gateway = services.paymentGateway;
        if (!isStripeGateway(gateway)) return reply.status(404).send({ error: NOT_ON_THIS_STORE });
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          event = gateway.verifyWebhook(raw, typeof signature === "string" ? signature : undefined);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError) {
            return reply.status(400).send({ error: "The webhook signature does not match this body." });
          }
          throw error;
        }
        const outcome = await handleStripeEvent(db(), gateway, event);
        return { received: true as const, outcome };
      },
    );
  });

  // Add a card (Stripe) ------------------------------------------------------------------------------
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const userIdParams = z.object({ id: idParam("user") });

  const signedInCustomer = async (request: FastifyRequest, pathUserId: number): Promise<number> => {
    if (isCrossSiteWrite(request)) {
      throw new Forbidden(
        "This request came from another site and was refused. Please try again from the store's own pages.",
      );
    }
    const session = await request.session.get();
    if (!session?.userId) throw new Unauthorized("Please sign in to continue.");
    if (session.userId !== pathUserId) throw new Forbidden("You can only see and change your own account.");
    const user = await getUserSummary(db(), session.userId);
    if (!user) throw new Unauthorized("Please sign in to continue.");
    return ensureCustomerId(db(), user);
  };

  app.post(
    "/user/:id/paymentMethods/setupIntents",
    {
      schema: {
        params: userIdParams,
        response: { 201: z.object({ clientSecret: z.string(), setupIntentId: z.string() }) },
      },
    },
    async (request, reply) => {
      const customerId = await signedInCustomer(request, request.params.id);
      await enforceRateLimits(db(), addCardRules(request.params.id, request.ip), "cards added");
      const started = await startAddCard(db(), stripe(), customerId, request.id);
      return reply.status(201).send(started);
    },
  );

  app.post(
    "/user/:id/paymentMethods/setupIntents/:setupIntentId/complete",
    {
      schema: {
        params: userIdParams.extend({
          setupIntentId: z.string().regex(/^seti_\w{1,200}$/, { error: "must be a Stripe SetupIntent id" }),
        }),
        body: z.object({ mailingAddressId: z.coerce.number().int().positive().optional() }).nullish(),
        response: { 201: z.object({ success: z.literal(true), paymentMethod: paymentMethodReply }) },
      },
    },
    async (request, reply) => {
      const customerId = await signedInCustomer(request, request.params.id);
      const paymentMethod = await finishAddCard(db(), stripe(), customerId, {
        setupIntentId: request.params.setupIntentId,
        mailingAddressId: request.body?.mailingAddressId,
      });
      return reply.status(201).send({ success: true as const, paymentMethod });
    },
  );
}
