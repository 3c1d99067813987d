// Points of the spec the storefront keeps (issue "The spec, point by point"): what a shopper sees when a
// lookup or a chunk fails, the product-page loading text from any page, an empty category, the featured
// carousel's step, the image-copyright notice and the banners' phone versions.
import { expect, type Locator, test } from "@playwright/test";
import { waitForHydration } from "./shell-hydration.ts";
import { holdRequests, hydrated, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

const isPhone = (name: string) => name === "phone";

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("element has no box");
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("a failed user lookup is not 'anonymous': the wallet waits and asks again instead of sending to sign in", async ({
  page,
}) => {
  desktopOnly();
  let lookups = 0;
  await page.route("**/api/user", (route) => {
    lookups += 1;
    return lookups <= 2 ? route.fulfill({ status: 503, body: "" }) : route.fallback();
  });
  await page.goto("/wallet");
  await expect(page.getByText("Checking login status...")).toBeVisible();
  await expect.poll(() => lookups, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(page.url()).toMatch(/\/wallet$/);
  // The store's own answer (nobody signed in) is what sends an anonymous visitor to sign in.
  await expect(page).toHaveURL(/\/login\.asp\?redirect=%2Fwallet/, { timeout: 15_000 });
});

test("the newsletter form whose code fails to load says so and works on the next try", async ({ page }) => {
  desktopOnly();
  await page.goto("/help.asp");
  const block = page.getByRole("region", { name: "Sign up for newsletter" });
  const input = block.getByLabel("Email address");
  await hydrated(page);
  await input.scrollIntoViewIfNeeded();
  // The footer's own code comes when it nears the screen: the form is hydrated before the scripts go offline.
  await waitForHydration(input);
  // Offline for scripts not loaded yet (or renamed by a deploy since the page loaded).
  await page.route("**/assets/**/*.js", (route) => route.abort("internetdisconnected"));
  await input.fill("not-an-address");
  await input.press("Enter");
  await expect(block.getByRole("alert")).toHaveText(/^Error: We could not reach the store\./);
  await page.unroute("**/assets/**/*.js");
  await input.press("Enter");
  await expect(block.getByText("Invalid subscription request.")).toBeVisible();
});

test("'Fetching product...' shows on the way to a product page from a page such as a brand's", async ({ page }) => {
  await page.goto("/brands/Hayward");
  await hydrated(page);
  const card = page.getByTestId("product-card").first();
  const title = card.locator('a[href*="/products/"]:not([aria-hidden="true"])').first();
  // The product's data is held back (a slow connection) until the message has been seen.
  const release = await holdRequests(page, /\/products\/[^/?]+\.data/);
  await title.click();
  await expect(page.getByRole("status").filter({ hasText: "Fetching product..." })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByText("Fetching product...")).toBeHidden();
});

test("an empty category shows the fallback page", async ({ page, request }) => {
  desktopOnly();
  const index = (await (await request.get("/api/collections/index")).json()) as {
    collections: { id: number; handle: string; title: string }[];
  };
  let empty: { handle: string; title: string } | null = null;
  for (const collection of index.collections) {
    const listing = (await (await request.get(`/api/products/filter?c=${collection.id}&limit=8`)).json()) as {
      pageInfo: { totalObjects: number };
    };
    if (listing.pageInfo.totalObjects === 0) {
      empty = collection;
      break;
    }
  }
  test.skip(empty === null, "every category of this demo catalog has products");
  if (!empty) return;
  await page.goto(`/collections/${empty.handle}`);
  await expect(page.getByRole("heading", { level: 1, name: empty.title })).toBeVisible();
  await expect(page.getByText(/There are no parts in this category yet\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  await expect(page.getByText(/Showing \d+ - \d+ of/)).toHaveCount(0);
});

test("the featured carousel of a category shows 5 products at a time on desktop and steps by 5", async ({ page }) => {
  desktopOnly("2 per view and step 2 on phones");
  // A top category: it has enough featured products to need a second view.
  await page.goto("/collections/pool-equipment");
  await hydrated(page);
  const featured = page.getByRole("region", { name: "Featured Products" });
  await featured.scrollIntoViewIfNeeded();
  const slides = featured.getByRole("group");
  await expect(slides.first()).toBeVisible();
  const count = await slides.count();
  expect(count).toBeGreaterThan(5);
  const view = await box(featured.locator(".overflow-hidden").first());
  // The slides whose middle is in view, by their position label ('3 of 9').
  const inView = async () => {
    const labels: number[] = [];
    for (const slide of await slides.all()) {
      const b = await slide.boundingBox();
      const middle = b ? b.x + b.width / 2 : -1;
      if (middle > view.x && middle < view.x + view.width) {
        labels.push(Number.parseInt((await slide.getAttribute("aria-label")) ?? "", 10));
      }
    }
    return labels.sort((a, b) => a - b);
  };
  expect(await inView()).toEqual([1, 2, 3, 4, 5]);
  await featured.getByRole("button", { name: "Next Featured Products" }).click();
  await expect.poll(async () => (await inView()).filter((n) => n > 5)[0]).toBe(6);
  await expect.poll(async () => (await inView()).length).toBe(5);
  expect(await inView()).not.toContain(5);
});

test("the context menu on a product image says 'Sorry, our images are copyrighted.'", async ({ page }) => {
  desktopOnly();
  await page.goto("/brands/Hayward");
  await hydrated(page);
  await page
    .getByTestId("product-card")
    .first()
    .locator('a[href*="/products/"]:not([aria-hidden="true"])')
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\//);
  await hydrated(page);
  const image = page
    .getByRole("button", { name: /Open full-screen view/ })
    .locator("img")
    .first();
  await image.click({ button: "right" });
  await expect(page.getByText("Sorry, our images are copyrighted.")).toBeVisible();
});

test.describe("banners", () => {
  test("the home slideshow shows each slide whole: the phone picture on a phone, arrows off the banner", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Featured offers" });
    const image = hero.getByRole("img", { name: "Variable speed pool pumps" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    const shape = await image.evaluate((img: HTMLImageElement) => ({
      natural: img.naturalWidth / img.naturalHeight,
      shown: img.clientWidth / img.clientHeight,
    }));
    // Not cropped: the picture is drawn in its own proportions.
    expect(Math.abs(shape.natural - shape.shown)).toBeLessThan(0.05);
    const picture = await box(image);
    for (const name of ["Previous slide", "Next slide"]) {
      const arrow = await box(hero.getByRole("button", { name }));
      if (isPhone(testInfo.project.name)) expect(overlaps(arrow, picture), name).toBe(false);
    }
    if (isPhone(testInfo.project.name)) {
      expect(source).toContain("/img/demo-banner-phone/pool-pumps.svg");
      expect(shape.natural).toBeCloseTo(1.6, 1);
    } else {
      expect(source).toContain("/img/demo-banner/pool-pumps.svg");
      expect(shape.natural).toBeCloseTo(4, 1);
    }
    await page.screenshot({ path: testInfo.outputPath(`home-hero-${testInfo.project.name}.png`) });
  });

  test("a category banner has its phone version too", async ({ page }, testInfo) => {
    await page.goto("/collections/pool-pumps");
    const banner = page.getByRole("img", { name: "Pool Pumps" }).first();
    await expect(banner).toBeVisible();
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const { source, natural, shown } = await banner.evaluate((img: HTMLImageElement) => ({
      source: img.currentSrc,
      natural: img.naturalWidth / img.naturalHeight,
      shown: img.clientWidth / img.clientHeight,
    }));
    expect(Math.abs(natural - shown)).toBeLessThan(0.05);
    expect(source).toContain(
      isPhone(testInfo.project.name) ? "/img/demo-banner-phone/pool-pumps.svg" : "/img/demo-banner/pool-pumps.svg",
    );
  });
});
