// The results page says how it read the query: a typed price is applied (and removable), and words
// that match nothing are left out with a notice instead of an empty page. Desktop and phone.
import { expect, test } from "@playwright/test";
import { hydrated, withoutExitIntent } from "./storefront-helpers.ts";

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

test("a typed price is applied as the price filter, and removing it searches the words alone", async ({ page }) => {
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
  await page.goto("/searchresults.asp?q=pool%20pump%20xyzzyq");
  await hydrated(page);
  await expect(page.getByTestId("relaxed-notice")).toHaveText(
    "Showing results for pool pump — no matches for 'xyzzyq'.",
  );
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect(page.getByText("No products match your search criteria")).toHaveCount(0);
});
