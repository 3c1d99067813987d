import { expect, test } from "@playwright/test";
import { hydrated, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly, phoneOnly } from "./viewports.ts";

// Mobile mode (a window of 992 px or less, or a mobile user agent) and the
// phone bottom bar (Home, Cart, Sign In or Sign Out, More).

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

test("phone bottom bar: Home, the cart count, Sign In, and More with the categories", async ({ page }) => {
  phoneOnly("the bottom bar is the phone layout");
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  const bar = page.getByRole("navigation", { name: "Shortcuts" });
  await expect(bar).toBeVisible();

  await bar.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The count follows the cart: one line added through the cart API shows as 1 item.
  await expect(bar.getByRole("link", { name: "Cart (0 items)" })).toBeVisible();
  const listing = await page.request.get("/api/products/filter?sortBy=id_asc&limit=24");
  const { products } = (await listing.json()) as {
    products: { availableInventoryLevels: { id: number; availableForSale: boolean }[] }[];
  };
  const level = products.flatMap((product) => product.availableInventoryLevels).find((entry) => entry.availableForSale);
  expect(level).toBeDefined();
  const added = await page.request.post("/api/checkouts/lineItems", {
    data: { inventoryLevelId: level?.id, quantity: 1 },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(added.ok()).toBe(true);
  await page.reload();
  await hydrated(page);
  await expect(bar.getByRole("link", { name: "Cart (1 item)" })).toBeVisible();

  // The More sheet lists the store's top-level categories first, then account and help pages.
  const more = bar.getByRole("button", { name: "More" });
  await more.click();
  const sheet = page.getByRole("dialog", { name: "More" });
  await expect(sheet).toBeVisible();
  const categories = sheet.getByRole("navigation", { name: "Shop by category" }).getByRole("link");
  await expect(categories.first()).toHaveAttribute("href", /^\/collections\//);
  expect(await categories.count()).toBeGreaterThan(1);
  const others = sheet.getByRole("list", { name: "Account and help" });
  await expect(others.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/myaccount.asp");
  await expect(others.getByRole("link", { name: "Brands" })).toHaveAttribute("href", "/brands");
  await expect(others.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(more).toBeFocused();

  // A category from the sheet opens its page.
  await more.click();
  const first = categories.first();
  const href = await first.getAttribute("href");
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(sheet).toBeHidden();

  await bar.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("a phone's user agent in a wide window", () => {
  test.use({
    viewport: { width: 1280, height: 900 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });

  test("still gets the mobile layout: the bottom bar and the filter drawer button", async ({ page }) => {
    desktopOnly("the phone project already has a phone's window");
    await page.goto("/collections/pool-pumps");
    await hydrated(page);
    await expect(page.locator("html")).toHaveClass(/\bua-mobile\b/);
    await expect(page.getByRole("navigation", { name: "Shortcuts" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Filter & Sort/ })).toBeVisible();
    // The desktop sidebar gives way to the drawer.
    await expect(page.getByRole("complementary", { name: "Categories and filters" })).toBeHidden();
  });
});
