// The shell on every page: header bar, footer, scroll-to-top and page views.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { installPausedClock, waitForHydration } from "./shell-hydration.ts";
import { findProduct, hydrated, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// Several steps per test on a shared, sometimes busy machine.
test.describe.configure({ timeout: 90_000 });

const config = JSON.parse(readFileSync("config/store.json", "utf8")) as {
  storeName: string;
  contactPhoneNumber: string;
  storeEmail: string;
  storeAddress: string;
  storefrontAnnouncement: string;
  reviewsUrl: string;
  storeFaviconUrl: string;
  appTimeZone: string;
  themeConfig: {
    headerRollingTexts: string[];
    additionalHeaderLinks: { title: string; url: string }[];
    footerNavLinks: { information: { title: string; url: string }[] };
  };
};
const texts = config.themeConfig.headerRollingTexts;

const isPhone = (name: string) => name === "phone";

async function rollingText(page: Page) {
  return page.getByTestId("header-rolling-text").textContent();
}

test.describe("header bar", () => {
  test("rolling texts change every 4 seconds, politely announced, and can be paused", async ({ page }) => {
    await installPausedClock(page);
    await page.goto("/pindex.asp");
    const text = page.getByTestId("header-rolling-text");
    await expect(text).toHaveText(texts[0]);
    await expect(text).toHaveAttribute("aria-live", "polite");
    // The rotation starts once the page is hydrated.
    await waitForHydration(text);
    await page.mouse.move(600, 600);
    await page.clock.runFor(3900);
    await expect(text).toHaveText(texts[0]);
    await page.clock.runFor(200);
    await expect(text).toHaveText(texts[1]);
    await page.clock.runFor(4000);
    await expect(text).toHaveText(texts[2]);
    await page.clock.runFor(4000);
    await expect(text).toHaveText(texts[0]);

    await page.getByRole("button", { name: "Pause rolling messages" }).click();
    // The button keeps focus (which pauses too); move it away so only the pause button holds the texts.
    await page.getByRole("button", { name: "Resume rolling messages" }).blur();
    await page.mouse.move(600, 600);
    await page.clock.runFor(12_000);
    await expect(text).toHaveText(texts[0]);
    await page.getByRole("button", { name: "Resume rolling messages" }).click();
    await page.getByRole("button", { name: "Pause rolling messages" }).blur();
    await page.mouse.move(600, 600);
    await page.clock.runFor(4000);
    await expect(text).toHaveText(texts[1]);
  });

  test("rolling texts hold while pointed at", async ({ page }) => {
    desktopOnly("no pointer hover on a phone");
    await installPausedClock(page);
    await page.goto("/pindex.asp");
    const text = page.getByTestId("header-rolling-text");
    await expect(text).toHaveText(texts[0]);
    await waitForHydration(text);
    await text.hover();
    await page.clock.runFor(9000);
    await expect(text).toHaveText(texts[0]);
    await page.mouse.move(600, 700);
    await page.clock.runFor(4000);
    await expect(text).toHaveText(texts[1]);
    expect(await rollingText(page)).toBe(texts[1]);
  });

  test("announcement, support hours, Sign In and My Account for an anonymous visitor", async ({ page }, testInfo) => {
    await page.goto("/help.asp");
    const header = page.getByRole("banner");
    await expect(header.getByText(config.storefrontAnnouncement).filter({ visible: true })).toBeVisible();

    const hours = header.getByRole("button", { name: /Mon-Fri 6am-5pm PST/ }).filter({ visible: true });
    await expect(hours).toBeVisible();
    await expect(hours).toHaveAttribute("aria-expanded", "false");
    const panel = page.locator(`[id="${await hours.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeHidden();
    await waitForHydration(hours);
    await hours.click();
    await expect(hours).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByText("Mon-Fri 6AM-8PM PST")).toBeVisible();
    await expect(panel.getByText("Sat-Sun 6AM-3PM PST")).toBeVisible();
    await expect(panel.getByRole("link", { name: config.contactPhoneNumber })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(hours).toBeFocused();

    const signIn = header.getByRole("link", { name: "Sign In" });
    await expect(signIn).toHaveAttribute("href", "/login");
    // My Account is in the header for anonymous visitors too, on phones as well (spec §2 "Header bar").
    const myAccount = header.getByRole("link", { name: "My Account" });
    await expect(myAccount).toBeVisible();
    await expect(myAccount).toHaveAttribute("href", "/myaccount.asp");
    await expect(signIn).toBeVisible();
    if (!isPhone(testInfo.project.name)) {
      for (const link of config.themeConfig.additionalHeaderLinks) {
        await expect(
          header.getByRole("navigation", { name: "Store links" }).getByRole("link", { name: link.title }),
        ).toHaveAttribute("href", link.url);
      }
    }
  });
});

test.describe("top navigation", () => {
  test("dropdowns show up to 8 children and an All link, open by click or keyboard, close on Escape", async ({
    page,
  }, testInfo) => {
    const { navData: menus } = (await (await page.request.get("/api/nav?depth=2")).json()) as {
      navData: { title: string; url: string | null; maxChildItemsToDisplay: number; children: { title: string }[] }[];
    };
    const item = menus.find((menu) => menu.children.length > 0 && menu.url);
    expect(item, "the demo main menu has an item with children").toBeTruthy();
    if (!item) return;
    await page.goto("/brands");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Shop by category" });
    if (isPhone(testInfo.project.name)) {
      // Phones (mobile mode) browse categories from the bottom bar's More sheet instead.
      await expect(nav).toBeHidden();
      return;
    }
    const button = nav.getByRole("button", { name: item.title, exact: true });
    await waitForHydration(button);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
    const shown = Math.min(item.children.length, item.maxChildItemsToDisplay);
    // The children shown, the All link first, and a View all link when some are hidden.
    await expect(panel.getByRole("link")).toHaveCount(shown + 1 + (item.children.length > shown ? 1 : 0));
    await expect(panel.getByRole("link", { name: `All ${item.title}` })).toHaveAttribute("href", item.url ?? "");
    await expect(panel.getByRole("link", { name: item.children[0].title, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: item.children[0].title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: item.children[0].title })).toBeVisible();
    await expect(panel).toBeHidden();
  });
});

test.describe("footer", () => {
  test("shows the store's blurb, rating, contact, link lists, payment icons, bot-check notice and year", async ({
    page,
  }) => {
    await page.goto("/questions");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: `${config.storeName} home` })).toHaveAttribute("href", "/");
    await expect(footer.getByText(/one-stop shop for pool and spa parts/)).toBeVisible();
    const badge = footer.getByTestId("store-rating-badge");
    await expect(badge).toContainText(/\d\.\d out of 5 store rating/);
    await expect(badge).toHaveAttribute("href", config.reviewsUrl);

    await expect(footer.getByText(config.storeAddress)).toBeVisible();
    await expect(footer.getByRole("link", { name: config.contactPhoneNumber })).toHaveAttribute(
      "href",
      `tel:${config.contactPhoneNumber.replace(/[^\d+]/g, "")}`,
    );
    await expect(footer.getByRole("link", { name: config.storeEmail })).toHaveAttribute(
      "href",
      `mailto:${config.storeEmail}`,
    );

    const information = footer.getByRole("navigation", { name: "Information" });
    for (const link of config.themeConfig.footerNavLinks.information) {
      await expect(information.getByRole("link", { name: link.title })).toHaveAttribute("href", link.url);
    }

    const brands = footer.getByRole("navigation", { name: "Brands" });
    await expect(brands.getByRole("heading", { name: "BRANDS" })).toBeVisible();
    const brandLinks = brands.getByRole("link");
    await expect(brandLinks).toHaveCount(6);
    for (let i = 0; i < 5; i++) await expect(brandLinks.nth(i)).toHaveAttribute("href", /^\/brands\/[^/]+$/);
    await expect(brands.getByRole("link", { name: "All Brands" })).toHaveAttribute("href", "/brands");
    // The top brand by product count comes first.
    await expect(brandLinks.first()).toHaveText("Hayward");

    const categories = footer.getByRole("navigation", { name: "Categories" });
    await expect(categories.getByRole("heading", { name: "ALL CATEGORIES" })).toBeVisible();
    expect(await categories.getByRole("link").count()).toBeGreaterThan(3);
    await expect(categories.getByRole("link", { name: "All Categories" })).toHaveAttribute("href", "/collections");

    // The year in the store's time zone, as the server computes it.
    const year = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: config.appTimeZone }).format(new Date());
    await expect(footer.getByText(`© ${year} ${config.storeName}`)).toBeVisible();
    const payments = footer.getByRole("list", { name: "Payment methods we accept" });
    for (const name of [
      "American Express",
      "Apple Pay",
      "Diners Club",
      "Discover",
      "Google Pay",
      "Mastercard",
      "PayPal",
      "Visa",
    ]) {
      await expect(payments.getByRole("img", { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByText(/protected from bots|protected by reCAPTCHA/)).toBeVisible();
  });

  test("the footer's brand and category links lead to their pages", async ({ page }) => {
    await page.goto("/cindex.asp");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("navigation", { name: "Brands" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/brands\/Hayward$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hayward" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "All Categories" }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole("heading", { level: 1, name: "All Categories" })).toBeVisible();
  });

  test("stays as the server sent it while its code does not come, and its links still work", async ({ page }) => {
    // The footer's code comes in a file of its own as it nears the screen (lib/deferred-hydration.tsx).
    let tries = 0;
    await page.route(/\/assets\/footer-area-[^/]+\.js$/, (route) => {
      tries++;
      return route.abort("connectionreset");
    });
    await page.goto("/help.asp");
    await waitForHydration(page.getByTestId("header-rolling-text"));
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => tries, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // Past the tries of the first seconds (2 s, then 4 s later): the server's HTML is still there.
    await page.waitForTimeout(4000);
    const link = footer.getByRole("link", { name: "Questions & Answers" });
    await expect(link).toBeVisible();
    await expect(footer.getByRole("navigation", { name: "Brands" }).getByRole("link").first()).toBeVisible();
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "Questions & Answers" })).toBeVisible();
  });
});

test("the favicon is the store config's", async ({ request }) => {
  const html = await (await request.get("/help.asp")).text();
  const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((match) => match[0]);
  expect(icons).toHaveLength(1);
  expect(icons[0]).toContain(`href="${config.storeFaviconUrl}"`);
});

test.describe("route changes", () => {
  test("scroll to the top and record a page_view; gtag stays unloaded without a gTagId", async ({ page }) => {
    const tagRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("googletagmanager")) tagRequests.push(request.url());
    });
    await page.addInitScript(() => {
      const views: unknown[] = [];
      (window as unknown as { __pageViews: unknown[] }).__pageViews = views;
      window.addEventListener("store:page-view", (event) => views.push((event as CustomEvent).detail));
    });
    await page.goto("/help.asp");
    const views = () =>
      page.evaluate(() => (window as unknown as { __pageViews: { path: string; title: string }[] }).__pageViews);
    await expect.poll(async () => (await views()).map((view) => view.path)).toEqual(["/help.asp"]);
    expect((await views())[0].title).toContain("Help Center");

    // Deep in the page, follow a footer link: the next page starts at the top.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // The footer's code comes as it nears the screen (lib/deferred-hydration.tsx); before that its links
    // are plain links, which load the next page whole.
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Questions & Answers" });
    await waitForHydration(footerLink);
    await footerLink.click();
    await expect(page.getByRole("heading", { level: 1, name: "Questions & Answers" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(async () => (await views()).map((view) => view.path)).toEqual(["/help.asp", "/questions"]);
    expect((await views())[1].title).toContain("Questions & Answers");

    expect(await page.evaluate(() => typeof (window as unknown as { gtag?: unknown }).gtag)).toBe("undefined");
    expect(tagRequests).toEqual([]);
  });

  test("a query replaced in place keeps its scroll and is no page view; a new path starts at the top", async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (p) => p.Variants.length > 1 && p.Options.length > 0);
    const [, second] = product.Variants;
    await withoutExitIntent(page);
    await page.addInitScript(() => {
      const views: unknown[] = [];
      (window as unknown as { __pageViews: unknown[] }).__pageViews = views;
      window.addEventListener("store:page-view", (event) => views.push((event as CustomEvent).detail));
    });
    const views = () =>
      page.evaluate(() => (window as unknown as { __pageViews: { path: string }[] }).__pageViews.map((v) => v.path));
    await page.goto(`/products/${product.handle}`);
    await hydrated(page);
    await expect.poll(views).toEqual([`/products/${product.handle}`]);

    // Scrolled down to the options, pick another variant: the URL's query is replaced, the view stays.
    const firstOption = second.Options[0];
    const name = product.Options.find((entry) => entry.id === firstOption.id)?.name ?? firstOption.name;
    const select = page.getByRole("combobox", { name, exact: true });
    const y = await select.evaluate((element) =>
      Math.max(Math.round(element.getBoundingClientRect().top + window.scrollY - 300), 40),
    );
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
    for (const option of second.Options) {
      const label = product.Options.find((entry) => entry.id === option.id)?.name ?? option.name;
      await page
        .getByRole("combobox", { name: label, exact: true })
        .selectOption(option.VariantSelectedOptions.optionValueSelected);
    }
    await expect(page).toHaveURL(new RegExp(`variant=${second.id}`));
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(y);
    expect(await views()).toEqual([`/products/${product.handle}`]);

    // A link to another path (followed where the shopper is): the next page starts at the top.
    await page
      .locator('main a[href="/"]')
      .first()
      .evaluate((link) => (link as HTMLAnchorElement).click());
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(views).toEqual([`/products/${product.handle}`, "/"]);
  });
});
