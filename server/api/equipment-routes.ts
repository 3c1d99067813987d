// Equipment REST API: the models shoppers look their parts up by (GET /api/equipment,
// GET /api/equipment/{handle}), "does it fit" and the products that fit saved models, and the
// signed-in customer's "My equipment" (GET/POST/DELETE /api/customer/equipment, owner-only like
// addresses: the customer comes from the session, never from the request).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { enumParam, limitParam, pageParam } from "../../services/catalog/query-params.ts";
import {
  listCustomerEquipment,
  productIdsFittingModels,
  removeCustomerEquipment,
  saveCustomerEquipment,
} from "../../services/equipment/customer-equipment.ts";
import { checkProductFits, getEquipmentByHandle, listEquipment } from "../../services/equipment/equipment-catalog.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { EQUIPMENT_TYPES, equipmentHandleSchema, saveEquipmentBody } from "../../shared/equipment.ts";
import { accountRequests, guardAccountRoutes, successReply } from "./account-guard.ts";
import { dto, dtoList } from "./replies.ts";

const listQuery = z.object({
  q: z.string().trim().max(200, { error: "must be at most 200 characters" }).optional(),
  brand: z.string().trim().max(100, { error: "must be at most 100 characters" }).optional(),
  type: enumParam(EQUIPMENT_TYPES),
  series: z.string().trim().max(100, { error: "must be at most 100 characters" }).optional(),
  page: pageParam(),
  limit: limitParam(24, 100),
});

const handleList = z
  .string()
  .trim()
  .max(2000, { error: "must be at most 2000 characters" })
  .transform((text) => [
    ...new Set(
      text
        .split(",")
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(equipmentHandleSchema).max(50, { error: "must name at most 50 models" }));

export async function equipmentRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardAccountRoutes(fastify);
  const { db, requireSignIn, auth, customerIdOf } = accountRequests(services);
  // The equipment catalog (models, their parts, what fits) is read from the read replica when there is one;
  // a customer's own equipment stays on the primary.
  const catalogDb = () => services.database.readDb;

  app.get(
    "/equipment",
    { schema: { querystring: listQuery, response: { 200: z.object({ equipment: dtoList, pageInfo: dto }) } } },
    async (request) => listEquipment(catalogDb(), request.query),
  );

  app.get(
    "/equipment/fits",
    {
      schema: {
        querystring: z.object({ handles: handleList }),
        response: {
          200: z.object({ fits: z.array(z.object({ handle: z.string(), productIds: z.array(z.number()) })) }),
        },
      },
    },
    async (request) => ({ fits: await productIdsFittingModels(catalogDb(), request.query.handles) }),
  );

  app.get(
    "/equipment/:handle",
    {
      schema: { params: z.object({ handle: equipmentHandleSchema }), response: { 200: z.object({ equipment: dto }) } },
    },
    async (request) => ({ equipment: await getEquipmentByHandle(catalogDb(), request.params.handle) }),
  );

  app.get(
    "/products/handle/:handle/fits",
    {
      schema: {
        params: z.object({ handle: z.string().trim().min(1).max(255) }),
        querystring: z.object({
          model: z.string().trim().min(1, { error: "type the model number from the label" }).max(100),
        }),
        response: { 200: z.object({ fits: z.enum(["yes", "no", "not-listed"]), equipment: dto.nullable() }) },
      },
    },
    async (request) => checkProductFits(catalogDb(), request.params.handle, request.query.model),
  );

  // My equipment ------------------------------------------------------------------------------------

  app.get(
    "/customer/equipment",
    { onRequest: requireSignIn, schema: { response: { 200: z.object({ equipment: dtoList }) } } },
    async (request) => {
      const customerId = await customerIdOf(auth(request).userId);
      return { equipment: await listCustomerEquipment(db(), customerId) };
    },
  );

  app.post(
    "/customer/equipment",
    {
      onRequest: requireSignIn,
      schema: { body: saveEquipmentBody, response: { 200: z.object({ equipment: dtoList }) } },
    },
    async (request) => {
      const customerId = await customerIdOf(auth(request).userId);
      const body = request.body;
      const equipment =
        "items" in body
          ? await saveCustomerEquipment(db(), customerId, body.items, { merge: true })
          : await saveCustomerEquipment(db(), customerId, [body]);
      return { equipment };
    },
  );

  app.delete(
    "/customer/equipment/:handle",
    {
      onRequest: requireSignIn,
      schema: { params: z.object({ handle: equipmentHandleSchema }), response: { 200: successReply } },
    },
    async (request) => {
      const customerId = await customerIdOf(auth(request).userId);
      await removeCustomerEquipment(db(), customerId, request.params.handle);
      return { success: true };
    },
  );
}
