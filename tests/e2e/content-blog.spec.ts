// The blog: list, pages, articles.
import { expect, type Page, test } from "@playwright/test";
import { desktopOnly } from "./viewports.ts";

// Several steps per test on a shared, sometimes busy machine.
test.describe.configure({ timeout: 90_000 });

const STORE = "Blue Lagoon Pool & Spa Parts";

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("/blog lists the newest posts, 10 a page, with Prev/Next", async ({ page }) => {
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Blog | ${STORE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog$/);
  const posts = page.getByRole("main").getByRole("article");
  await expect(posts).toHaveCount(10);
  // Newest first.
  const dates = await posts
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
  expect([...dates].sort().reverse()).toEqual(dates);
  expect((await jsonLd(page)).map((data) => data["@type"])).toEqual(expect.arrayContaining(["BreadcrumbList", "Blog"]));

  await page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/blog\?page=1$/);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  expect((await page.request.get("/blog?page=99")).status()).toBe(404);
});

test("an article shows its author, date, image and reading time, with Article data", async ({ page }) => {
  await page.goto("/blog");
  // The newest of the demo store's posts: other tests publish posts of their own, without a picture.
  const first = page
    .getByRole("main")
    .getByRole("article")
    .filter({ has: page.locator('img[src*="/img/demo-article/"]') })
    .first();
  const title = (await first.getByRole("heading").textContent()) ?? "";
  await first.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | ${STORE}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Blog", title]);

  const article = page.getByRole("main").getByRole("article");
  await expect(article.getByText(/By \w/)).toBeVisible();
  await expect(article.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(article.locator("img").first()).toHaveAttribute("src", /\/img\/demo-article\//);

  // Reading time: the words of the body divided by 225, rounded up.
  const words = await article
    .locator("div.max-w-none")
    .evaluate((body) => (body.textContent ?? "").split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length);
  await expect(page.getByTestId("reading-time")).toHaveText(`${Math.ceil(words / 225)} min read`);

  const data = (await jsonLd(page)).find((entry) => entry["@type"] === "Article");
  expect(data).toMatchObject({ headline: title, author: { "@type": "Person" } });
  expect(String(data?.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
});

test("an unknown article is the 404 page", async ({ page }) => {
  desktopOnly();
  const response = await page.goto("/blog/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
});
