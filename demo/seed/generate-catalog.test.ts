import { describe, expect, it } from "vitest";
import { brands } from "./content/brands.ts";
import { flattenCategories } from "./content/categories.ts";
import { heroProducts } from "./content/hero-products.ts";
import { productTemplates } from "./content/product-templates.ts";
import type { GeneratedProduct } from "./generate-catalog.ts";
import { expandPattern, generateProducts, roundPrice } from "./generate-catalog.ts";
import { normalizePartNumber } from "./part-number.ts";
import { createRng } from "./random.ts";

const catalog: GeneratedProduct[] = [...generateProducts({ products: 3000 })];

describe("generateProducts", () => {
  it("is deterministic: the same seed and size give the same products", () => {
    const again = [...generateProducts({ products: 3000 })];
    expect(again.slice(0, 200)).toEqual(catalog.slice(0, 200));
    expect(again[2999]).toEqual(catalog[2999]);
  });

  it("changes with the seed, and keeps product #n the same whatever the size", () => {
    const other = [...generateProducts({ products: 200, seed: 7 })];
    expect(other.slice(40).map((p) => p.title)).not.toEqual(catalog.slice(40, 200).map((p) => p.title));
    const smaller = [...generateProducts({ products: 300 })];
    expect(smaller.map((p) => p.handle)).toEqual(catalog.slice(0, 300).map((p) => p.handle));
  });

  it("opens with the well-known products", () => {
    heroProducts.forEach((hero, i) => {
      expect(catalog[i].title).toBe(hero.title);
      expect(catalog[i].productCode).toBe(hero.partNumber);
      expect(catalog[i].minPriceCents).toBe(Math.round(hero.price * 100));
    });
    expect(catalog[0].productCode).toBe("SP2610X15");
  });

  it("gives unique handles and unique part numbers (current and superseded)", () => {
    expect(new Set(catalog.map((p) => p.handle)).size).toBe(catalog.length);
    const numbers = catalog.flatMap((p) => [p.productCode, ...p.supersededPartNumbers]).map(normalizePartNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(catalog.filter((p) => p.supersededPartNumbers.length > 0).length).toBeGreaterThan(100);
    for (const p of catalog) {
      expect(p.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.partNumberNormalized).toBe(normalizePartNumber(p.productCode));
      expect(p.partNumberNormalized).toMatch(/^[a-z0-9]+$/);
      expect(p.title).toContain(p.productCode);
    }
  });

  it("keeps prices, compare-at prices and the denormalised fields consistent", () => {
    for (const p of catalog) {
      const prices = p.variants.map((v) => v.priceCents);
      expect(p.minPriceCents).toBe(Math.min(...prices));
      expect(p.maxPriceCents).toBe(Math.max(...prices));
      expect(p.availableForSale).toBe(p.variants.some((v) => v.availableForSale));
      for (const v of p.variants) {
        expect(Number.isInteger(v.priceCents)).toBe(true);
        expect(v.priceCents).toBeGreaterThanOrEqual(0);
        if (v.compareAtPriceCents !== null) expect(v.compareAtPriceCents).toBeGreaterThan(v.priceCents);
        if (v.priceCents === 0) expect(v.compareAtPriceCents).toBeNull();
        expect(v.availableForSale).toBe(v.available > 0 || v.bypassNegativeQuantity);
        expect(v.optionValues).toHaveLength(p.options.length);
      }
      const cheapest = p.variants.find((v) => v.priceCents === p.minPriceCents);
      expect(p.compareAtPriceCents).toBe(cheapest?.compareAtPriceCents ?? null);
      expect(p.totalReviews).toBe(p.reviews.length);
      expect(p.totalReviews).toBeLessThanOrEqual(30);
      if (p.reviews.length) {
        const mean = p.reviews.reduce((s, r) => s + r.rating, 0) / p.reviews.length;
        expect(p.avgRating).toBeCloseTo(mean, 2);
      } else {
        expect(p.avgRating).toBe(0);
      }
      if (p.oversized) expect(p.freeShippingEligible).toBe(false);
    }
  });

  it("has the mix a real store has", () => {
    const share = (f: (p: GeneratedProduct) => boolean) => catalog.filter(f).length / catalog.length;
    expect(share((p) => p.minPriceCents === 0)).toBeGreaterThan(0.003);
    expect(share((p) => p.minPriceCents === 0)).toBeLessThan(0.025);
    expect(share((p) => p.isFeatured)).toBeGreaterThan(0.015);
    expect(share((p) => p.isFeatured)).toBeLessThan(0.05);
    expect(share((p) => p.descriptionHtml === null)).toBeGreaterThan(0.02);
    expect(share((p) => p.descriptionHtml === null)).toBeLessThan(0.09);
    expect(share((p) => !p.availableForSale)).toBeGreaterThan(0.03);
    expect(share((p) => p.variants.some((v) => v.bypassNegativeQuantity))).toBeGreaterThan(0.03);
    expect(share((p) => p.variants.length > 1)).toBeGreaterThan(0.05);
    expect(share((p) => p.compareAtPriceCents !== null)).toBeGreaterThan(0.15);
    expect(share((p) => p.oversized)).toBeGreaterThan(0.01);
    expect(catalog.filter((p) => p.model3d).length).toBe(10);
    const ratings = catalog.flatMap((p) => p.reviews.map((r) => r.rating));
    expect(ratings.reduce((s, r) => s + r, 0) / ratings.length).toBeGreaterThan(3.9);
    const cheapest = Math.min(...catalog.filter((p) => p.minPriceCents > 0).map((p) => p.minPriceCents));
    const dearest = Math.max(...catalog.map((p) => p.maxPriceCents));
    expect(cheapest).toBeLessThan(500);
    expect(dearest).toBeGreaterThan(250000);
  });

  it("tags products in prefix_value form with dashed prefixes", () => {
    for (const p of catalog.slice(0, 500)) {
      expect(p.tags).toContainEqual(["Brand", brands.find((b) => b.handle === p.vendorHandle)?.name]);
      expect(p.tags.some(([prefix]) => prefix === "Type")).toBe(true);
      for (const [prefix] of p.tags) expect(prefix).toMatch(/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/);
    }
    expect(catalog[0].tags).toContainEqual(["Horsepower", "1.5 HP"]);
    expect(catalog[3].tags).toContainEqual(["Filter-Type", "Cartridge"]);
  });

  it("points images at the demo renderer", () => {
    expect(catalog[0].imageUrl).toBe("/img/demo/pump/hayward/SP2610X15.svg");
    for (const p of catalog.slice(0, 300)) {
      expect(p.images[0].url).toBe(p.imageUrl);
      expect(p.imageUrl).toMatch(/^\/img\/demo\/[a-z-]+\/[a-z0-9-]+\/[^/]+\.svg$/);
    }
  });
});

describe("templates and helpers", () => {
  it("cover every leaf category and only known brands and collections", () => {
    const flat = flattenCategories();
    const handles = new Set(flat.map((c) => c.handle));
    const covered = new Set(productTemplates.flatMap((t) => [t.collection, ...(t.alsoIn ?? [])]));
    for (const leaf of flat.filter((c) => c.isLeaf)) expect(covered, leaf.handle).toContain(leaf.handle);
    const brandHandles = new Set(brands.map((b) => b.handle));
    for (const t of productTemplates) {
      expect(handles).toContain(t.collection);
      for (const b of t.brands) expect(brandHandles, `${t.key} ${b}`).toContain(b);
    }
    expect(new Set(productTemplates.map((t) => t.key)).size).toBe(productTemplates.length);
  });

  it("expands part-number patterns and rounds to shop prices", () => {
    const rng = createRng(1);
    expect(expandPattern("R0####00", rng)).toMatch(/^R0\d{4}00$/);
    expect(expandPattern("SPX####@", rng)).toMatch(/^SPX\d{4}[A-Z]$/);
    for (const dollars of [3.2, 24.7, 189.3, 1234.5]) {
      const cents = roundPrice(dollars, rng);
      expect(Number.isInteger(cents)).toBe(true);
      expect(String(cents)).toMatch(/(49|95|99)$/);
    }
  });
});
