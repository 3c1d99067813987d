import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import sharp from "sharp";
import { renderDemoAsset } from "../../services/media/demo-image.ts";
import { IMAGE_VARIANT_WIDTHS } from "../../shared/image-srcset.ts";

/** The `_{width}x` variants the pages ask for in srcset; anything else is refused (no resize-on-demand abuse). */
const IMAGE_WIDTHS = IMAGE_VARIANT_WIDTHS;

const VARIANT = /^(?<name>.+?)(?:_(?<width>\d+)x)?\.(?<ext>svg|webp|png)$/;
const ONE_YEAR = "public, max-age=31536000, immutable";

interface ParsedImageName {
  name: string;
  width?: number;
  ext: "svg" | "webp" | "png";
}

export function parseImageName(file: string): ParsedImageName | undefined {
  const match = VARIANT.exec(file);
  if (!match?.groups) return undefined;
  const width = match.groups.width ? Number(match.groups.width) : undefined;
  return { name: match.groups.name, width, ext: match.groups.ext as ParsedImageName["ext"] };
}

/**
 * Demo product and banner images are drawn as SVG from their URL, and resized to the `_{width}x`
 * raster variants with sharp. Rasters are cached on disk in DATA_DIR, so each is made once.
 */
export async function registerImages(app: FastifyInstance, options: { cacheDir: string }) {
  mkdirSync(options.cacheDir, { recursive: true });

  async function send(reply: FastifyReply, svg: string, parsed: ParsedImageName, cacheKey: string) {
    if (parsed.ext === "svg") {
      if (parsed.width) return reply.status(400).send({ error: "SVG images have no width variants; ask for .webp." });
      return reply.header("Cache-Control", ONE_YEAR).type("image/svg+xml").send(svg);
    }
    const width = parsed.width;
    if (width !== undefined && !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return reply.status(400).send({ error: `Image width must be one of ${IMAGE_WIDTHS.join(", ")}.` });
    }
    const file = join(
      options.cacheDir,
      `${createHash("sha1")
        .update(`${cacheKey}|${width ?? "full"}|${parsed.ext}`)
        .digest("hex")}.${parsed.ext}`,
    );
    let body: Buffer;
    if (existsSync(file)) {
      body = readFileSync(file);
    } else {
      let image = sharp(Buffer.from(svg), { density: 144 });
      if (width) image = image.resize({ width, withoutEnlargement: false });
      body = parsed.ext === "webp" ? await image.webp({ quality: 82 }).toBuffer() : await image.png().toBuffer();
      // Write then rename, so a concurrent reader never sees half a file.
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, body);
      renameSync(partial, file);
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
