// /api/admin/customers: search, a customer's page, disable or enable the account, send a password-reset
// e-mail. Support staff read; managers and owners change.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  getCustomer,
  listCustomers,
  sendCustomerPasswordReset,
  setCustomerDisabled,
} from "../../../services/customers/admin/customer-admin.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import { customerAccessSchema, customerListQuerySchema } from "../../../shared/admin/customers.ts";
import { auditActor } from "./admin-guard.ts";
import { idParams } from "./review-routes.ts";

export async function customerAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;

  app.get(
    "/customers",
    { config: { permission: "customers:read" }, schema: { querystring: customerListQuerySchema } },
    async (request) => listCustomers(db(), request.query),
  );

  app.get(
    "/customers/:id",
    { config: { permission: "customers:read" }, schema: { params: idParams } },
    async (request) => ({ customer: await getCustomer(db(), request.params.id) }),
  );

  app.post(
    "/customers/:id/access",
    { config: { permission: "customers:write" }, schema: { params: idParams, body: customerAccessSchema } },
    async (request) => setCustomerDisabled(db(), auditActor(request), request.params.id, request.body.disabled),
  );

  app.post(
    "/customers/:id/password-reset",
    { config: { permission: "customers:write" }, schema: { params: idParams } },
    async (request) => {
      const { email } = await sendCustomerPasswordReset(
        { db: db(), publicUrl: services.config.publicUrl, storeName: services.config.store.storeName },
        auditActor(request),
        request.params.id,
      );
      return { success: true, message: `A password-reset link was sent to ${email}.` };
    },
  );
}
