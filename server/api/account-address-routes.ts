// The signed-in customer's address book, and the countries and states its forms offer.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../services/catalog/query-params.ts";
import {
  createMailingAddress,
  deleteMailingAddress,
  listCountries,
  listStates,
  updateMailingAddress,
} from "../../services/customers/customer-service.ts";
import { Forbidden } from "../../services/errors.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { accountRequests, guardAccountRoutes, NOT_YOUR_ACCOUNT, successReply } from "./account-guard.ts";
import { mailingAddressReply } from "./account-replies.ts";

const addressParams = z.object({ id: idParam("address") });
const customerAddressParams = z.object({ customerId: idParam("customer"), addressId: idParam("address") });
const mailingAddressAnswer = z.object({ mailingAddress: mailingAddressReply });

/**
 * A mailing address as the address form sends it. Its fields are checked one by one in the service
 * (shared/address-rules.ts: the states of the chosen country, the postal code's format), each with its
 * own message, so the schema here only asks for an object.
 */
const mailingAddressBody = z.looseObject({}).meta({
  description:
    "Fields: firstName, lastName, company, address1, address2, city, countryCode, stateCode, zip, phone, isDefault.",
  examples: [
    {
      firstName: "Pat",
      lastName: "Lee",
      address1: "12 Harbor Road",
      city: "Tampa",
      countryCode: "US",
      stateCode: "FL",
      zip: "33602",
      phone: "+1 813 555 0100",
      isDefault: true,
    },
  ],
});

export async function accountAddressRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardAccountRoutes(fastify);
  const { db, requireSignIn, auth, customerIdOf } = accountRequests(services);

  // The router ignores trailing slashes, so this also answers /countries/ (the older spelling).
  app.get(
    "/countries",
    {
      schema: {
        response: { 200: z.object({ countries: z.array(z.object({ countryCode: z.string(), title: z.string() })) }) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return { countries: await listCountries(db()) };
    },
  );

  app.get(
    "/states",
    {
      schema: {
        querystring: z.object({
          countryCode: z.string().regex(/^[A-Za-z]{2}$/, { error: "must be a 2-letter country code" }),
          page: z.coerce.number().int().min(0).max(1000).optional(),
        }),
        response: { 200: z.object({ states: z.array(z.object({ stateCode: z.string(), title: z.string() })) }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      // Every state of a country fits on page 0; later pages are empty.
      const states = (request.query.page ?? 0) > 0 ? [] : await listStates(db(), request.query.countryCode);
      return { states };
    },
  );

  app.post(
    "/mailingAddresses",
    { onRequest: requireSignIn, schema: { body: mailingAddressBody, response: { 201: mailingAddressAnswer } } },
    async (request, reply) => {
      const customerId = await customerIdOf(auth(request).userId);
      const mailingAddress = await createMailingAddress(db(), customerId, request.body);
      return reply.status(201).send({ mailingAddress });
    },
  );

  app.put(
    "/mailingAddresses/:id",
    {
      onRequest: requireSignIn,
      schema: { params: addressParams, body: mailingAddressBody, response: { 200: mailingAddressAnswer } },
    },
    async (request) => {
      const customerId = await customerIdOf(auth(request).userId);
      return { mailingAddress: await updateMailingAddress(db(), customerId, request.params.id, request.body) };
    },
  );

  app.delete(
    "/customer/:customerId/mailingAddresses/:addressId",
    { onRequest: requireSignIn, schema: { params: customerAddressParams, response: { 200: successReply } } },
    async (request) => {
      const customerId = await customerIdOf(auth(request).userId);
      if (request.params.customerId !== customerId) throw new Forbidden(NOT_YOUR_ACCOUNT);
      await deleteMailingAddress(db(), customerId, request.params.addressId);
      return { success: true };
    },
  );
}
