// GET /content-images/{id}: pictures staff uploaded for articles and help pages, from the database (so
// every instance serves them). An id never names another picture, so they are cached for a year.
import type { FastifyInstance } from "fastify";
import { readContentImage } from "../../services/content/admin/content-admin.ts";
import type { StoreServices } from "../../services/store-services.ts";

export async function contentImageRoutes(app: FastifyInstance, { services }: { services: StoreServices }) {
  app.get("/content-images/:id", async (request, reply) => {
    const raw = (request.params as { id?: string }).id ?? "";
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    const image = id > 0 ? await readContentImage(services.database.db, id) : null;
    if (!image) {
      reply.status(404).header("cache-control", "no-store").type("text/plain");
      return "Not found";
    }
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .type(image.contentType);
    return image.bytes;
  });
}
