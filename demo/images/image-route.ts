import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import sharp from "sharp";
import { IMAGE_VARIANT_WIDTHS } from "../../shared/image-srcset.ts";
import { renderDemoAsset } from "./demo-image.ts";
import { createImageDiskCache } from "./image-cache.ts";

/** The `_{width}x` variants the pages ask for in srcset; anything else is refused (no resize-on-demand abuse). */
const IMAGE_WIDTHS = IMAGE_VARIANT_WIDTHS;
/** The rendered rasters kept on disk: enough for every variant of a 3,000-product demo store. */
const DEFAULT_IMAGE_CACHE_BYTES = 256 * 1024 * 1024;

const VARIANT = /^(?<name>.+?)(?:_(?<width>\d+)x)?\.(?<ext>svg|webp|png)$/;
const ONE_YEAR = "public, max-age=31536000, immutable";

interface ParsedImageName {
  name: string;
  width?: number;
  ext: "svg" | "webp" | "png";
}

function parseImageName(file: string): ParsedImageName | undefined {
  const match = VARIANT.exec(file);
  if (!match?.groups) return undefined;
  const width = match.groups.width ? Number(match.groups.width) : undefined;
  return { name: match.groups.name, width, ext: match.groups.ext as ParsedImageName["ext"] };
}

/**
 * Demo product and banner images are drawn as SVG from their URL (only for part numbers, brands,
 * articles and categories the demo catalog has), and resized to the `_{width}x` raster variants
 * with sharp. Rasters are cached on disk in DATA_DIR, up to `maxCacheBytes` (least recently used out).
 */
export async function registerDemoImageRoute(
  app: FastifyInstance,
  options: { cacheDir: string; maxCacheBytes?: number },
) {
  const cache = createImageDiskCache(options.cacheDir, options.maxCacheBytes ?? DEFAULT_IMAGE_CACHE_BYTES);

  async function send(reply: FastifyReply, svg: string, parsed: ParsedImageName, cacheKey: string) {
    if (parsed.ext === "svg") {
      if (parsed.width) return reply.status(400).send({ error: "SVG images have no width variants; ask for .webp." });
      return reply.header("Cache-Control", ONE_YEAR).type("image/svg+xml").send(svg);
    }
    const width = parsed.width;
    if (width !== undefined && !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return reply.status(400).send({ error: `Image width must be one of ${IMAGE_WIDTHS.join(", ")}.` });
    }
    const name = `${createHash("sha1")
      .update(`${cacheKey}|${width ?? "full"}|${parsed.ext}`)
      .digest("hex")}.${parsed.ext}`;
    let body = cache.read(name);
    if (!body) {
      let image = sharp(Buffer.from(svg), { density: 144 });
      if (width) image = image.resize({ width, withoutEnlargement: false });
      body = parsed.ext === "webp" ? await image.webp({ quality: 82 }).toBuffer() : await image.png().toBuffer();
      cache.write(name, body);
    }
    return reply.header("Cache-Control", ONE_YEAR).type(`image/${parsed.ext}`).send(body);
  }

  // Everything under /img/ that is not a file in public/ (those are exact static routes, which win).
  app.get("/img/*", async (request, reply) => {
    const pathname = request.url.split("?")[0];
    const slash = pathname.lastIndexOf("/");
    const parsed = parseImageName(pathname.slice(slash + 1));
    if (!parsed) return reply.status(404).send({ error: "No such image." });
    const svgPath = `${pathname.slice(0, slash + 1)}${parsed.name}.svg`;
    const asset = renderDemoAsset(svgPath);
    if (!asset) return reply.status(404).send({ error: "No such image." });
    return send(reply, asset.svg, parsed, svgPath);
  });
}
