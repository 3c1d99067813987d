import { expect, test } from "@playwright/test";
import { waitForHydration } from "./shell-hydration.ts";
import { holdRequests } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

test("home renders the demo catalog with the store's header", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByPlaceholder("Enter Keyword or Part Number...")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Best Sellers" })).toBeVisible();
  // Demo products are on the page, with prices.
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(8);
  await expect(cards.first().getByText(/\$\d/)).toBeVisible();
});

test("/default.asp is the home page too", async ({ page }) => {
  desktopOnly();
  const response = await page.goto("/default.asp");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Best Sellers" })).toBeVisible();
});

test("an unknown path shows the 404 page with status 404, and Go Back steps back", async ({ page }) => {
  await page.goto("/");
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByText("This page does not exist.")).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the header search box sends the shopper to the results page", async ({ page }) => {
  await page.goto("/");
  const box = page.getByPlaceholder("Enter Keyword or Part Number...");
  await box.fill("pump");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pump/);
});

test("what a shopper types in the header search box before the page is interactive is what gets searched", async ({
  page,
}) => {
  // The scripts are held back until the box has been typed into: a slow phone, a shopper who types at once.
  const release = await holdRequests(page, "**/assets/**/*.js");
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const box = page.getByPlaceholder("Enter Keyword or Part Number...");
  await box.fill("pump");
  release();
  await waitForHydration(box);
  // Whatever the page does once it runs (its effects), the text stays.
  await page.waitForLoadState("load");
  await expect(box).toHaveValue("pump");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=pump/);
});

test("the page has no horizontal scroll", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath(`home-${testInfo.project.name}.png`), fullPage: true });
});

test("responses carry security headers and hashed assets are cached for a year", async ({ page, request }) => {
  desktopOnly();
  // A page rendered for this visitor alone (sign-in) runs its inline scripts by a per-request nonce.
  const personal = (await request.get("/login")).headers();
  expect(personal["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  expect(personal["x-content-type-options"]).toBe("nosniff");
  // The home page comes from the page cache (asked again, the answer is the kept copy; back-office
  // tests running beside this one may drop it in between): its inline scripts run by their hashes,
  // and no nonce is shared between shoppers.
  let headers: Record<string, string> = {};
  await expect
    .poll(async () => {
      headers = (await request.get("/")).headers();
      return headers["x-cache"];
    })
    .toBe("HIT");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(headers["content-security-policy"]).not.toContain("nonce-");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  await page.goto("/");
  const asset = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.href);
  expect(asset).toMatch(/\/assets\//);
  const assetResponse = await request.get(asset as string);
  expect(assetResponse.headers()["cache-control"]).toContain("immutable");
});
