// /api/admin/discounts: discount codes with every rule the checkout enforces, their uses and revenue;
// create, edit, pause or resume, delete.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  setDiscountActive,
  updateDiscount,
} from "../../../services/discounts/admin/discount-admin.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { discountFormSchema, discountListQuerySchema, discountPauseSchema } from "../../../shared/admin/discounts.ts";
import { auditActor } from "./admin-guard.ts";
import { idParams } from "./review-routes.ts";

export async function discountAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: services.database.db, changes: services.changes });

  app.get(
    "/discounts",
    { config: { permission: "discounts:write" }, schema: { querystring: discountListQuerySchema } },
    async (request) => listDiscounts(services.database.db, request.query),
  );

  app.get(
    "/discounts/:id",
    { config: { permission: "discounts:write" }, schema: { params: idParams } },
    async (request) => ({ discount: await getDiscount(services.database.db, request.params.id) }),
  );

  app.post(
    "/discounts",
    { config: { permission: "discounts:write" }, schema: { body: discountFormSchema } },
    async (request, reply) => {
      const discount = await createDiscount(deps(), auditActor(request), request.body);
      reply.status(201);
      return { discount };
    },
  );

  app.put(
    "/discounts/:id",
    { config: { permission: "discounts:write" }, schema: { params: idParams, body: discountFormSchema } },
    async (request) => ({
      discount: await updateDiscount(deps(), auditActor(request), request.params.id, request.body),
    }),
  );

  app.post(
    "/discounts/:id/active",
    { config: { permission: "discounts:write" }, schema: { params: idParams, body: discountPauseSchema } },
    async (request) => ({
      discount: await setDiscountActive(deps(), auditActor(request), request.params.id, request.body.isActive),
    }),
  );

  app.delete(
    "/discounts/:id",
    { config: { permission: "discounts:write" }, schema: { params: idParams } },
    async (request) => {
      await deleteDiscount(deps(), auditActor(request), request.params.id);
      return { success: true };
    },
  );
}
