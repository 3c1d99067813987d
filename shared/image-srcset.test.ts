import { describe, expect, it } from "vitest";
import { hasImageVariants, imageSrcSet, imageUrlForWidth, imageVariantUrl } from "./image-srcset.ts";

describe("image variants", () => {
  it("builds `_{width}x.webp` URLs for demo images", () => {
    expect(imageVariantUrl("/img/demo/pump/hayward/sp-2610.svg", 320)).toBe("/img/demo/pump/hayward/sp-2610_320x.webp");
    // An URL that already names a variant is not suffixed twice.
    expect(imageVariantUrl("/img/demo/pump/hayward/sp-2610_80x.webp", 640)).toBe(
      "/img/demo/pump/hayward/sp-2610_640x.webp",
    );
  });

  it("lists every served width in the srcset", () => {
    const srcset = imageSrcSet("/img/demo/heater/raypak/r-406a.svg");
    expect(srcset?.split(", ")).toHaveLength(8);
    expect(srcset).toContain("/img/demo/heater/raypak/r-406a_80x.webp 80w");
    expect(srcset).toContain("/img/demo/heater/raypak/r-406a_1280x.webp 1280w");
  });

  it("gives other URLs no srcset", () => {
    expect(hasImageVariants("https://cdn.example.com/p.jpg")).toBe(false);
    expect(imageSrcSet("/img/no-image.svg")).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
    expect(imageUrlForWidth("/img/no-image.svg", 320)).toBe("/img/no-image.svg");
  });

  it("picks the smallest served width that covers the request", () => {
    expect(imageUrlForWidth("/img/demo/a/b/c.svg", 300)).toBe("/img/demo/a/b/c_320x.webp");
    expect(imageUrlForWidth("/img/demo/a/b/c.svg", 5000)).toBe("/img/demo/a/b/c_1280x.webp");
    expect(imageUrlForWidth(null, 300)).toBeUndefined();
  });
});
