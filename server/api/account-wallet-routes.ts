// The signed-in user's wallet: saved cards (added through the payment gateway, never stored whole)
// and the payment transactions of their orders.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addCardRules } from "../../services/account/rate-limit-rules.ts";
import { idParam } from "../../services/catalog/query-params.ts";
import { enforceRateLimits } from "../../services/rate-limit/rate-limiter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import {
  addCard,
  deletePaymentMethod,
  listPaymentMethods,
  listTransactions,
  updatePaymentMethodAddress,
} from "../../services/wallet/wallet-service.ts";
import { accountRequests, guardAccountRoutes, successReply } from "./account-guard.ts";
import { paymentMethodReply, transactionReply } from "./account-replies.ts";

/** The page the wallet opens in a popup to add a card (the list's `_links.addPaymentMethod.href`). */
const ADD_PAYMENT_METHOD_PATH = "/wallet/add-card";

const userIdParams = z.object({ id: idParam("user") });
const paymentMethodParams = z.object({ id: idParam("user"), paymentMethodId: idParam("payment method") });

const addCardBody = z.object({
  number: z
    .string({ error: "Enter the card number" })
    .regex(/^[\d\s-]{12,25}$/, { error: "Your card number is invalid." }),
  expMonth: z.coerce.number({ error: "Enter the expiry month" }).int().min(1).max(12),
  expYear: z.coerce.number({ error: "Enter the expiry year" }).int().min(0).max(2200),
  cvc: z
    .string({ error: "Enter the security code" })
    .regex(/^\d{3,4}$/, { error: "Your card's security code is invalid." }),
  name: z.string().trim().max(100).optional(),
  mailingAddressId: z.coerce.number().int().positive().optional(),
  token: z.string().max(20_000).optional(),
});

export async function accountWalletRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardAccountRoutes(fastify);
  const { db, requireSignIn, ownUser, customerIdOf, verifyBot } = accountRequests(services);

  app.get(
    "/user/:id/paymentMethods",
    {
      onRequest: requireSignIn,
      schema: {
        params: userIdParams,
        response: {
          200: z.object({
            paymentMethods: z.array(paymentMethodReply),
            _links: z.object({ addPaymentMethod: z.object({ href: z.string() }) }),
          }),
        },
      },
    },
    async (request) => {
      const me = ownUser(request, request.params.id);
      return {
        paymentMethods: await listPaymentMethods(db(), await customerIdOf(me.userId)),
        _links: { addPaymentMethod: { href: ADD_PAYMENT_METHOD_PATH } },
      };
    },
  );

  app.post(
    "/user/:id/paymentMethods",
    {
      onRequest: requireSignIn,
      schema: {
        params: userIdParams,
        body: addCardBody,
        response: { 201: z.object({ success: z.boolean(), paymentMethod: paymentMethodReply }) },
      },
    },
    async (request, reply) => {
      const me = ownUser(request, request.params.id);
      await enforceRateLimits(db(), addCardRules(me.userId, request.ip), "cards added");
      await verifyBot(request, request.body.token, "add_card");
      const { token: _botToken, ...card } = request.body;
      const paymentMethod = await addCard(db(), services.paymentGateway, await customerIdOf(me.userId), card);
      return reply.status(201).send({ success: true, paymentMethod });
    },
  );

  app.put(
    "/user/:id/paymentMethods/:paymentMethodId",
    {
      onRequest: requireSignIn,
      schema: {
        params: paymentMethodParams,
        body: z.object({
          mailingAddressId: z.coerce
            .number({ error: "Choose an address" })
            .int()
            .positive({ error: "Choose an address" }),
          isAbtraGiftCard: z.boolean().optional(),
        }),
        response: { 200: successReply },
      },
    },
    async (request) => {
      const me = ownUser(request, request.params.id);
      const customerId = await customerIdOf(me.userId);
      await updatePaymentMethodAddress(db(), customerId, request.params.paymentMethodId, request.body.mailingAddressId);
      return { success: true };
    },
  );

  app.delete(
    "/user/:id/paymentMethods/:paymentMethodId",
    { onRequest: requireSignIn, schema: { params: paymentMethodParams, response: { 200: successReply } } },
    async (request) => {
      const me = ownUser(request, request.params.id);
      await deletePaymentMethod(
        db(),
        await customerIdOf(me.userId),
        request.params.paymentMethodId,
        services.paymentGateway,
      );
      return { success: true };
    },
  );

  app.get(
    "/user/:id/transactions",
    {
      onRequest: requireSignIn,
      schema: {
        params: userIdParams,
        querystring: z.object({ displayableId: z.string().max(100).optional() }),
        response: { 200: z.object({ transactions: z.array(transactionReply) }) },
      },
    },
    async (request) => {
      const me = ownUser(request, request.params.id);
      return {
        transactions: await listTransactions(db(), await customerIdOf(me.userId), request.query.displayableId),
      };
    },
  );
}
