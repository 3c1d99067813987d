import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  demoArticleImageUrl,
  demoBannerUrl,
  demoBrandImageUrl,
  demoImageKinds,
  demoImageUrl,
  demoMenuImageUrl,
  renderDemoAsset,
  renderDemoBanner,
  renderDemoImage,
} from "./demo-image.ts";

describe("renderDemoImage", () => {
  it("draws a square SVG with the brand and part number for every kind", async () => {
    for (const kind of demoImageKinds) {
      const svg = renderDemoImage({ kind, brand: "Hayward", label: "SPX1600Z2" });
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain('viewBox="0 0 800 800"');
      expect(svg).toContain("HAYWARD");
      expect(svg).toContain("SPX1600Z2");
    }
    const meta = await sharp(
      Buffer.from(renderDemoImage({ kind: "pump", brand: "Pentair", label: "011056" })),
    ).metadata();
    expect(meta).toMatchObject({ format: "svg", width: 800, height: 800 });
  });

  it("escapes text and survives odd input", async () => {
    const svg = renderDemoImage({ kind: "not-a-kind", brand: 'A&B <"Pools">', label: "X<1>&'" });
    expect(svg).toContain("A&amp;B &lt;&quot;POOLS&quot;&gt;");
    expect(svg).not.toContain("<1>");
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(png.length).toBeGreaterThan(1000);
  });

  it("renders alternate views differently", () => {
    const main = renderDemoImage({ kind: "valve", brand: "Jandy", label: "R0358800" });
    const view2 = renderDemoImage({ kind: "valve", brand: "Jandy", label: "R0358800", view: 2 });
    expect(view2).not.toBe(main);
    expect(view2).toContain("VIEW 2");
  });
});

describe("renderDemoBanner", () => {
  it("draws a wide banner, wrapping long titles", async () => {
    const svg = renderDemoBanner({
      title: "Sand vs. Cartridge vs. DE: Which Pool Filter Is Right for You?",
      kind: "filter",
    });
    expect(svg).toContain('viewBox="0 0 1600 400"');
    expect(svg.match(/font-weight="700" fill="#fff"/g)).toHaveLength(2);
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.width).toBe(1600);
  });
});

describe("renderDemoAsset", () => {
  it("serves the URLs the seeder writes", () => {
    const product = renderDemoAsset(demoImageUrl({ kind: "cartridge", vendor: "unicel", label: "C-4950" }));
    expect(product?.svg).toContain("UNICEL");
    expect(product?.svg).toContain("C-4950");
    const view = renderDemoAsset(demoImageUrl({ kind: "pump", vendor: "sta-rite", label: "P6E6G-207L", view: 3 }));
    expect(view?.svg).toContain("STA-RITE");
    expect(view?.svg).toContain("VIEW 3");
    expect(renderDemoAsset(demoBannerUrl("pool-equipment"))?.svg).toContain("Pool Equipment");
    expect(renderDemoAsset(demoMenuImageUrl("spa-jets"))?.svg).toContain("Spa Jets");
    expect(renderDemoAsset(demoArticleImageUrl("winterizing-your-spa"))?.svg).toContain("Winterizing Your Spa");
    expect(renderDemoAsset(demoBrandImageUrl("custom-molded-products"))?.svg).toContain("MOLDED");
  });

  it("serves the demo store config's exit-intent background", () => {
    const config = JSON.parse(readFileSync("config/store.json", "utf8")) as {
      themeConfig: { exitIntentPopUp: { backgroundImageUrl: string } };
    };
    const backdrop = renderDemoAsset(config.themeConfig.exitIntentPopUp.backgroundImageUrl);
    expect(backdrop?.svg).toMatch(/^<svg /);
    expect(backdrop?.svg).not.toContain("<text");
  });

  it("encodes part numbers in URLs and rejects other paths", () => {
    expect(demoImageUrl({ kind: "jet", vendor: "waterway", label: "212-8030 A/B" })).toBe(
      "/img/demo/jet/waterway/212-8030%20A%2FB.svg",
    );
    expect(renderDemoAsset("/img/demo/spaceship/hayward/X1.svg")).toBeNull();
    expect(renderDemoAsset("/img/demo/pump/hayward/a/b.svg")).toBeNull();
    expect(renderDemoAsset("/img/demo/pump/hayward/%E0%A4%A.svg")).toBeNull();
    expect(renderDemoAsset("/etc/passwd")).toBeNull();
  });
});
