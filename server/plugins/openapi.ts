// The API's OpenAPI 3.1 document, made from the routes' zod schemas (@fastify/swagger with
// fastify-type-provider-zod's transform), at /api/openapi.json, and browsable at /api/docs
// (@fastify/swagger-ui, its scripts served from the store's own origin so the Content-Security-Policy
// needs no exception). Registered before the routes: every /api route added later (the back office's
// /api/admin/* included) is in the document without a list to keep. Answers the error handler gives
// ({ error }) are documented for every route as 4XX/5XX.
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/api/docs";

const errorSchema = {
  type: "object",
  properties: { error: { type: "string", description: "What went wrong, for a person to act on." } },
  required: ["error"],
};

/** Whether a route belongs in the document: the JSON API, without its own catch-all and the docs. */
export function isDocumentedRoute(url: string): boolean {
  return url.startsWith("/api/") && url !== "/api/*" && !url.startsWith(DOCS_PREFIX) && url !== OPENAPI_PATH;
}

export async function registerOpenApi(app: FastifyInstance, options: { version: string }): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { target: "draft-2020-12" } });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Pool & spa parts store API",
        description:
          "The store's REST API: catalog, search, cart and checkout, accounts, orders. Writes take an " +
          "`Idempotency-Key` header; errors answer `{ error }` with a message a person can act on.",
        version: options.version,
      },
    },
    transform: (input) => {
      if (!isDocumentedRoute(input.url)) return { schema: { hide: true } as never, url: input.url };
      const transformed = zodTransform(input);
      const schema = transformed.schema ?? {};
      const url = transformed.url;
      const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
      response["4XX"] ??= { description: "The request cannot be served as sent.", ...errorSchema };
      response["5XX"] ??= { description: "The store or a service it needs failed.", ...errorSchema };
      return { schema: { ...schema, response }, url };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } as never }, async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return app.swagger();
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The store's own Content-Security-Policy (plugins/security-headers.ts) applies: the UI's scripts
    // and styles come from this origin.
    staticCSP: false,
    uiConfig: { deepLinking: true },
  });
}
