import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { generateProducts } from "../seed/generate-catalog.ts";
import { renderDemoAsset } from "./demo-image.ts";
import { registerDemoImageRoute } from "./image-route.ts";

let app: FastifyInstance | undefined;

/** The cache file of a `_320x.webp` URL, named as the route names it. */
const cacheName = (url: string) =>
  `${createHash("sha1")
    .update(`${url.replace("_320x.webp", ".svg")}|320|webp`)
    .digest("hex")}.webp`;
afterEach(() => app?.close());

async function start(maxCacheBytes?: number) {
  const cacheDir = mkdtempSync(join(tmpdir(), "demo-image-cache-"));
  app = Fastify();
  await registerDemoImageRoute(app, { cacheDir, maxCacheBytes });
  const files = () => readdirSync(cacheDir).filter((name) => !name.endsWith(".tmp"));
  const bytes = () => files().reduce((sum, name) => sum + statSync(join(cacheDir, name)).size, 0);
  return { app, files, bytes };
}

describe("demo image route", () => {
  test("draws only what the demo catalog has: unknown part numbers, brands, categories and articles are 404", async () => {
    const { app } = await start();
    const status = async (url: string) => (await app.inject(url)).statusCode;
    expect(await status("/img/demo/pump/hayward/SP2610X15_160x.webp")).toBe(200);
    expect(await status("/img/demo/pump/hayward/ANY-TEXT-AT-ALL.svg")).toBe(404);
    expect(await status("/img/demo/pump/hayward/x1_160x.webp")).toBe(404);
    expect(await status("/img/demo/pump/no-such-brand/SP2610X15.svg")).toBe(404);
    expect(await status("/img/demo-banner/no-such-category.svg")).toBe(404);
    expect(await status("/img/demo-menu/no-such-category_160x.webp")).toBe(404);
    expect(await status("/img/demo-article/no-such-article.svg")).toBe(404);
    expect(await status("/img/demo-brand/no-such-brand.svg")).toBe(404);
  });

  test("every image URL the demo catalog holds is drawn", () => {
    for (const product of generateProducts({ products: 3000 })) {
      for (const image of product.images) expect(renderDemoAsset(image.url), image.url).not.toBeNull();
    }
  });

  test("the disk cache stays under its cap, least recently used out", async () => {
    const probe = await start();
    const one = await probe.app.inject("/img/demo-banner/pool-pumps_320x.webp");
    expect(one.statusCode).toBe(200);
    const size = probe.bytes();
    await probe.app.close();

    // Room for about two renderings of this size.
    const { app, files, bytes } = await start(Math.round(size * 2.5));
    const urls = ["pool-pumps", "pool-filters", "pool-heaters-heat-pumps", "pool-cleaners"].map(
      (handle) => `/img/demo-banner/${handle}_320x.webp`,
    );
    expect((await app.inject(urls[0])).statusCode).toBe(200);
    expect((await app.inject(urls[1])).statusCode).toBe(200);
    // The first is used again: the second is now the least recently used.
    expect((await app.inject(urls[0])).statusCode).toBe(200);
    expect((await app.inject(urls[2])).statusCode).toBe(200);
    expect((await app.inject(urls[3])).statusCode).toBe(200);
    expect(bytes()).toBeLessThanOrEqual(Math.round(size * 2.5));
    const kept = files();
    expect(kept).not.toContain(cacheName(urls[1]));
    expect(kept).toContain(cacheName(urls[3]));
  });
});
