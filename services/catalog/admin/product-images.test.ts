import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { storeCatalogImage, uploadedImageFile } from "./product-images.ts";

const dir = mkdtempSync(join(tmpdir(), "uploads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("uploaded images", () => {
  it("names only files inside the uploads folder", () => {
    expect(uploadedImageFile("/data/uploads", "/img/uploads/p12/0123456789abcdef01234567_480x.webp")).toBe(
      "/data/uploads/p12/0123456789abcdef01234567_480x.webp",
    );
    expect(uploadedImageFile("/data/uploads", "/img/uploads/p12/../../etc/passwd")).toBeNull();
    expect(uploadedImageFile("/data/uploads", "/img/uploads/p12/0123456789abcdef01234567.png")).toBeNull();
    expect(uploadedImageFile("/data/uploads", "/img/uploads/x/0123456789abcdef01234567.webp")).toBeNull();
  });

  it("writes the full image and every srcset width as WebP, named by content", async () => {
    const png = await sharp({ create: { width: 1000, height: 500, channels: 4, background: "#ea580c" } })
      .png()
      .toBuffer();
    const image = await storeCatalogImage({ body: png, uploadsDir: dir });
    expect(image).toMatchObject({ width: 1000, height: 500 });
    const files = readdirSync(join(dir, "banners"));
    expect(files).toHaveLength(9);
    const small = await sharp(
      join(dir, "banners", files.find((name) => name.endsWith("_80x.webp")) as string),
    ).metadata();
    expect(small).toMatchObject({ format: "webp", width: 80, height: 40 });
    // The same bytes again land on the same address.
    expect((await storeCatalogImage({ body: png, uploadsDir: dir })).url).toBe(image.url);
  });

  it("refuses a file that is not an image", async () => {
    await expect(storeCatalogImage({ body: Buffer.from("<svg onload=alert(1)>"), uploadsDir: dir })).rejects.toThrow(
      "not an image the store can read",
    );
  });
});
