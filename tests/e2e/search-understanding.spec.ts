// The results page says how it read the query: a typed price is applied (and removable), and words
// that match nothing are left out with a notice instead of an empty page. Desktop and phone.
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./shell-hydration.ts";
import { hydrated, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

test("a typed price is applied as the price filter, and removing it searches the words alone", async ({ page }) => {
  desktopOnly();
  await page.goto("/searchresults.asp?q=pool%20pump%20under%20600");
  await hydrated(page);
  const understood = page.getByRole("list", { name: "Search understood as" });
  await expect(understood).toContainText("Price: under $600.00");
  const prices = await page
    .getByTestId("product-card")
    .getByText(/^\$[\d,]+\.\d\d$/)
    .allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(Number(price.replace(/[$,]/g, ""))).toBeLessThanOrEqual(600);

  await understood.getByRole("button", { name: "Remove price filter under $600.00" }).click();
  await expect(page).toHaveURL(/[?&]q=pool(\+|%20)pump(&|$)/);
  await expect(page.getByRole("list", { name: "Search understood as" })).toHaveCount(0);
});

test("words that match nothing are left out, and the page says so", async ({ page }) => {
  desktopOnly();
  await page.goto("/searchresults.asp?q=pool%20pump%20xyzzyq");
  await hydrated(page);
  await expect(page.getByTestId("relaxed-notice")).toHaveText(
    "Showing results for pool pump — no matches for 'xyzzyq'.",
  );
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect(page.getByText("No products match your search criteria")).toHaveCount(0);
});

test("the sidebar's price filter shows a typed price, and widens or clears it", async ({ page }) => {
  desktopOnly("phones filter in the drawer; the sidebar is the desktop's");
  await page.goto("/searchresults.asp?q=pool%20pump%20under%20600");
  await hydrated(page);
  const filters = page.getByRole("complementary", { name: "Filters" });
  await waitForHydration(filters.getByLabel("Max", { exact: true }));
  await expect(filters.getByRole("slider", { name: "Maximum price" })).toHaveAttribute("aria-valuetext", "$600.00");
  await expect(filters.getByLabel("Max", { exact: true })).toHaveValue("600");

  // Widening: the bound moves into the price filter and the typed words leave the search.
  await filters.getByLabel("Max", { exact: true }).fill("1000");
  await expect(page).toHaveURL(/[?&]maxPrice=1000\.00(&|$)/);
  await expect(page).toHaveURL(/[?&]q=pool(\+|%20)pump(&|$)/);
  await expect(filters.getByRole("slider", { name: "Maximum price" })).toHaveAttribute("aria-valuetext", "$1,000.00");
  const prices = await page
    .getByTestId("product-card")
    .getByText(/^\$[\d,]+\.\d\d$/)
    .allTextContents();
  for (const price of prices) expect(Number(price.replace(/[$,]/g, ""))).toBeLessThanOrEqual(1000);

  await filters.getByRole("button", { name: "Clear price filter" }).click();
  await expect(page).not.toHaveURL(/Price=/);
  await expect(filters.getByRole("button", { name: "Clear price filter" })).toHaveCount(0);
  await expect(filters.getByRole("slider", { name: "Maximum price" })).not.toHaveAttribute(
    "aria-valuetext",
    "$1,000.00",
  );
});

test("a clear button also clears a typed price", async ({ page }) => {
  desktopOnly("phones filter in the drawer; the sidebar is the desktop's");
  await page.goto("/searchresults.asp?q=cheap%20pool%20pump%20under%20600");
  await hydrated(page);
  const filters = page.getByRole("complementary", { name: "Filters" });
  // The sidebar's code comes in its own file, fetched as the page's code starts: wait until it has hydrated.
  const clear = filters.getByRole("button", { name: "Clear price filter" });
  await waitForHydration(clear);
  await clear.click();
  // "cheap" stays: lowest prices first is no bound.
  await expect(page).toHaveURL(/[?&]q=cheap(\+|%20)pool(\+|%20)pump(&|$)/);
  const understood = page.getByRole("list", { name: "Search understood as" });
  await expect(understood).toContainText("Lowest price first");
  await expect(understood).not.toContainText("Price:");
});

test("an attribute typed into the search becomes a removable filter in the address", async ({ page, request }) => {
  desktopOnly();
  await page.goto("/searchresults.asp?q=1.5%20hp%20pool%20pump");
  // The attribute moves into a=: the page can be shared and reloaded as it is.
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pool(\+|%20)pump&a=horsepower_1\.5$/);
  await hydrated(page);
  const understood = page.getByRole("list", { name: "Search understood as" });
  await expect(understood).toContainText("Horsepower: 1.5 HP");
  // The same list as the words typed together.
  const typed = (await (
    await request.get(`/api/products/filter?q=${encodeURIComponent("1.5 hp pool pump")}&limit=8`)
  ).json()) as { products: { title: string }[] };
  expect(typed.products.length).toBeGreaterThan(0);
  const titles = page.getByTestId("product-card").locator("h3");
  for (const [index, product] of typed.products.entries()) await expect(titles.nth(index)).toHaveText(product.title);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("list", { name: "Search understood as" })).toContainText("Horsepower: 1.5 HP");

  await page
    .getByRole("list", { name: "Search understood as" })
    .getByRole("button", { name: "Remove filter Horsepower 1.5 HP" })
    .click();
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pool(\+|%20)pump$/);
  await expect(page.getByRole("list", { name: "Search understood as" })).toHaveCount(0);
});

/** The header's search box (a combobox once its code has loaded). */
async function headerSearch(page: Page) {
  await page.getByPlaceholder("Enter Keyword or Part Number...").first().hover();
  const box = page.getByRole("combobox", { name: "Search by keyword or part number" });
  await expect(box).toBeVisible();
  return box;
}

for (const typed of ["1.5 hp pool pump", "gasket for pentair filter"]) {
  test(`the header dropdown ranks "${typed}" as the results page does`, async ({ page }) => {
    desktopOnly();
    await page.goto(`/searchresults.asp?q=${encodeURIComponent(typed)}`);
    await hydrated(page);
    const titles = (await page.getByTestId("product-card").locator("h3").allTextContents()).slice(0, 4);
    expect(titles.length).toBeGreaterThan(0);

    const box = await headerSearch(page);
    await box.fill(typed);
    const products = page.getByRole("listbox").getByRole("group", { name: /^Products/ });
    await expect(products.getByRole("option")).toHaveCount(titles.length);
    for (const [index, title] of titles.entries()) {
      await expect(products.getByRole("option").nth(index)).toContainText(title);
    }
  });
}

test("the header dropdown says how it read a typed price and an attribute", async ({ page }) => {
  desktopOnly();
  await page.goto("/");
  await hydrated(page);
  const box = await headerSearch(page);
  await box.fill("1.5 hp pool pump under 600");
  const products = page.getByRole("listbox").getByRole("group", { name: /^Products/ });
  await expect(products).toHaveAccessibleName(/under \$600\.00/);
  await expect(products).toHaveAccessibleName(/1\.5 HP/);
  const prices = await products.getByText(/^\$[\d,]+\.\d\d$/).allTextContents();
  for (const price of prices) expect(Number(price.replace(/[$,]/g, ""))).toBeLessThanOrEqual(600);
});
