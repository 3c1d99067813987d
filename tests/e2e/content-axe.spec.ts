// No serious or critical accessibility violation on the shell and content pages (axe-core).
import { expect, type Page, test } from "@playwright/test";
import { startShellEffects, waitForHydration } from "./shell-hydration.ts";
import { seriousViolations } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// Several pages per test; this machine is shared, so allow for a slow server.
test.describe.configure({ timeout: 90_000 });

const PAGES = [
  "/brands",
  "/brands/Hayward",
  "/collections",
  "/collections/vendors",
  "/blog",
  "/blog/winterizing-your-spa",
  "/Articles.asp?ID=257",
  "/help.asp",
  "/help_answer/returns",
  "/questions",
  "/pindex.asp",
  "/cindex.asp",
  "/productslist.asp",
  "/contact-us",
  "/no-such-page",
];
// The content of these pages is the same at every width; a phone differs in the shell around it and in
// the listings' filters, so it checks one page of each kind.
const PHONE_PAGES = new Set([
  "/brands/Hayward",
  "/blog/winterizing-your-spa",
  "/help.asp",
  "/questions",
  "/no-such-page",
]);

async function expectNoSeriousViolations(page: Page) {
  await waitForHydration(page.getByTestId("header-rolling-text"));
  expect(await seriousViolations(page, { within: null })).toEqual([]);
}

/** The first link of the questions page whose address matches: a topic's or a question's, as the catalog has them. */
async function questionsLink(page: Page, pattern: RegExp): Promise<string> {
  await page.goto("/questions");
  const hrefs = await page
    .locator("main a[href^='/questions/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `a link like ${pattern} on /questions`).toBeTruthy();
  return href as string;
}

for (const path of PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    if (!PHONE_PAGES.has(path)) desktopOnly("one page of each kind on a phone");
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

test("axe: /questions/Topic/{topicHandle}/{topicId}", async ({ page }) => {
  desktopOnly("a phone checks /questions");
  const path = await questionsLink(page, /^\/questions\/Topic\/[^/]+\/\d+$/);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("axe: /questions/{displayableId}/{handle}", async ({ page }) => {
  desktopOnly("a phone checks /questions");
  const path = await questionsLink(page, /^\/questions\/(?!Topic\/)[^/]+\/[^/]+$/);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("axe: the exit-intent popup and the expanded support hours", async ({ page }) => {
  desktopOnly("the popup is the same dialog on phones");
  await page.goto("/questions");
  await waitForHydration(page.getByTestId("header-rolling-text"));
  await startShellEffects(page);
  await expect(page.locator("body")).toHaveAttribute("data-exit-intent", "mouse");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Mon-Fri 6am-5pm PST/ })
    .click();
  await page.evaluate(() =>
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseout", { bubbles: true, clientY: 0, relatedTarget: null }),
    ),
  );
  await expect(page.getByRole("dialog", { name: "FIRST ORDER SPECIAL" })).toBeVisible();
  expect(await seriousViolations(page, { within: null })).toEqual([]);
});
