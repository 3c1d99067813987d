// /api/admin/settings: the owner's shipping and tax settings (settings:write): the shipping policy and
// its rates, the countries and states the checkout ships to, and sales tax rates. Every write needs an
// Idempotency-Key (a retried save does the work once), is audited, and publishes a "settings" change
// so the cart and the checkout price with it on the next request.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createTaxRate,
  deleteTaxRate,
  listTaxRates,
  updateTaxRate,
} from "../../../services/checkout/admin/tax-rate-admin.ts";
import { InvalidInput } from "../../../services/errors.ts";
import {
  addCountry,
  getShippingPolicySettings,
  listCountrySettings,
  saveShippingPolicy,
  updateCountry,
} from "../../../services/shipping/admin/shipping-settings.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import {
  countryAddSchema,
  countryCodeSchema,
  countryFormSchema,
  shippingPolicyFormSchema,
  taxRateFormSchema,
} from "../../../shared/admin/shipping-settings.ts";
import { IDEMPOTENCY_HEADER } from "../../plugins/idempotency.ts";
import { auditActor } from "./admin-guard.ts";
import { idParams } from "./review-routes.ts";

/** Settings writes require an Idempotency-Key header: a retried save is answered once, never done twice. */
function requireIdempotencyKey(request: FastifyRequest): void {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== "string" || key.length === 0) {
    throw new InvalidInput(
      "Send an Idempotency-Key header (a new random value per change, the same one when retrying it) so the change is never made twice.",
    );
  }
}

const countryParams = z.object({ code: countryCodeSchema });

export async function settingsAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: services.database.db, changes: services.changes });
  const write = { permission: "settings:write" as const };

  app.get("/settings/shipping", { config: write }, async () => ({
    policy: await getShippingPolicySettings(services.database.db),
  }));

  app.put(
    "/settings/shipping",
    {
      config: write,
      schema: { body: shippingPolicyFormSchema },
      preHandler: async (request) => requireIdempotencyKey(request),
    },
    async (request) => ({ policy: await saveShippingPolicy(deps(), auditActor(request), request.body) }),
  );

  app.get("/settings/countries", { config: write }, async () => listCountrySettings(services.database.db));

  app.post(
    "/settings/countries",
    {
      config: write,
      schema: { body: countryAddSchema },
      preHandler: async (request) => requireIdempotencyKey(request),
    },
    async (request, reply) => {
      const country = await addCountry(deps(), auditActor(request), request.body.code);
      reply.status(201);
      return { country };
    },
  );

  app.put(
    "/settings/countries/:code",
    {
      config: write,
      schema: { params: countryParams, body: countryFormSchema },
      preHandler: async (request) => requireIdempotencyKey(request),
    },
    async (request) => ({
      country: await updateCountry(deps(), auditActor(request), request.params.code, request.body),
    }),
  );

  app.get("/settings/tax-rates", { config: write }, async () => ({
    taxRates: await listTaxRates(services.database.db),
  }));

  app.post(
    "/settings/tax-rates",
    {
      config: write,
      schema: { body: taxRateFormSchema },
      preHandler: async (request) => requireIdempotencyKey(request),
    },
    async (request, reply) => {
      const taxRate = await createTaxRate(deps(), auditActor(request), request.body);
      reply.status(201);
      return { taxRate };
    },
  );

  app.put(
    "/settings/tax-rates/:id",
    {
      config: write,
      schema: { params: idParams, body: taxRateFormSchema },
      preHandler: async (request) => requireIdempotencyKey(request),
    },
    async (request) => ({
      taxRate: await updateTaxRate(deps(), auditActor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/settings/tax-rates/:id",
    { config: write, schema: { params: idParams }, preHandler: async (request) => requireIdempotencyKey(request) },
    async (request) => {
      await deleteTaxRate(deps(), auditActor(request), request.params.id);
      return { success: true };
    },
  );
}
