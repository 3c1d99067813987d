// Brand pages, the vendors page and the collection
// list at the collection path prefix.
import { expect, type Page, test } from "@playwright/test";
import { desktopOnly } from "./viewports.ts";

// Several pages per test; this machine is shared, so allow for a slow server.
test.describe.configure({ timeout: 90_000 });

const STORE = "Blue Lagoon Pool & Spa Parts";

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("/brands: breadcrumb, heading, 200x220 cards, Prev/Next pages", async ({ page }) => {
  const response = await page.goto("/brands");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Brands | ${STORE}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/brands$/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByText("All Brands")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Brands" })).toBeVisible();

  const cards = page.getByTestId("brand-card");
  await expect(cards).toHaveCount(24);
  const box = await cards.first().boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(200);
  expect(Math.round(box?.height ?? 0)).toBe(220);
  await expect(cards.first().locator("img")).toHaveAttribute("src", /\S/);
  const first = cards.first();
  const name = (await first.locator("span").first().textContent()) ?? "";
  await expect(first).toHaveAttribute("href", `/brands/${encodeURIComponent(name)}`);
  expect((await jsonLd(page)).some((data) => data["@type"] === "BreadcrumbList")).toBe(true);

  const pages = page.getByRole("navigation", { name: "Brand pages" });
  await expect(pages.getByText("Prev")).toHaveAttribute("aria-disabled", "true");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/brands\?page=1$/);
  await expect(page.getByRole("navigation", { name: "Brand pages" }).getByText("Page 2 of 2")).toBeVisible();
  expect(await page.getByTestId("brand-card").count()).toBeGreaterThan(0);
  await page.getByRole("navigation", { name: "Brand pages" }).getByRole("link", { name: "Prev" }).click();
  await expect(page).toHaveURL(/\/brands$/);

  expect((await page.request.get("/brands?page=40")).status()).toBe(404);
});

test("/brands/{brand}: title, breadcrumbs, sidebar, 25 products A-Z, count, ?page= pagination", async ({ page }) => {
  const response = await page.goto("/brands/Hayward");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Hayward Pool & Spa Parts | ${STORE}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/brands\/Hayward$/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Brands", "Hayward"]);
  await expect(crumbs.getByRole("link", { name: "Brands" })).toHaveAttribute("href", "/brands");
  await expect(page.getByRole("navigation", { name: "ALL CATEGORIES", exact: true })).toBeVisible();

  const count = Number(((await page.getByTestId("brand-count").textContent()) ?? "").replace(/\D/g, ""));
  expect(count).toBeGreaterThan(25);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(25);
  const titles = await cards.locator("h3").allTextContents();
  // A to Z (by the database's collation: code points or the locale's order).
  const lower = titles.map((title) => title.toLowerCase());
  const inOrder = (compare: (a: string, b: string) => number) =>
    lower.every((title, index) => index === 0 || compare(lower[index - 1], title) <= 0);
  expect(inOrder((a, b) => (a < b ? -1 : a > b ? 1 : 0)) || inOrder((a, b) => a.localeCompare(b))).toBe(true);
  // Every card is the brand's.
  await expect(cards.locator('a[href^="/searchresults.asp?v="]')).toHaveText(Array(25).fill("Hayward"));
  await expect(page.getByText(`Showing 1 - 25 of ${count} products.`).first()).toBeVisible();
  const ld = await jsonLd(page);
  expect(ld.map((data) => data["@type"])).toEqual(expect.arrayContaining(["BreadcrumbList", "Brand"]));

  await page.getByRole("navigation", { name: "Pagination, top" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/brands\/Hayward\?page=1$/);
  await expect(page.getByText(`Showing 26 - ${Math.min(50, count)} of ${count} products.`).first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/brands\/Hayward\?page=1$/);
});

test("the brand page's filter narrows the list and Clear resets it", async ({ page }) => {
  await page.goto("/brands/Hayward");
  const total = Number(((await page.getByTestId("brand-count").textContent()) ?? "").replace(/\D/g, ""));
  const filter = page.getByRole("form", { name: "Filter products" });
  // The value that narrows the list most.
  const labels = await filter.locator("label:has(input[type=checkbox])").allTextContents();
  const counts = labels.map((label) => Number(/\((\d+)\)/.exec(label)?.[1] ?? "0"));
  const expected = Math.min(...counts.filter((count) => count > 0));
  const option = filter.getByRole("checkbox").nth(counts.indexOf(expected));
  await option.check();
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]t=/);
  await expect(page.getByTestId("brand-count")).toHaveText(`${expected} ${expected === 1 ? "item" : "items"}`);
  expect(expected).toBeLessThan(total);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/brands\/Hayward$/);
  await expect(page.getByTestId("brand-count")).toHaveText(`${total} items`);
});

test("brand addresses: another spelling moves to the brand's name; an unknown brand is the 404 page", async ({
  page,
}) => {
  desktopOnly();
  await page.goto("/brands/hayward?page=1");
  await expect(page).toHaveURL(/\/brands\/Hayward\?page=1$/);
  const missing = await page.goto("/brands/No-Such-Brand");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();

  // Past the last page is the 404 page; a page number that is not one shows the first page.
  await page.goto("/brands/Hayward");
  const count = Number(((await page.getByTestId("brand-count").textContent()) ?? "").replace(/\D/g, ""));
  const pages = Math.ceil(count / 25);
  expect((await page.request.get(`/brands/Hayward?page=${pages - 1}`)).status()).toBe(200);
  const past = await page.goto(`/brands/Hayward?page=${pages}`);
  expect(past?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  expect((await page.request.get("/brands/Hayward?page=999999999")).status()).toBe(404);
  for (const odd of ["abc", "-1", "1.5"]) {
    const response = await page.goto(`/brands/Hayward?page=${odd}`);
    expect(response?.status(), odd).toBe(200);
    await expect(page.getByTestId("product-card")).toHaveCount(25);
    await expect(page.locator("#brand-products [role=alert]")).toHaveCount(0);
  }
});

test("{collectionPath}/vendors lists every brand by letter", async ({ page }) => {
  await page.goto("/collections/vendors");
  await expect(page).toHaveTitle(`Shop by Vendor | ${STORE}`);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
    "Home",
    "Collections",
    "Vendors",
  ]);
  await expect(page.getByRole("heading", { level: 2, name: "H", exact: true })).toBeVisible();
  await page.getByRole("link", { name: /^Pentair \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/brands\/Pentair$/);
});

test("the collection path prefix lists the categories with their subcategories", async ({ page }) => {
  await page.goto("/collections");
  await expect(page).toHaveTitle(`All Categories | ${STORE}`);
  const cards = page.getByTestId("collection-card");
  expect(await cards.count()).toBeGreaterThan(3);
  await expect(cards.first().getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    /^\/collections\/[a-z0-9-]+$/,
  );
  await expect(page.getByRole("link", { name: "Shop by vendor" })).toHaveAttribute("href", "/collections/vendors");
});
