import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ products: 0 });
});
afterAll(() => store?.close());

describe("generated product images", () => {
  test("the SVG names the brand and part number and is cached for a year", async () => {
    const response = await store.get("/img/demo/pump/hayward/SP2610X15.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const svg = await response.text();
    expect(svg).toContain("SP2610X15");
    expect(svg).toContain("Hayward");
  });

  test("a _{width}x variant is a WebP of that width, the same bytes on a second request (disk cache)", async () => {
    const first = await store.get("/img/demo/filter/pentair/R172463_320x.webp");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
    const second = Buffer.from(await (await store.get("/img/demo/filter/pentair/R172463_320x.webp")).arrayBuffer());
    expect(second.equals(bytes)).toBe(true);
  });

  test("a width outside the list is refused, an unknown image is a 404", async () => {
    const odd = await store.json("/img/demo/pump/hayward/SP2610X15_333x.webp");
    expect(odd.status).toBe(400);
    expect(String(odd.body.error)).toMatch(/one of 80, 160/);
    expect((await store.get("/img/demo/not-a-kind/hayward/X.svg")).status).toBe(404);
    expect((await store.get("/img/nothing-here.png")).status).toBe(404);
  });

  test("category banners render too", async () => {
    const response = await store.get("/img/demo-banner/pool-pumps_960x.webp");
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(960);
  });
});
