// The back office's order API: the list (search, filters, paging) and its CSV export, one order, and the
// actions on it (fulfil, refund, cancel, notes) and returns' decisions. Every route declares its
// permission (admin-guard.ts checks it; the role-matrix test walks them). Writes take the request's
// Idempotency-Key as the action's own key too, so a retry after a lost answer does the work once even
// when the HTTP record of the first attempt is gone.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { InvalidInput } from "../../../services/errors.ts";
import {
  addOrderNote,
  exportOrdersCsv,
  getAdminOrder,
  listAdminOrders,
} from "../../../services/orders/admin/order-admin-queries.ts";
import { cancelOrder } from "../../../services/orders/admin/order-cancel.ts";
import { refundOrder } from "../../../services/orders/admin/order-refunds.ts";
import { fulfilOrder } from "../../../services/orders/fulfilment.ts";
import { orderActionContext } from "../../../services/orders/order-actions-context.ts";
import type { Actor } from "../../../services/orders/order-progress.ts";
import { decideReturn, getReturn, listReturns, receiveReturn, refundReturn } from "../../../services/orders/returns.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import {
  cancelBodySchema,
  fulfilBodySchema,
  noteBodySchema,
  orderListQuerySchema,
  refundBodySchema,
  returnDecisionSchema,
  returnListQuerySchema,
  returnRefundSchema,
  toCents,
} from "../../../shared/admin/orders.ts";
import { IDEMPOTENCY_HEADER } from "../../plugins/idempotency.ts";
import { dto } from "../replies.ts";
import { staffOf } from "./admin-guard.ts";

const idParam = (what: string) =>
  z.coerce
    .number({ error: `must be ${what} id` })
    .int({ error: `must be ${what} id` })
    .positive({ error: `must be ${what} id` })
    .max(2_147_483_647, { error: `must be ${what} id` });
const orderParams = z.object({ id: idParam("an order") });
const returnParams = z.object({ id: idParam("a return") });

export function actorOf(request: FastifyRequest): Actor {
  const staff = staffOf(request);
  return { staffId: staff.id, name: staff.name, email: staff.email, requestId: request.id, ipAddress: request.ip };
}

/** The action's key: the Idempotency-Key header, required on every order action. */
function actionKey(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== "string" || key.length === 0) {
    throw new InvalidInput(
      "Send an Idempotency-Key header (a new random value per action, the same one when retrying it) so the action is never done twice.",
    );
  }
  return key;
}

export async function orderAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const ctx = () => orderActionContext(services);

  app.get(
    "/orders",
    {
      config: { permission: "orders:read" },
      schema: {
        querystring: orderListQuerySchema,
        response: {
          200: z.object({
            orders: z.array(dto),
            pageInfo: z.object({
              page: z.number(),
              limitPerPage: z.number(),
              totalObjects: z.number(),
              totalPages: z.number(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const result = await listAdminOrders(db(), request.query);
      return {
        orders: result.orders,
        pageInfo: {
          page: result.page,
          limitPerPage: result.limit,
          totalObjects: result.total,
          totalPages: Math.ceil(result.total / result.limit),
        },
      };
    },
  );

  app.get(
    "/orders/export.csv",
    { config: { permission: "orders:read" }, schema: { querystring: orderListQuerySchema } },
    async (request, reply) => {
      const csv = await exportOrdersCsv(db(), request.query);
      const stamp = services.clock.now().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${stamp}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/orders/:id",
    {
      config: { permission: "orders:read" },
      schema: { params: orderParams, response: { 200: z.object({ order: dto }) } },
    },
    async (request) => ({ order: await getAdminOrder(db(), request.params.id) }),
  );

  app.post(
    "/orders/:id/fulfillments",
    {
      config: { permission: "orders:write" },
      schema: {
        params: orderParams,
        body: fulfilBodySchema,
        response: { 200: z.object({ fulfillment: dto }), 201: z.object({ fulfillment: dto }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const fulfillment = await fulfilOrder(
        ctx(),
        actorOf(request),
        request.params.id,
        {
          lines: body.lines,
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          trackingUrl: body.trackingUrl,
          notifyShopper: body.notifyShopper,
        },
        actionKey(request),
      );
      return reply.status(fulfillment.repeated ? 200 : 201).send({ fulfillment });
    },
  );

  app.post(
    "/orders/:id/refunds",
    {
      config: { permission: "orders:write" },
      schema: {
        params: orderParams,
        body: refundBodySchema,
        response: { 200: z.object({ refund: dto }), 201: z.object({ refund: dto }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const refund = await refundOrder(
        ctx(),
        actorOf(request),
        request.params.id,
        {
          amountCents: body.amount === undefined ? undefined : toCents(body.amount),
          lines: body.lines,
          reason: body.reason,
          note: body.note,
          restock: body.restock,
          notifyShopper: body.notifyShopper,
        },
        actionKey(request),
      );
      return reply.status(refund.repeated ? 200 : 201).send({ refund });
    },
  );

  app.post(
    "/orders/:id/cancel",
    {
      config: { permission: "orders:write" },
      schema: {
        params: orderParams,
        body: cancelBodySchema.nullish(),
        response: { 200: z.object({ cancellation: dto }) },
      },
    },
    async (request) => ({
      cancellation: await cancelOrder(
        ctx(),
        actorOf(request),
        request.params.id,
        { reason: request.body?.reason, notifyShopper: request.body?.notifyShopper ?? true },
        actionKey(request),
      ),
    }),
  );

  app.post(
    "/orders/:id/notes",
    {
      config: { permission: "orders:note" },
      schema: { params: orderParams, body: noteBodySchema, response: { 201: z.object({ note: dto }) } },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const note = await addOrderNote(
        db(),
        actorOf(request),
        request.params.id,
        request.body.body,
        typeof key === "string" ? key : null,
      );
      return reply.status(201).send({ note });
    },
  );

  // Returns ------------------------------------------------------------------------------------------
  app.get(
    "/returns",
    {
      config: { permission: "orders:read" },
      schema: {
        querystring: returnListQuerySchema,
        response: {
          200: z.object({ returns: z.array(dto), pageInfo: z.object({ totalObjects: z.number(), page: z.number() }) }),
        },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const result = await listReturns(db(), { status, limit, offset: (page - 1) * limit });
      return { returns: result.returns, pageInfo: { totalObjects: result.total, page } };
    },
  );

  app.get(
    "/returns/:id",
    {
      config: { permission: "orders:read" },
      schema: { params: returnParams, response: { 200: z.object({ return: dto }) } },
    },
    async (request) => ({ return: await getReturn(db(), request.params.id) }),
  );

  const returnReply = { 200: z.object({ return: dto, refund: dto.nullish(), repeated: z.boolean() }) };

  app.post(
    "/returns/:id/decision",
    {
      config: { permission: "orders:write" },
      schema: { params: returnParams, body: returnDecisionSchema, response: returnReply },
    },
    async (request) => {
      const result = await decideReturn(ctx(), actorOf(request), request.params.id, request.body);
      return { return: result.return, repeated: result.repeated };
    },
  );

  app.post(
    "/returns/:id/received",
    {
      config: { permission: "orders:write" },
      schema: { params: returnParams, response: returnReply },
    },
    async (request) => {
      const result = await receiveReturn(ctx(), actorOf(request), request.params.id);
      return { return: result.return, repeated: result.repeated };
    },
  );

  app.post(
    "/returns/:id/refund",
    {
      config: { permission: "orders:write" },
      schema: { params: returnParams, body: returnRefundSchema.nullish(), response: returnReply },
    },
    async (request) => {
      const result = await refundReturn(ctx(), actorOf(request), request.params.id, {
        restock: request.body?.restock ?? true,
        amountCents: request.body?.amount === undefined ? undefined : toCents(request.body.amount),
      });
      return { return: result.return, refund: result.refund ?? null, repeated: result.repeated };
    },
  );
}
