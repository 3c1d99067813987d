// Crawler entry points: /robots.txt and /sitemap.xml (products, collections, articles; split when large).
import { expect, test } from "@playwright/test";

test.describe.configure({ timeout: 60_000 });

test.skip(({ isMobile }) => isMobile, "server responses: checked once, on desktop");

test("robots.txt keeps crawlers out of carts and accounts and names the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain("User-agent: *");
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain("Disallow: /shoppingcart.asp");
  expect(text).toMatch(/^Sitemap: http\S+\/sitemap\.xml$/m);
});

test("sitemap.xml lists the products, the collections and the blog articles", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  // The demo catalog has 400 products (back-office tests running beside this one may add a few): one
  // file holds everything.
  expect(urls.filter((path) => path.startsWith("/products/")).length).toBeGreaterThanOrEqual(400);
  expect(urls).toContain("/collections/pool-pumps");
  expect(urls.some((path) => /^\/blog\/[a-z0-9-]+$/.test(path))).toBe(true);
});

test("the sitemap parts answer too, and an unknown part is a 404", async ({ request }) => {
  const collections = await request.get("/sitemaps/collections.xml");
  expect(collections.status()).toBe(200);
  expect(await collections.text()).toContain("/collections/pool-pumps</loc>");
  const products = await (await request.get("/sitemaps/products-1.xml")).text();
  expect(products.match(/<loc>/g)?.length).toBeGreaterThanOrEqual(400);
  expect((await request.get("/sitemaps/products-9.xml")).status()).toBe(404);
  expect((await request.get("/sitemaps/nothing.xml")).status()).toBe(404);
});
