// The shopper's side of an order after it was placed: its shipments, refunds and returns, and asking for a
// return. Who may see the order is the same as for GET /api/orders/{id}: the customer who placed it, the
// browser that placed it, or the holder of the guest link's token. Anyone else gets 404.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { visitorFromSession } from "../../services/checkout/visitor-checkout.ts";
import { Forbidden } from "../../services/errors.ts";
import { orderActionContext } from "../../services/orders/order-actions-context.ts";
import { getOrderAftercare } from "../../services/orders/order-aftercare.ts";
import { findVisibleOrderId } from "../../services/orders/order-queries.ts";
import { requestReturn } from "../../services/orders/returns.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { returnRequestSchema } from "../../shared/order-returns.ts";
import { IDEMPOTENCY_HEADER } from "../plugins/idempotency.ts";
import { isCrossSiteWrite } from "../plugins/session.ts";
import { dto } from "./replies.ts";

const orderIdParam = z.object({
  orderId: z.coerce
    .number({ error: "must be an order id" })
    .int({ error: "must be an order id" })
    .positive({ error: "must be an order id" })
    .max(2_147_483_647, { error: "must be an order id" }),
});
const tokenQuery = z.object({ token: z.string().max(100).optional() });

export async function orderReturnRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;

  async function visibleOrder(request: FastifyRequest, orderId: number, token: string | undefined) {
    const session = await request.session.get();
    const visitor = await visitorFromSession(db(), session, request.ip);
    return findVisibleOrderId(db(), visitor, orderId, token ?? null);
  }

  app.get(
    "/orders/:orderId/aftercare",
    { schema: { params: orderIdParam, querystring: tokenQuery, response: { 200: z.object({ aftercare: dto }) } } },
    async (request) => {
      const orderId = await visibleOrder(request, request.params.orderId, request.query.token);
      return {
        aftercare: await getOrderAftercare(db(), orderId, {
          returnDays: services.config.store.merchantReturnDays,
          now: services.clock.now(),
        }),
      };
    },
  );

  app.post(
    "/orders/:orderId/returns",
    {
      schema: {
        params: orderIdParam,
        querystring: tokenQuery,
        body: returnRequestSchema,
        response: { 201: z.object({ return: dto }) },
      },
    },
    async (request, reply) => {
      if (isCrossSiteWrite(request)) {
        throw new Forbidden(
          "This request came from another site and was refused. Please try again from the store's own pages.",
        );
      }
      const orderId = await visibleOrder(request, request.params.orderId, request.query.token);
      const key = request.headers[IDEMPOTENCY_HEADER];
      const created = await requestReturn(
        orderActionContext(services),
        orderId,
        request.body,
        typeof key === "string" ? key : null,
      );
      return reply.status(201).send({ return: created });
    },
  );
}
