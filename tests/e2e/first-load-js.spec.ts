// The storefront's main pages on a phone: how much JavaScript they fetch before they settle (at most
// FIRST_LOAD_JS_LIMIT_KB on the wire each; issue 19's target is 110 KB), what waits for the shopper's first use (the search suggestions, the hero's
// carousel), and no accessibility problem a phone's audit would find (axe, with the touch-target rule).
import { expect, type Page, test } from "@playwright/test";
import {
  FIRST_LOAD_JS_LIMIT_KB,
  firstLoadScripts,
  recordScripts,
  type ScriptTransfer,
  totalKb,
} from "../../fixtures/first-load-js.ts";
import { waitForHydration } from "./shell-hydration.ts";
import { axe } from "./storefront-helpers.ts";
import { phoneOnly } from "./viewports.ts";

// A page load with its quiet period, on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(({ page: _page }) => {
  phoneOnly("the budget is a phone's");
});

const PAGES: Array<{ name: string; path: (page: Page) => Promise<string> }> = [
  { name: "home", path: async () => "/" },
  { name: "category", path: async () => "/collections/pool-pumps" },
  { name: "search", path: async () => "/searchresults.asp?q=pump" },
  {
    name: "product",
    // The best seller, as bench:pages measures it.
    path: async (page) => {
      const response = await page.request.get("/api/products/filter?limit=1&sortBy=best_selling");
      const body = (await response.json()) as { products: { handle: string }[] };
      return `/products/${body.products[0].handle}`;
    },
  },
];

const listing = (transfers: readonly ScriptTransfer[]) =>
  transfers.map((transfer) => `${transfer.path} ${(transfer.bytes / 1024).toFixed(1)} KB`).join("\n");

for (const { name, path } of PAGES) {
  test(`${name}: at most ${FIRST_LOAD_JS_LIMIT_KB} KB of JavaScript on the wire until the page settles`, async ({
    page,
  }) => {
    const transfers = await firstLoadScripts(page, await path(page));
    expect(transfers.length).toBeGreaterThan(0);
    // Compressed as sent: brotli for a browser that asks for it.
    expect(totalKb(transfers), listing(transfers)).toBeLessThanOrEqual(FIRST_LOAD_JS_LIMIT_KB);
    // The store's own files only: no third-party script on these pages.
    for (const transfer of transfers) expect(transfer.path).toMatch(/^\/assets\//);
  });

  test(`${name}: no accessibility violation, touch targets included`, async ({ page }) => {
    await page.goto(await path(page));
    await waitForHydration(page.getByTestId("header-rolling-text"));
    // axe's defaults and WCAG 2.2's target size (24 px, or spaced so), which axe leaves off by default.
    const results = await axe(page, { rules: { "target-size": { enabled: true } } }).analyze();
    const violations = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
    expect(violations).toEqual([]);
  });
}

test("the search suggestions' code comes when the box gets focus, and suggests", async ({ page }) => {
  const recorder = recordScripts(page);
  await page.goto("/");
  const before = await recorder.settled();
  const box = page.getByRole("searchbox", { name: "Search by keyword or part number" });
  await waitForHydration(box);
  await expect(page.getByRole("combobox")).toHaveCount(0);

  // Focus without a pointer: the combobox's code is fetched now (it was not before: the import would
  // otherwise be answered from the module map, with no request).
  await box.focus();
  const combobox = page.getByRole("combobox", { name: "Search by keyword or part number" });
  await expect(combobox).toBeFocused();
  const after = await recorder.settled();
  const fetchedOnFocus = after.filter((transfer) => !before.some((earlier) => earlier.path === transfer.path));
  expect(fetchedOnFocus.length, listing(after)).toBeGreaterThan(0);

  await combobox.pressSequentially("pump");
  await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
});

test("the hero's carousel code comes with the first swipe, which moves the slide", async ({ page }) => {
  // No autoplay (reduced motion): only the swipe may move the slide.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const recorder = recordScripts(page);
  await page.goto("/");
  const before = await recorder.settled();
  const hero = page.getByRole("region", { name: "Featured offers" });
  const dot = (n: number) => hero.getByRole("button", { name: `Go to slide ${n}` });
  await waitForHydration(dot(1));
  await expect(dot(1)).toHaveAttribute("aria-current", "true");

  // A touch swipe to the left across most of the banner.
  const box = await hero.getByRole("group").first().boundingBox();
  if (!box) throw new Error("no hero slide");
  const y = box.y + box.height / 2;
  const client = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
    client.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  await touch("touchStart", box.x + box.width * 0.8);
  for (let step = 1; step <= 8; step++) await touch("touchMove", box.x + box.width * (0.8 - step * 0.075));
  await touch("touchEnd", box.x + box.width * 0.2);

  await expect(dot(2)).toHaveAttribute("aria-current", "true");
  await expect(page).toHaveURL(/\/$/);
  const after = await recorder.settled();
  expect(after.length, listing(after)).toBeGreaterThan(before.length);
});
