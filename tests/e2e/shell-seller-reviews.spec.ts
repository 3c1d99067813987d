// The SELLER REVIEWS carousel, as the help centre and the home page show it.
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { installPausedClock, waitForHydration } from "./shell-hydration.ts";
import { desktopOnly } from "./viewports.ts";

// Several steps per test on a shared, sometimes busy machine.
test.describe.configure({ timeout: 90_000 });

const reviewsUrl = (JSON.parse(readFileSync("config/store.json", "utf8")) as { reviewsUrl: string }).reviewsUrl;
const isPhone = (name: string) => name === "phone";

/** Where the first (original) review card sits, relative to the carousel's viewport. */
async function firstCardOffset(page: Page): Promise<number> {
  const viewport = await page.getByTestId("seller-reviews-viewport").boundingBox();
  const card = await page.getByTestId("seller-review").first().boundingBox();
  return Math.round((card?.x ?? 0) - (viewport?.x ?? 0));
}

async function ready(page: Page): Promise<Locator> {
  const section = page.getByTestId("seller-reviews");
  await section.scrollIntoViewIfNeeded();
  await waitForHydration(page.getByTestId("seller-reviews-viewport"));
  // Embla positions the slides once it has measured them.
  await expect
    .poll(() => page.getByTestId("seller-reviews-viewport").locator("> div").getAttribute("style"))
    .toContain("transform");
  return section;
}

test("shows the heading, provider badge, link and six reviews, tripled for the loop", async ({ page }) => {
  await page.goto("/help.asp");
  const section = page.getByTestId("seller-reviews");
  await expect(section.getByRole("heading", { name: "SELLER REVIEWS" })).toBeVisible();
  await expect(section.getByText("Verified seller reviews")).toBeVisible();
  await expect(section.getByRole("link", { name: /See more reviews »/ })).toHaveAttribute("href", reviewsUrl);

  const slides = section.getByTestId("seller-review");
  await expect(slides).toHaveCount(6);
  // Copies for the endless loop are hidden from assistive technology.
  await expect(section.locator("[aria-hidden=true][inert]")).toHaveCount(12);
  await expect(slides.first()).toHaveAttribute("aria-label", "1 of 6");
  // A review without a message says so; each card has a name, stars and an avatar, and links out.
  await expect(section.getByText("No feedback given.").first()).toBeAttached();
  const card = slides.first().getByRole("link");
  await expect(card).toHaveAttribute("target", "_blank");
  await expect(card).toHaveAttribute("href", /^https:\/\//);
  await expect(card.getByRole("img", { name: /Rated \d out of 5/ })).toBeVisible();
});

test("the home page shows the carousel in its first HTML, after the best sellers and before the blog", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  expect(html.match(/data-testid="seller-review"/g)?.length).toBe(6);
  const order = ["Best Sellers", "SELLER REVIEWS", "From Our Blog"].map((title) => html.indexOf(`>${title}</h2>`));
  expect(order.every((at) => at > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  await page.goto("/");
  const section = page.getByTestId("seller-reviews");
  await expect(section.getByRole("heading", { name: "SELLER REVIEWS" })).toBeVisible();
  await expect(section.getByTestId("seller-review")).toHaveCount(6);
  await expect(section.getByRole("link", { name: /See more reviews »/ })).toHaveAttribute("href", reviewsUrl);
});

test("before its script runs the carousel does not widen the page", async ({ page }) => {
  // The server's HTML alone: the off-screen slides (and their screen-reader texts) stay clipped.
  await page.route("**/*.js", (route) => route.abort());
  for (const path of ["/", "/help.asp"]) {
    await page.goto(path);
    await expect(page.getByTestId("seller-review").first()).toBeAttached();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("three 300 px cards on desktop, one full-width card on a phone", async ({ page }, testInfo) => {
  await page.goto("/help.asp");
  await ready(page);
  const viewport = await page.getByTestId("seller-reviews-viewport").boundingBox();
  const card = await page.getByTestId("seller-review").first().getByRole("link").boundingBox();
  if (isPhone(testInfo.project.name)) {
    expect(Math.round(card?.width ?? 0)).toBe(Math.round(viewport?.width ?? 0));
  } else {
    expect(Math.round(card?.width ?? 0)).toBe(300);
    // 3 × 300 px plus the 2 gaps.
    expect(Math.round(viewport?.width ?? 0)).toBe(932);
  }
});

test("advances every 3.5 s, and holds while pointed at", async ({ page }, testInfo) => {
  await installPausedClock(page);
  await page.goto("/help.asp");
  await ready(page);
  await page.mouse.move(5, 5);
  const start = await firstCardOffset(page);
  await page.clock.runFor(3400);
  expect(await firstCardOffset(page)).toBe(start);
  // 3.5 s, then the move by one slide.
  const slide = Math.round((await page.getByTestId("seller-review").first().boundingBox())?.width ?? 0);
  await page.clock.runFor(100);
  await expect(async () => {
    await page.clock.runFor(100);
    expect(Math.abs((await firstCardOffset(page)) - (start - slide))).toBeLessThanOrEqual(1);
  }).toPass();
  await page.clock.runFor(1000);
  const moved = await firstCardOffset(page);

  if (!isPhone(testInfo.project.name)) {
    await page.getByTestId("seller-reviews-viewport").hover();
    await page.clock.runFor(10_000);
    expect(await firstCardOffset(page)).toBe(moved);
  }
  // The pause button stops it for good.
  await page.getByRole("button", { name: "Pause seller reviews" }).click();
  await page.getByRole("button", { name: "Play seller reviews" }).blur();
  await page.mouse.move(5, 5);
  await page.clock.runFor(10_000);
  expect(await firstCardOffset(page)).toBe(moved);
});

test("a swipe of more than 50 px moves one review; a shorter one snaps back", async ({ page }) => {
  desktopOnly("drags by mouse; touch swipes use the same rule");
  await page.goto("/help.asp");
  await ready(page);
  await page.getByRole("button", { name: "Pause seller reviews" }).click();
  const box = await page.getByTestId("seller-reviews-viewport").boundingBox();
  if (!box) throw new Error("no carousel");
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  const start = await firstCardOffset(page);

  const drag = async (distance: number) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(x - (distance * step) / 10, y);
    await page.mouse.up();
  };
  await drag(40);
  await expect.poll(() => firstCardOffset(page)).toBe(start);
  await drag(70);
  await expect.poll(() => firstCardOffset(page)).toBe(start - 316);
});

test("holds while scrolled out of view, and moves again a full interval after it is back", async ({ page }) => {
  await installPausedClock(page);
  await page.goto("/");
  const section = await ready(page);
  await page.mouse.move(5, 5);
  const start = await firstCardOffset(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(section).not.toBeInViewport();
  await page.clock.runFor(10_000);
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeInViewport();
  expect(await firstCardOffset(page)).toBe(start);
  await page.clock.runFor(3400);
  expect(await firstCardOffset(page)).toBe(start);
  await page.clock.runFor(100);
  await expect(async () => {
    await page.clock.runFor(100);
    expect(await firstCardOffset(page)).toBeLessThan(start);
  }).toPass();
});

test("with reduced motion it does not move by itself", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await installPausedClock(page);
  await page.goto("/help.asp");
  await ready(page);
  await page.mouse.move(5, 5);
  const start = await firstCardOffset(page);
  await page.clock.runFor(10_000);
  expect(await firstCardOffset(page)).toBe(start);
  await expect(page.getByRole("button", { name: "Pause seller reviews" })).toHaveCount(0);
  // The arrows still work, at once (no animation).
  await page.getByRole("button", { name: "Next review" }).click();
  await page.clock.runFor(20);
  await expect.poll(() => firstCardOffset(page)).toBeLessThan(start);
});
