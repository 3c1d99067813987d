// A product page from the page cache in Chromium: it arrives with a Content-Security-Policy of script
// hashes (no nonce), hydrates with no policy violation, and the header shows the shopper's own cart count
// (filled in by the browser) after Add to Cart and again on the next cached visit; a visitor without a
// session asks nothing about it.
import { expect, test } from "@playwright/test";
import { findProduct, hydrated, withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

test("a cached page hydrates under its hash policy and shows the visitor's cart count", async ({ page, request }) => {
  desktopOnly("one layout is enough here");
  const product = await findProduct(request, (p) => p.Variants.length === 1 && p.price > 0 && p.availableForSale);
  const path = `/products/${product.handle}`;
  // Another visitor's visit keeps the page.
  await request.get(path);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
  });
  await withoutExitIntent(page);
  const summaries: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/session/summary") summaries.push(request.url());
  });

  const response = await page.goto(path);
  expect(response?.headers()["x-cache"]).toBe("HIT");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(policy).not.toMatch(/nonce-/);
  await hydrated(page);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Cart (0 items)" })).toBeAttached();
  // A first visit has no session, so the page asks nothing about it (once it has settled).
  await page.waitForLoadState("networkidle");
  expect(summaries).toEqual([]);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  // The cart opens over the page (the header is hidden from the accessibility tree meanwhile).
  await page
    .getByRole("dialog", { name: /Your Cart/ })
    .getByRole("button", { name: "Close cart" })
    .click();
  await expect(header.getByRole("link", { name: "Cart (1 item)" })).toBeAttached();

  // The same cached copy again: the count comes from the visitor's session, after hydration.
  const again = await page.reload();
  expect(again?.headers()["x-cache"]).toBe("HIT");
  await hydrated(page);
  await expect(header.getByRole("link", { name: "Cart (1 item)" })).toBeAttached();
  expect(summaries.length).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});
