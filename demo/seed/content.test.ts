import { describe, expect, it } from "vitest";
import { countries, states } from "../../shared/countries.ts";
import { articles } from "./content/articles.ts";
import { brands } from "./content/brands.ts";
import { flattenCategories } from "./content/categories.ts";
import { discountCodes } from "./content/commerce.ts";
import { helpPages } from "./content/help-pages.ts";
import { questionTopics } from "./content/questions.ts";
import { siteReviews } from "./content/site-reviews.ts";
import { searchSynonyms } from "./content/synonyms.ts";

describe("demo content", () => {
  it("has a three-level category tree of about 80 unique collections", () => {
    const flat = flattenCategories();
    expect(flat.length).toBeGreaterThanOrEqual(75);
    expect(new Set(flat.map((c) => c.handle)).size).toBe(flat.length);
    expect(Math.max(...flat.map((c) => c.level))).toBe(3);
    for (const c of flat.filter((x) => x.level === 1)) expect(c.paragraphs.length).toBeGreaterThan(0);
  });

  it("has about 25 brands with unique handles", () => {
    expect(brands.length).toBeGreaterThanOrEqual(25);
    expect(new Set(brands.map((b) => b.handle)).size).toBe(brands.length);
  });

  it("lists every ISO country once, the United States then Canada first", () => {
    expect(countries.length).toBe(249);
    expect(countries[0]).toEqual(["US", "United States"]);
    expect(countries[1]).toEqual(["CA", "Canada"]);
    expect(new Set(countries.map(([code]) => code)).size).toBe(249);
    const us = states.US.map(([code]) => code);
    expect(us).toEqual(expect.arrayContaining(["CA", "TX", "FL", "DC", "PR", "GU"]));
    expect(us.length).toBeGreaterThanOrEqual(57);
    expect(states.CA).toHaveLength(13);
    expect(states.AU).toHaveLength(8);
    expect(states.MX).toHaveLength(32);
  });

  it("has the info articles the storefront links to, and a blog", () => {
    const legacy = new Map(articles.filter((a) => a.legacyId).map((a) => [a.legacyId, a.title]));
    expect(legacy.get(257)).toBe("Shipping Details");
    expect(legacy.get(355)).toBe("Request Expert Assistance");
    expect(articles.filter((a) => a.kind === "blog").length).toBeGreaterThanOrEqual(20);
    expect(new Set(articles.map((a) => a.handle)).size).toBe(articles.length);
  });

  it("has help pages, questions, seller reviews and synonyms", () => {
    expect(helpPages.length).toBeGreaterThanOrEqual(12);
    expect(questionTopics.length).toBe(6);
    expect(questionTopics.flatMap((t) => t.questions).length).toBeGreaterThanOrEqual(35);
    expect(siteReviews.length).toBe(30);
    expect(siteReviews.every((r) => r.stars >= 4 && r.stars <= 5)).toBe(true);
    expect(siteReviews.some((r) => r.message === null)).toBe(true);
    expect(searchSynonyms.find(([term]) => term === "salt cell")?.[1]).toEqual(
      expect.arrayContaining(["chlorinator cell", "swg"]),
    );
  });

  it("has upper-case discount codes including the first-order code", () => {
    for (const d of discountCodes) expect(d.code).toBe(d.code.toUpperCase());
    const first = discountCodes.find((d) => d.code === "FIRST10");
    expect(first).toMatchObject({ kind: "percentage", percentOff: 10, oncePerCustomer: true });
    expect(discountCodes.some((d) => d.usageLimit === 1)).toBe(true);
    expect(discountCodes.some((d) => d.endsAt && Date.parse(d.endsAt) < Date.now())).toBe(true);
  });
});
