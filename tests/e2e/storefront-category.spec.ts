// Category page journeys:
// heading and description, banner, subcategories, featured products, the filtered list with its range
// counter and pagination, the tag filter path segment, the fallback page and the page metadata.
import { expect, type Page, test } from "@playwright/test";
import { HYDRATING_ATTRIBUTE } from "../../app/lib/hydrating-attribute.ts";
import { HANDLERS_PROPERTY, waitForHydration } from "./shell-hydration.ts";
import { hydrated, jsonLd, seriousViolations, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// The machines that run these are shared and often busy: a journey gets a minute.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

const CATEGORY = "/collections/pool-pumps";

/** The filters: the desktop sidebar, or the phone's Filter & Sort drawer (opened here). */
async function filters(page: Page, phone: boolean) {
  if (!phone) return page.getByRole("complementary", { name: "Categories and filters" });
  await page.getByRole("button", { name: /Filter & Sort/ }).click();
  return page.getByRole("dialog", { name: "Filter & Sort" });
}

function total(text: string | null): number {
  return Number(/of (\d+) products\./.exec(text ?? "")?.[1] ?? Number.NaN);
}

test("the first HTML has the title with the store name, description, canonical, breadcrumbs data and the products", async ({
  request,
}) => {
  desktopOnly();
  const html = await (await request.get(CATEGORY)).text();
  expect(html).toMatch(/<title>[^<]*\| Blue Lagoon Pool &amp; Spa Parts<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/collections\/pool-pumps"\/>/);
  expect(html).toContain('<meta property="og:image"');
  expect(html).not.toContain('content="noindex"');
  const crumbs = jsonLd(html).find((entry) => entry["@type"] === "BreadcrumbList") as {
    itemListElement: { name: string }[];
  };
  expect(crumbs.itemListElement.map((item) => item.name)).toEqual(["Home", "Collections", "Pool Pumps"]);
  expect(html.match(/data-testid="product-card"/g)?.length ?? 0).toBeGreaterThan(10);
  expect(html).toMatch(/Showing 1 - \d+ of \d+ products\./);
});

test("heading, breadcrumbs, description with Read More / Read Less, banner and subcategories", async ({
  page,
}, testInfo) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pool Pumps" })).toBeVisible();
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Collections" })).toHaveAttribute("href", "/collections");
  await expect(breadcrumb.getByText("Pool Pumps")).toBeVisible();
  await expect(page.getByRole("img", { name: "Pool Pumps" }).first()).toBeVisible();

  const readMore = page.getByRole("button", { name: "Read More" });
  await expect(readMore).toBeVisible();
  await readMore.click();
  await expect(page.getByRole("button", { name: "Read Less" })).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "Read Less" }).click();
  await expect(page.getByRole("button", { name: "Read More" })).toBeVisible();
  // Closing scrolls to the top of the results.
  const results = page.getByRole("region", { name: "All Pool Pumps" });
  await expect
    .poll(() => results.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(24);
  expect(await results.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeGreaterThanOrEqual(
    0,
  );

  const sub = page.getByRole("region", { name: "SUB CATEGORIES" });
  await expect(sub.getByRole("link", { name: /Variable Speed Pumps/ })).toHaveAttribute(
    "href",
    /\/collections\/variable-speed-/,
  );
  // The headline shows on phones; desktop has the category tree beside the list.
  if (testInfo.project.name === "phone")
    await expect(sub.getByRole("heading", { name: "SUB CATEGORIES" })).toBeVisible();
  // Five children: all shown, no MORE / LESS toggle (it appears above 8).
  await expect(sub.getByRole("button", { name: "MORE" })).toHaveCount(0);
});

test("featured products, the range counter and pagination that keeps the page in the URL", async ({ page }) => {
  await page.goto(CATEGORY);
  await hydrated(page);
  const featured = page.getByRole("region", { name: "Featured Products" });
  await expect(featured.getByTestId("product-card").first()).toBeVisible();
  // The theme's featured banner is the carousel's first tile and links to the configured url.
  await expect(featured.getByRole("link", { name: "Featured products: see them all" })).toHaveAttribute(
    "href",
    "/collections/pool-heaters-heat-pumps",
  );
  const list = page.getByRole("list", { name: "Pool Pumps products" });
  await expect(list.getByTestId("product-card")).toHaveCount(24);
  const summary = page.getByText(/^Showing \d+ - \d+ of \d+ products\.$/);
  await expect(summary).toHaveText(/^Showing 1 - 24 of \d+ products\.$/);
  const count = total(await summary.textContent());

  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await pagination.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/collections\/pool-pumps\?page=1$/);
  await expect(summary).toHaveText(`Showing 25 - ${Math.min(48, count)} of ${count} products.`);
  await expect(pagination.getByText("Page 2")).toHaveAttribute("aria-current", "page");
  // The test-payments notice is a strip at the page's top, in its flow: at the pagination it is out of
  // view, so it covers none of the links (as a fixed badge it sat over Back on a phone).
  await pagination.getByRole("link", { name: "Back" }).scrollIntoViewIfNeeded();
  const notice = page.getByRole("complementary", { name: "Payments" });
  await expect(notice).toHaveText("Test mode: no real payments");
  await expect(notice).not.toBeInViewport();
  await pagination.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/collections\/pool-pumps$/);
});

test("the product cards hydrate after the rest of the page, in tasks of their own, and then all respond", async ({
  page,
}) => {
  // When the page's first hydration pass ends (the moment <html> gets data-hydrating), before any
  // card's turn: how many of the cards' buttons have their handlers, and whether the page's own have.
  await page.addInitScript(
    ({ property, attribute }) => {
      const seen: { cardButtons: number; cardButtonsHydrated: number; pageHydrated: boolean }[] = [];
      (window as unknown as { firstPass: typeof seen }).firstPass = seen;
      new MutationObserver(() => {
        if (seen.length > 0 || !document.documentElement.hasAttribute(attribute)) return;
        const buttons = [...document.querySelectorAll('[data-testid="product-card"] button')];
        seen.push({
          cardButtons: buttons.length,
          cardButtonsHydrated: buttons.filter((button) => Object.hasOwn(button, property)).length,
          pageHydrated: [...document.querySelectorAll("header button, header input")].some((node) =>
            Object.hasOwn(node, property),
          ),
        });
      }).observe(document, { attributes: true, subtree: true, attributeFilter: [attribute] });
    },
    { property: HANDLERS_PROPERTY, attribute: HYDRATING_ATTRIBUTE },
  );
  await page.goto(CATEGORY);
  await hydrated(page);
  const [firstPass] = await page.evaluate(() => (window as unknown as { firstPass: unknown[] }).firstPass);
  expect(firstPass).toMatchObject({ cardButtonsHydrated: 0, pageHydrated: true });
  expect((firstPass as { cardButtons: number }).cardButtons).toBeGreaterThanOrEqual(24);
  // Every card's turn has come: the last card of the list answers.
  const last = page.getByRole("list", { name: "Pool Pumps products" }).getByTestId("product-card").last();
  const title = (await last.getByRole("heading").textContent())?.trim() ?? "";
  await last.getByRole("button", { name: /^Quick view:/ }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: title })).toBeVisible();
});

test("sidebar filters: a tag radio, the vendor select and Sort by rewrite the URL and the list", async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await page.goto(CATEGORY);
  await hydrated(page);
  const summary = page.getByText(/^Showing \d+ - \d+ of \d+ products\.$/);
  const before = total(await summary.textContent());

  let panel = await filters(page, phone);
  const group = panel.getByRole("group", { name: "Horsepower" });
  await expect(group.getByRole("radio", { name: "None" })).toBeChecked();
  const option = group.getByRole("radio").nth(1);
  const label = (await group.locator("label").nth(1).textContent()) ?? "";
  const expected = Number(/\((\d+)\)/.exec(label)?.[1]);
  // The desktop sidebar is a part of its own, hydrated when its code arrives (after the page's first pass).
  await waitForHydration(option);
  await option.check();
  await expect(page).toHaveURL(/[?&]t=Horsepower_/);
  if (phone) await page.getByRole("button", { name: /^Show \d+ results?$/ }).click();
  await expect(summary).toHaveText(new RegExp(`of ${expected} products\\.$`));
  expect(expected).toBeLessThan(before);

  panel = await filters(page, phone);
  const vendor = panel.getByRole("combobox", { name: "Vendor" });
  await expect(vendor.locator("option").first()).toHaveText("All");
  await vendor.selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]v=/);
  await panel.getByRole("combobox", { name: "Sort by" }).selectOption("price_asc");
  await expect(page).toHaveURL(/[?&]sortBy=price_asc/);
  if (phone) await page.getByRole("button", { name: /^Show \d+ results?$/ }).click();
  const prices = await page
    .getByRole("list", { name: "Pool Pumps products" })
    .getByTestId("product-card")
    .evaluateAll((cards) =>
      cards.map((card) => Number((card.textContent ?? "").match(/\$([\d,]+\.\d\d)/)?.[1].replace(/,/g, "") ?? 0)),
    );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test("a filter chosen on the sidebar before its code arrives is applied once it does", async ({ page }) => {
  desktopOnly();
  // Hold the desktop sidebar's code back: the shopper meets its server HTML only.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/filter-sidebar-[^/]*\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(CATEGORY);
  await hydrated(page);
  const group = page
    .getByRole("complementary", { name: "Categories and filters" })
    .getByRole("group", { name: "Horsepower" });
  const option = group.getByRole("radio").nth(1);
  await option.check();
  await expect(option).toBeChecked();
  await expect(page).toHaveURL(/\/collections\/pool-pumps$/);
  release();
  await expect(page).toHaveURL(/[?&]t=Horsepower_/);
  await expect(option).toBeChecked();
});

test("a listing opened with a sort and a tag value the sidebar does not list keeps its URL", async ({
  page,
}, testInfo) => {
  const url = `${CATEGORY}?sortBy=price_asc&t=Horsepower_99+HP`;
  await page.goto(url);
  await hydrated(page);
  const panel = await filters(page, testInfo.project.name === "phone");
  const group = panel.getByRole("group", { name: "Horsepower" });
  await waitForHydration(group.getByRole("radio").first());
  await expect(group.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(url);
});

test("a trailing prefix_value segment filters the category by that tag", async ({ page }, testInfo) => {
  desktopOnly();
  await page.goto(`${CATEGORY}/Horsepower_1.5 HP`);
  const summary = page.getByText(/^Showing \d+ - \d+ of \d+ products\.$/);
  await expect(summary).toBeVisible();
  const panel = await filters(page, testInfo.project.name === "phone");
  await expect(panel.getByRole("group", { name: "Horsepower" }).getByRole("radio", { name: /^1\.5 HP/ })).toBeChecked();
});

test("an unknown category shows the fallback page with status 404", async ({ page }) => {
  desktopOnly();
  const response = await page.goto("/collections/no-such-category");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Category not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  await expect(page).toHaveTitle(/Category not found/);
});

test("the category tree: ALL CATEGORIES links by handle and opens the current branch", async ({ page }) => {
  desktopOnly("the tree is in the drawer on phones");
  await page.goto(CATEGORY);
  const tree = page.getByRole("navigation", { name: "ALL CATEGORIES" });
  await expect(tree.getByRole("link", { name: "Pool Pumps" })).toHaveAttribute("aria-current", "page");
  await expect(tree.getByRole("link", { name: "Pool Equipment" })).toHaveAttribute(
    "href",
    "/collections/pool-equipment",
  );
});

test("axe: no serious or critical violation on a category page", async ({ page }) => {
  test.slow();
  await page.goto(CATEGORY);
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
});
