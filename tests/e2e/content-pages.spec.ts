// Help, questions, the old article links, indexes, generic pages and the old site's addresses
// (the route table and /Articles.asp).
import { expect, type Page, test } from "@playwright/test";
import { desktopOnly } from "./viewports.ts";

// Several pages per test; this machine is shared, so allow for a slow server.
test.describe.configure({ timeout: 90_000 });

const STORE = "Blue Lagoon Pool & Spa Parts";

async function jsonLdTypes(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => (JSON.parse(text) as Record<string, unknown>)["@type"]);
}

async function expectCanonical(page: Page, path: RegExp) {
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", path);
}

test("/Articles.asp?ID=257 and 355: shipping details and expert assistance", async ({ page }) => {
  await page.goto("/Articles.asp?ID=257");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping Details" })).toBeVisible();
  await expect(page).toHaveTitle(`Shipping Details | ${STORE}`);
  await expectCanonical(page, /\/Articles\.asp\?ID=257$/);
  expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["BreadcrumbList", "Article"]));
  await expect(page.getByRole("heading", { name: "Free shipping" })).toBeVisible();

  await page.goto("/Articles.asp?ID=355");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/expert/i);
  // Another spelling of the address moves to the one canonical spelling.
  await page.goto("/articles.asp?id=257");
  await expect(page).toHaveURL(/\/Articles\.asp\?ID=257$/);
  expect((await page.request.get("/Articles.asp?ID=4242")).status()).toBe(404);
  expect((await page.request.get("/Articles.asp")).status()).toBe(404);
});

test("the footer's Shipping Details link opens article 257", async ({ page }) => {
  await page.goto("/help.asp");
  await page.getByRole("contentinfo").getByRole("link", { name: "Shipping Details" }).click();
  await expect(page).toHaveURL(/\/Articles\.asp\?ID=257$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipping Details" })).toBeVisible();
});

test("help centre: topics, answers, FAQ data", async ({ page }) => {
  await page.goto("/help.asp");
  await expect(page).toHaveTitle(`Help Center | ${STORE}`);
  await expectCanonical(page, /\/help\.asp$/);
  await expect(page.getByRole("heading", { level: 1, name: "Help Center" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Returns" })).toBeVisible();
  await page.getByRole("link", { name: "How do I return an item?" }).click();
  await expect(page).toHaveURL(/\/help_answer\/returns$/);
  await expect(page.getByRole("heading", { level: 1, name: "How do I return an item?" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
    "Home",
    "Help Center",
    "How do I return an item?",
  ]);
  expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["BreadcrumbList", "FAQPage"]));
  await expect(page.getByRole("complementary").getByRole("link").first()).toHaveAttribute("href", /^\/help_answer\//);
  expect((await page.request.get("/help_answer/no-such-answer")).status()).toBe(404);
});

test("questions: list, topic, single question; stale handles move", async ({ page }) => {
  await page.goto("/questions");
  await expect(page).toHaveTitle(`Questions & Answers | ${STORE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Questions & Answers" })).toBeVisible();
  await expect(page.getByTestId("question-item")).toHaveCount(10);
  await page.getByRole("navigation", { name: "Question pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/questions\?page=1$/);
  await expect(page.getByTestId("question-item").first()).toBeVisible();

  const topics = page.getByRole("navigation", { name: "TOPICS" });
  await topics.getByRole("link", { name: /Heaters & Heat Pumps/ }).click();
  await expect(page).toHaveURL(/\/questions\/Topic\/heaters\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Heaters & Heat Pumps" })).toBeVisible();
  await expectCanonical(page, /\/questions\/Topic\/heaters\/\d+$/);
  // The count names the topic's questions (fewer than a page here).
  const listed = await page.getByTestId("question-item").count();
  await expect(page.getByText(/^\d+ questions?$/)).toHaveText(`${listed} ${listed === 1 ? "question" : "questions"}`);
  expect(listed).toBeGreaterThan(1);
  const topicUrl = new URL(page.url());
  const topicId = topicUrl.pathname.split("/").pop();
  await page.goto(`/questions/Topic/old-name/${topicId}`);
  await expect(page).toHaveURL(new RegExp(`/questions/Topic/heaters/${topicId}$`));

  const question = page.getByTestId("question-item").first().getByRole("heading").getByRole("link");
  const title = (await question.textContent()) ?? "";
  await question.click();
  await expect(page).toHaveURL(/\/questions\/\d+\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Answer/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
    "Home",
    "Questions & Answers",
    "Heaters & Heat Pumps",
    title,
  ]);
  expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["BreadcrumbList", "QAPage"]));
  const id = new URL(page.url()).pathname.split("/")[2];
  const canonical = new URL(page.url()).pathname;
  await page.goto(`/questions/${id}/old-title`);
  await expect(page).toHaveURL(new RegExp(`${canonical}$`));
  expect((await page.request.get("/questions/999999/nothing")).status()).toBe(404);
});

test("indexes: all products, all categories, the product list", async ({ page }) => {
  await page.goto("/pindex.asp");
  await expect(page).toHaveTitle(`Product Index | ${STORE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Product Index" })).toBeVisible();
  const productLinks = page.getByRole("main").locator('a[href^="/products/"]');
  await expect(productLinks).toHaveCount(200);
  await page.getByRole("navigation", { name: "Index pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/pindex\.asp\?page=1$/);
  expect(await page.getByRole("main").locator('a[href^="/products/"]').count()).toBeGreaterThan(0);

  await page.goto("/cindex.asp");
  await expect(page.getByRole("heading", { level: 1, name: "Category Index" })).toBeVisible();
  expect(await page.getByRole("main").locator('a[href^="/collections/"]').count()).toBeGreaterThan(20);

  await page.goto("/productslist.asp");
  await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  await expect(page.getByTestId("product-card")).toHaveCount(24);
  await expect(page.getByText(/^Showing 1 - 24 of \d+ products\.$/).first()).toBeVisible();
});

test("generic pages by handle; articles by handle move to their address; unknown paths are 404", async ({ page }) => {
  desktopOnly();
  await page.goto("/contact-us");
  await expect(page).toHaveTitle(`Contact Us | ${STORE}`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expectCanonical(page, /\/contact-us$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /experts/);

  await page.goto("/returns-and-exchanges");
  await expect(page).toHaveURL(/\/Articles\.asp\?ID=258$/);
  await page.goto("/winterizing-your-spa");
  await expect(page).toHaveURL(/\/blog\/winterizing-your-spa$/);

  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  expect((await page.request.get("/two/segments")).status()).toBe(404);
});

test("old site addresses redirect permanently to the pages they became", async ({ request }) => {
  desktopOnly();
  const noFollow = { maxRedirects: 0 };
  const product = await request.get("/api/products/filter?limit=1&sortBy=id_asc&fields=handle,id");
  const { products } = (await product.json()) as { products: { handle: string; id: number }[] };
  const handle = products[0].handle;
  const detail = (await (await request.get(`/api/products/handle/${handle}`)).json()) as {
    product: { productCode: string };
  };
  const code = detail.product.productCode;

  const cases: Array<[string, RegExp]> = [
    [`/ProductDetails.asp?ProductCode=${encodeURIComponent(code)}`, new RegExp(`/products/${handle}$`)],
    [`/ProductDetails.asp?productcode=${encodeURIComponent(code.toLowerCase())}`, new RegExp(`/products/${handle}$`)],
    [`/any-name-p/${encodeURIComponent(code)}.htm`, new RegExp(`/products/${handle}$`)],
    [`/${handle}/${products[0].id}.htm`, new RegExp(`/products/${handle}$`)],
    ["/SearchResults.asp?Cat=100", /\/collections\/[a-z0-9-]+$/],
    ["/pool-pumps-s/100.htm", /\/collections\/[a-z0-9-]+$/],
    ["/SearchResults.asp?Search=pump", /\/searchresults\.asp\?q=pump$/],
    ["/shipping-details-a/257.htm", /\/Articles\.asp\?ID=257$/],
    // The handle names the page: the article, even when a product has the id in the link.
    ["/shipping-details/257.htm", /\/Articles\.asp\?ID=257$/],
    [`/shipping-details/${products[0].id}.htm`, /\/Articles\.asp\?ID=257$/],
    [`/${handle}/257.htm`, new RegExp(`/products/${handle}$`)],
  ];
  for (const [from, to] of cases) {
    const response = await request.get(from, noFollow);
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toMatch(to);
  }
  // The lower-case search page is not redirected.
  expect((await request.get("/searchresults.asp?q=pump", noFollow)).status()).toBe(200);
  expect((await request.get("/ProductDetails.asp?ProductCode=NO-SUCH-PART", noFollow)).status()).toBe(404);
  // An id alone never opens a product whose handle the link does not name.
  expect((await request.get(`/no-such-page/${products[0].id}.htm`, noFollow)).status()).toBe(404);
});
