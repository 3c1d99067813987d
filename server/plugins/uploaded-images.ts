// Product images uploaded in the back office, served from DATA_DIR/uploads at /img/uploads/p{id}/{hash}.webp
// and its `_{width}x.webp` variants (written at upload time, services/catalog/admin/product-images.ts).
// The names are content hashes: a year's immutable cache, like the demo's images.
import { createReadStream, statSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { uploadedImageFile, uploadsDirectory } from "../../services/catalog/admin/product-images.ts";

const ONE_YEAR = "public, max-age=31536000, immutable";

export async function registerUploadedImages(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const dir = uploadsDirectory(options.dataDir);
  app.get("/img/uploads/*", async (request, reply) => {
    const file = uploadedImageFile(dir, request.url.split("?")[0]);
    let size = 0;
    try {
      if (file) size = statSync(file).size;
    } catch {
      size = 0;
    }
    if (!file || size === 0) {
      return reply.status(404).header("cache-control", "no-store").send({ error: "No such image." });
    }
    return reply
      .header("Cache-Control", ONE_YEAR)
      .header("Content-Length", String(size))
      .type("image/webp")
      .send(createReadStream(file));
  });
}
