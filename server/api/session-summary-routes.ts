// What the shopper pages fill in after they load, since the same page is served to every visitor from the
// page cache: the cart's unit count and whether the visitor is signed in. Reading the session refreshes
// it (its cookie's lifetime) as a page view used to.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { countSessionCartItems } from "../../services/checkout/visitor-cart.ts";
import type { StoreServices } from "../../services/store-services.ts";

export async function sessionSummaryRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/session/summary",
    {
      schema: {
        summary: "The visitor's cart count and sign-in state, for the header of a cached page",
        response: { 200: z.object({ cartCount: z.number().int(), signedIn: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const session = await request.session.get();
      // Personal: never kept by a cache (the session plugin adds no-store once the session is read; a
      // visitor without one gets it here too).
      reply.header("cache-control", "no-store");
      return {
        cartCount: await countSessionCartItems(services.database.db, session),
        signedIn: Boolean(session?.userId),
      };
    },
  );
}
