// /api/admin/content: the storefront's editable parts (saved over config/store.json), articles, help
// pages, and picture uploads for the rich-text editor.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createArticle,
  deleteArticle,
  deleteHelpPage,
  getAdminArticle,
  getAdminHelpPage,
  getStoreContent,
  listAdminArticles,
  listAdminHelpPages,
  resetStoreContent,
  saveHelpPage,
  saveStoreContent,
  storeContentImage,
  updateArticle,
} from "../../../services/content/admin/content-admin.ts";
import { InvalidInput } from "../../../services/errors.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import {
  articleFormSchema,
  CONTENT_IMAGE_MAX_BYTES,
  contentListQuerySchema,
  helpPageFormSchema,
  STORE_CONTENT_KEYS,
  storeContentPatchSchema,
} from "../../../shared/admin/content.ts";
import { auditActor } from "./admin-guard.ts";
import { idParams } from "./review-routes.ts";

export async function contentAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: services.database.db, changes: services.changes });
  const store = () => services.config.store;

  // Pictures arrive as the request body itself (Content-Type image/...), named in the query.
  fastify.addContentTypeParser(
    /^image\//,
    { parseAs: "buffer", bodyLimit: CONTENT_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get("/content/storefront", { config: { permission: "content:write" } }, async () =>
    getStoreContent(services.database.db, store()),
  );

  app.put(
    "/content/storefront",
    { config: { permission: "content:write" }, schema: { body: storeContentPatchSchema } },
    async (request) => saveStoreContent(deps(), auditActor(request), store(), request.body),
  );

  app.post(
    "/content/storefront/:key/reset",
    {
      config: { permission: "content:write" },
      schema: {
        params: z.object({
          key: z.enum(STORE_CONTENT_KEYS as [string, ...string[]], {
            error: `must be one of ${STORE_CONTENT_KEYS.join(", ")}`,
          }),
        }),
      },
    },
    async (request) =>
      resetStoreContent(
        deps(),
        auditActor(request),
        store(),
        request.params.key as (typeof STORE_CONTENT_KEYS)[number],
      ),
  );

  app.get(
    "/content/articles",
    { config: { permission: "content:write" }, schema: { querystring: contentListQuerySchema } },
    async (request) => listAdminArticles(services.database.db, request.query),
  );
  app.get(
    "/content/articles/:id",
    { config: { permission: "content:write" }, schema: { params: idParams } },
    async (request) => ({ article: await getAdminArticle(services.database.db, request.params.id) }),
  );
  app.post(
    "/content/articles",
    { config: { permission: "content:write" }, schema: { body: articleFormSchema } },
    async (request, reply) => {
      reply.status(201);
      return { article: await createArticle(deps(), auditActor(request), request.body) };
    },
  );
  app.put(
    "/content/articles/:id",
    { config: { permission: "content:write" }, schema: { params: idParams, body: articleFormSchema } },
    async (request) => ({ article: await updateArticle(deps(), auditActor(request), request.params.id, request.body) }),
  );
  app.delete(
    "/content/articles/:id",
    { config: { permission: "content:write" }, schema: { params: idParams } },
    async (request) => {
      await deleteArticle(deps(), auditActor(request), request.params.id);
      return { success: true };
    },
  );

  app.get(
    "/content/help-pages",
    { config: { permission: "content:write" }, schema: { querystring: contentListQuerySchema } },
    async (request) => listAdminHelpPages(services.database.db, request.query),
  );
  app.get(
    "/content/help-pages/:id",
    { config: { permission: "content:write" }, schema: { params: idParams } },
    async (request) => ({ helpPage: await getAdminHelpPage(services.database.db, request.params.id) }),
  );
  app.post(
    "/content/help-pages",
    { config: { permission: "content:write" }, schema: { body: helpPageFormSchema } },
    async (request, reply) => {
      reply.status(201);
      return { helpPage: await saveHelpPage(deps(), auditActor(request), null, request.body) };
    },
  );
  app.put(
    "/content/help-pages/:id",
    { config: { permission: "content:write" }, schema: { params: idParams, body: helpPageFormSchema } },
    async (request) => ({ helpPage: await saveHelpPage(deps(), auditActor(request), request.params.id, request.body) }),
  );
  app.delete(
    "/content/help-pages/:id",
    { config: { permission: "content:write" }, schema: { params: idParams } },
    async (request) => {
      await deleteHelpPage(deps(), auditActor(request), request.params.id);
      return { success: true };
    },
  );

  app.post(
    "/content/images",
    {
      config: { permission: "content:write" },
      schema: { querystring: z.object({ name: z.string().trim().max(200).default("picture") }) },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new InvalidInput(
          "Send the picture itself as the body, with Content-Type image/png, image/jpeg, image/webp or image/gif.",
        );
      }
      const image = await storeContentImage(services.database.db, auditActor(request), {
        fileName: request.query.name,
        bytes: request.body,
      });
      reply.status(201);
      return { image };
    },
  );
}
