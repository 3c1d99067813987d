import { describe, expect, it } from "vitest";
import { sitemapIndex, urlset } from "./sitemap.server.ts";

describe("sitemap documents", () => {
  it("write one <url> per address, XML-escaped", () => {
    const xml = urlset(["https://shop.example/products/a", "https://shop.example/searchresults.asp?q=a&v=b"]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://shop.example/products/a</loc></url>");
    expect(xml).toContain("<loc>https://shop.example/searchresults.asp?q=a&amp;v=b</loc>");
  });
  it("index the parts of a large catalog", () => {
    const xml = sitemapIndex(["https://shop.example/sitemaps/products-1.xml"]);
    expect(xml).toContain("<sitemapindex");
    expect(xml).toContain("<sitemap><loc>https://shop.example/sitemaps/products-1.xml</loc></sitemap>");
  });
});
