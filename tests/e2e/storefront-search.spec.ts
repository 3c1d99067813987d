// Search results journeys.
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "./shell-hydration.ts";
import { holdRequests, hydrated, jsonLd, seriousViolations, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly, phoneOnly } from "./viewports.ts";

// The machines that run these are shared and often busy: a journey gets a minute.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

const COUNT_TEXT = /^\d+ matches found\. Can't find your part\? Click HERE to request expert assistance!$/;

async function filters(page: Page, phone: boolean) {
  if (!phone) {
    // The sidebar's code comes in its own file, fetched as the page's code starts: used once hydrated.
    const sidebar = page.getByRole("complementary", { name: "Filters" });
    await waitForHydration(sidebar.locator("input, button, a"));
    return sidebar;
  }
  await page.getByRole("button", { name: /Filter & Sort/ }).click();
  return page.getByRole("dialog", { name: "Filter & Sort" });
}

test("the results are in the first HTML, with noindex, a canonical URL and the breadcrumb", async ({ request }) => {
  desktopOnly();
  const html = await (await request.get("/searchresults.asp?q=pump")).text();
  expect(html).toMatch(/<title>Search results for &quot;pump&quot; \| Blue Lagoon Pool &amp; Spa Parts<\/title>/);
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/searchresults\.asp\?q=pump"\/>/);
  expect(html.match(/data-testid="product-card"/g)?.length ?? 0).toBeGreaterThan(5);
  const crumbs = jsonLd(html).find((entry) => entry["@type"] === "BreadcrumbList") as {
    itemListElement: { name: string }[];
  };
  expect(crumbs.itemListElement.map((item) => item.name)).toEqual(["Home", 'Search for "pump"']);
});

test("count text with the expert-assistance link, breadcrumbs and pagination", async ({ page }) => {
  await page.goto("/searchresults.asp?q=pump");
  const count = page.getByTestId("match-count");
  await expect(count).toHaveText(COUNT_TEXT);
  await expect(count.getByRole("link", { name: "HERE" })).toHaveAttribute("href", "/Articles.asp?ID=355");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText('Search for "pump"')).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination, top" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Pagination", exact: true }).getByText(/^Showing 1 - \d+ of \d+ products\.$/),
  ).toBeVisible();
});

test("no match shows the empty message; fewer than 3 characters runs no search", async ({ page }) => {
  desktopOnly();
  await page.goto("/searchresults.asp?q=zzzqqqxxxwww");
  await expect(page.getByText("No products match your search criteria, please try again.")).toBeVisible();
  await expect(page.getByTestId("match-count")).toHaveText(/^0 matches found\./);
  await page.goto("/searchresults.asp?q=pu");
  await expect(page.getByTestId("product-card")).toHaveCount(0);
  await expect(page.getByText("Type at least 3 characters of a keyword or part number.")).toBeVisible();
});

test("?search= is renamed q, and ?cat= goes to that category", async ({ page }) => {
  desktopOnly();
  await page.goto("/searchresults.asp?search=filter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?q=filter$/);
  await expect(page.getByTestId("match-count")).toHaveText(COUNT_TEXT);
  await page.goto("/searchresults.asp?cat=pool-pumps");
  await expect(page).toHaveURL(/\/collections\/pool-pumps$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pool Pumps" })).toBeVisible();
});

test("grid / list view is remembered in storage", async ({ page }) => {
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  const list = page.getByRole("button", { name: "List view" });
  await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
  await list.click();
  await expect(list).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("view"))).toBe("list");
  await page.reload();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Grid view" }).click();
  expect(await page.evaluate(() => localStorage.getItem("view"))).toBe("grid");
});

test("Search Within sets the query to its words and clears the field", async ({ page }) => {
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  const field = page.getByRole("searchbox", { name: "Search Within" });
  await field.fill("hayward");
  await page.getByRole("button", { name: "Go", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=hayward(&|$)/);
  await expect(field).toHaveValue("");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "hayward"');
});

test("eight skeleton cards show while the next results load", async ({ page }) => {
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  // Hold the page data so the loading state stays on screen.
  const release = await holdRequests(page, "**/searchresults.asp.data**");
  await page.getByRole("navigation", { name: "Pagination", exact: true }).getByRole("link", { name: "Page 2" }).click();
  const loading = page.getByRole("status").filter({ hasText: "Loading results…" });
  await expect(loading).toBeVisible();
  await expect(loading.locator(".skeleton.aspect-square")).toHaveCount(8);
  release();
  await expect(loading).toBeHidden();
  await expect(page).toHaveURL(/page=1/);
});

test("sidebar: tag groups with counts and Show more, vendor counts, Sort by and per page", async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  const panel = await filters(page, phone);
  // The first tag group long enough for Show more, pinned by its legend: after a click its button
  // reads Show less, so a locator filtered on "Show more" would move on to another group.
  const legend = await panel
    .getByRole("group")
    .filter({ has: page.getByRole("button", { name: "Show more" }) })
    .first()
    .locator("legend")
    .textContent();
  const group = panel.getByRole("group", { name: legend?.trim() ?? "", exact: true });
  const more = group.getByRole("button", { name: "Show more" });
  // None plus eight values, then the rest after Show more.
  await expect(group.getByRole("radio")).toHaveCount(9);
  await more.click();
  await expect(group.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  expect(await group.getByRole("radio").count()).toBeGreaterThan(9);
  await group.getByRole("button", { name: "Show less" }).click();
  await expect(group.getByRole("radio")).toHaveCount(9);
  await expect(group.getByRole("radio").nth(1)).toHaveAccessibleName(/\(\d+\)$/);

  const vendor = panel.getByRole("combobox", { name: "Vendor" });
  await expect(vendor.locator("option").nth(1)).toHaveText(/^.+ \(\d+\)$/);
  const perPage = panel.getByRole("combobox", { name: "Per page" });
  await expect(perPage.locator("option")).toHaveText([
    "Default",
    "8 per page",
    "16 per page",
    "24 per page",
    "48 per page",
    "64 per page",
    "76 per page",
  ]);
  await perPage.selectOption("48");
  // The results page waits 400 ms for more changes before it loads.
  await expect(page).toHaveURL(/[?&]limit=48/);
  const sort = panel.getByRole("combobox", { name: "Sort by" });
  await sort.selectOption("title_asc");
  await expect(page).toHaveURL(/[?&]sortBy=title_asc/);
  if (phone) await page.getByRole("button", { name: /^Show \d+ results?$/ }).click();
  await expect(page.getByRole("list", { name: "Search results" }).getByTestId("product-card")).toHaveCount(48);
});

test("the price slider commits its range after a pause", async ({ page }, testInfo) => {
  const phone = testInfo.project.name === "phone";
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  const panel = await filters(page, phone);
  const minimum = panel.getByRole("slider", { name: "Minimum price" });
  await minimum.focus();
  await minimum.press("ArrowRight");
  await minimum.fill("50");
  await expect(page).toHaveURL(/[?&]minPrice=50\.00/);
  expect(new URL(page.url()).searchParams.getAll("minPrice")).toEqual(["50.00"]);
});

test("phones: the offcanvas sidebar offers SHOP BY PRICE in five ranges", async ({ page }) => {
  phoneOnly("the offcanvas sidebar is the phone's");
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  const panel = await filters(page, true);
  const ranges = panel.getByRole("region", { name: "SHOP BY PRICE" }).getByRole("button");
  await expect(ranges).toHaveCount(5);
  await expect(ranges.first()).toHaveText(/^\$0\.00 - \$[\d,]+\.\d\d$/);
  await ranges.nth(1).click();
  await expect(page).toHaveURL(/minPrice=\d+\.\d\d&maxPrice=\d+\.\d\d|maxPrice=\d+\.\d\d&minPrice=\d+\.\d\d/);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});

test("a price phrase in the query is offered as a price filter", async ({ page }) => {
  desktopOnly();
  await page.goto("/searchresults.asp?q=pump%20under%20%24500");
  await hydrated(page);
  const chip = page.getByRole("button", { name: /Price filter: under \$500/ });
  await expect(chip).toContainText("Accept suggestion?");
  await chip.click();
  await expect(page).toHaveURL(/maxPrice=500\.00/);
  await expect(page).toHaveURL(/q=pump(&|$)/);
});

test("axe: no serious or critical violation on the results page", async ({ page }) => {
  test.slow();
  await page.goto("/searchresults.asp?q=pump");
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
});
