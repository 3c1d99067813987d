// Home page journeys: feature strip, hero slideshow, top categories,
// Best Sellers (16), From Our Blog, about-us answers, the phone's blog link, and what the first HTML carries.
import { expect, test } from "@playwright/test";
import { installPausedClock, waitForHydration } from "./shell-hydration.ts";
import { hydrated, jsonLd, seriousViolations, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// The machines that run these are shared and often busy: a journey gets a minute.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

test("the first HTML carries title, description, canonical, Open Graph, JSON-LD and the Best Sellers grid", async ({
  request,
}) => {
  desktopOnly();
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(
    /<title>Pool &amp; Spa Parts, Pumps, Filters and Heaters \| Blue Lagoon Pool &amp; Spa Parts<\/title>/,
  );
  expect(html).toMatch(/<meta name="description" content="Find the exact pool and spa part/);
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/"\/>/);
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain('<meta property="og:site_name" content="Blue Lagoon Pool &amp; Spa Parts"');
  expect(html).not.toContain('name="robots" content="noindex"');
  const data = jsonLd(html);
  expect(data.map((entry) => entry["@type"])).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
  const website = data.find((entry) => entry["@type"] === "WebSite") as {
    potentialAction: { "@type": string; target: { urlTemplate: string } };
  };
  expect(website.potentialAction["@type"]).toBe("SearchAction");
  expect(website.potentialAction.target.urlTemplate).toMatch(/\/searchresults\.asp\?q=\{search_term_string\}$/);
  // The grid is in the HTML itself, not fetched after.
  expect(html.match(/data-testid="product-card"/g)?.length).toBe(16);
  expect(html).toContain(">Best Sellers</h2>");
});

test("feature strip, top categories, 16 best sellers, blog articles and about-us answers", async ({ page }) => {
  await page.goto("/");
  const features = page.getByRole("region", { name: "Why shop with us" });
  for (const title of ["Fast Shipping", "Genuine OEM Parts", "Expert Help", "Easy Returns"]) {
    await expect(features.getByText(title, { exact: true })).toBeVisible();
  }
  const categories = page.getByRole("region", { name: "Shop by Category" });
  await expect(categories.getByRole("link", { name: /Pool Pumps/ })).toHaveAttribute("href", "/collections/pool-pumps");

  const bestSellers = page.getByRole("region", { name: "Best Sellers" });
  await expect(bestSellers.getByTestId("product-card")).toHaveCount(16);
  await expect(bestSellers.getByTestId("product-card").first().getByText(/\$\d/).first()).toBeVisible();

  const blog = page.getByRole("region", { name: "From Our Blog" });
  const articles = blog.getByRole("listitem");
  expect(await articles.count()).toBeGreaterThan(0);
  expect(await articles.count()).toBeLessThanOrEqual(10);
  await expect(articles.first().getByRole("link")).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);

  const about = page.getByRole("region", { name: "About Us" });
  await expect(about.getByRole("heading", { name: "Who are we?" })).toBeVisible();
  await expect(about.getByText(/family-run parts house/)).toBeVisible();
});

test("the hero slideshow moves with its controls and shows where each slide leads", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const hero = page.getByRole("region", { name: "Featured offers" });
  await expect(hero.getByRole("link", { name: /Variable speed pumps that pay for themselves/ })).toHaveAttribute(
    "href",
    "/collections/pool-pumps",
  );
  await expect(hero.getByRole("button", { name: "Go to slide 1" })).toHaveAttribute("aria-current", "true");
  await hero.getByRole("button", { name: "Next slide" }).click();
  await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
  await hero.getByRole("button", { name: "Go to slide 3" }).click();
  await expect(hero.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "true");
  await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
});

test("the hero slideshow advances by itself after 7500 ms", async ({ page }) => {
  await installPausedClock(page);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured offers" });
  const first = hero.getByRole("button", { name: "Go to slide 1" });
  await waitForHydration(first);
  await expect(first).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(7400);
  await expect(first).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(100);
  await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(7500);
  await expect(hero.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "true");
});

test("the hero slideshow stands still while scrolled out of view, and starts a full interval when back", async ({
  page,
}) => {
  await installPausedClock(page);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured offers" });
  const first = hero.getByRole("button", { name: "Go to slide 1" });
  await waitForHydration(first);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(hero).not.toBeInViewport();
  await page.clock.runFor(3 * 7500);
  await expect(first).toHaveAttribute("aria-current", "true");

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(hero).toBeInViewport();
  await page.clock.runFor(7400);
  await expect(first).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(100);
  await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
});

test("card images: the first 5 load eagerly on desktop, every card image is lazy on phones", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const loading = await page
    .getByRole("region", { name: "Best Sellers" })
    .getByTestId("product-card")
    .evaluateAll((cards) => cards.map((card) => card.querySelector("img")?.getAttribute("loading")));
  if (testInfo.project.name === "phone") expect(loading.every((value) => value === "lazy")).toBe(true);
  else expect(loading).toEqual([...Array(5).fill("eager"), ...Array(11).fill("lazy")]);
  // Responsive images with their explicit size.
  const image = page
    .getByRole("region", { name: "Best Sellers" })
    .getByTestId("product-card")
    .first()
    .locator("img")
    .first();
  await expect(image).toHaveAttribute("srcset", /_160x\.webp 160w/);
  await expect(image).toHaveAttribute("width", "320");
  await expect(image).toHaveAttribute("height", "320");
});

test("phones get a link to the blog", async ({ page }, testInfo) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: "Visit our blog" });
  if (testInfo.project.name === "phone") await expect(link).toBeVisible();
  else await expect(link).toBeHidden();
});

test("the quick view opens from a card's magnifier and closes with Escape", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const card = page.getByRole("region", { name: "Best Sellers" }).getByTestId("product-card").first();
  const title = (await card.getByRole("heading").textContent())?.trim() ?? "";
  await card.getByRole("button", { name: /^Quick view:/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "View full details" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("axe: no serious or critical violation on the home page", async ({ page }) => {
  test.slow();
  await page.goto("/");
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
});
