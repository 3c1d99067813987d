// Product detail journeys.
import { expect, test } from "@playwright/test";
import {
  findProduct,
  hydrated,
  jsonLd,
  productHandles,
  seriousViolations,
  withoutExitIntent,
} from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// The machines that run these are shared and often busy: a journey gets a minute.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => withoutExitIntent(page));

test("the first HTML has the title, canonical, Open Graph and Product + BreadcrumbList data", async ({ request }) => {
  desktopOnly();
  const product = await findProduct(request, (p) => p.totalReviews > 0 && p.price > 0 && p.availableForSale);
  const html = await (await request.get(`/products/${product.handle}?variant=${product.Variants[0].id}`)).text();
  expect(html).toMatch(/<title>[^<]+ \| Blue Lagoon Pool &amp; Spa Parts<\/title>/);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/products/${product.handle}"/>`));
  expect(html).toContain('<meta property="og:type" content="product"/>');
  expect(html).toContain('<meta property="og:image:width" content="200"/>');
  const data = jsonLd(html);
  const ld = data.find((entry) => entry["@type"] === "Product") as {
    name: string;
    offers: {
      price: string;
      priceCurrency: string;
      priceValidUntil: string;
      availability: string;
      hasMerchantReturnPolicy: { merchantReturnDays: number; returnMethod: string; returnFees: string };
      shippingDetails: {
        shippingDestination: { addressCountry: string; addressRegion: string[] };
        shippingRate: { "@type": string; value: number; currency: string };
      };
    };
    aggregateRating: { reviewCount: number };
  };
  expect(ld.name).toBe(product.title);
  expect(ld.offers.priceCurrency).toBe("USD");
  expect(ld.offers.price).toBe(product.Variants[0].price.toFixed(2));
  expect(ld.offers.availability).toBe("https://schema.org/InStock");
  // Valid one week from today.
  const days = (Date.parse(ld.offers.priceValidUntil) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(5.5);
  expect(days).toBeLessThan(7.5);
  expect(ld.offers.hasMerchantReturnPolicy.merchantReturnDays).toBe(30);
  expect(ld.offers.hasMerchantReturnPolicy.returnMethod).toBe("https://schema.org/ReturnByMail");
  expect(ld.offers.hasMerchantReturnPolicy.returnFees).toBe("https://schema.org/RestockingFees");
  expect(ld.offers.shippingDetails.shippingDestination.addressCountry).toBe("US");
  expect(ld.offers.shippingDetails.shippingDestination.addressRegion).not.toContain("HI");
  // Free or not, the rate is stated (from the same rate table as the cart).
  expect(ld.offers.shippingDetails.shippingRate).toMatchObject({ "@type": "MonetaryAmount", currency: "USD" });
  expect(ld.offers.shippingDetails.shippingRate.value).toBeGreaterThanOrEqual(0);
  expect(ld.aggregateRating.reviewCount).toBe(product.totalReviews);
  const crumbs = data.find((entry) => entry["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
  expect(crumbs.itemListElement[0].name).toBe("Home");
  expect(crumbs.itemListElement.at(-1)?.name).toBe(product.title);
});

test("breadcrumbs, title, vendor link, price, brand, SKU, availability, free shipping and shipping details", async ({
  page,
  request,
}) => {
  const product = await findProduct(
    request,
    (p) => p.Variants.length === 1 && p.price > 0 && p.availableForSale && p.vendor !== null,
  );
  await page.goto(`/products/${product.handle}`);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link").first()).toHaveText("Home");
  await expect(breadcrumb.getByRole("link").first()).toHaveAttribute("href", "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.title);
  await expect(page.getByRole("link", { name: product.vendor ?? "", exact: true }).first()).toHaveAttribute(
    "href",
    `/searchresults.asp?v=${encodeURIComponent(product.vendor ?? "")}`,
  );
  const price = `$${product.Variants[0].price.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  await expect(page.locator("main").getByText(price).first()).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Brand" })).toBeVisible();
  if (product.Variants[0].sku) await expect(page.getByTestId("product-sku")).toHaveText(product.Variants[0].sku);
  await expect(page.getByText("In Stock and Ready to Ship!!!", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Orders over \$\d+\.\d\d Ships for FREE!$/)).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "Shipping details" })).toHaveAttribute(
    "href",
    "/Articles.asp?ID=257",
  );
  await expect(page.getByRole("tab", { name: "DESCRIPTION" })).toHaveAttribute("aria-selected", "true");
});

test("a product without a description says 'Fast Shipping. Order Today!'", async ({ page, request }) => {
  desktopOnly();
  const product = await findProduct(request, (p) => !p.descriptionHtml);
  await page.goto(`/products/${product.handle}`);
  await expect(page.getByRole("tabpanel", { name: "DESCRIPTION" })).toHaveText("Fast Shipping. Order Today!");
});

test("choosing options selects the matching variant, its price and SKU, and ?variant= preselects one", async ({
  page,
  request,
}) => {
  const product = await findProduct(
    request,
    (p) => p.Variants.length > 1 && p.Options.length > 0 && new Set(p.Variants.map((v) => v.price)).size > 1,
  );
  const [first, second] = [...product.Variants]
    .sort((a, b) => a.price - b.price)
    .filter((v, i, list) => i === 0 || v.price !== list[0].price);
  await page.goto(`/products/${product.handle}?variant=${first.id}`);
  await hydrated(page);
  const money = (value: number) => `$${value.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  await expect(page.locator("main").getByText(money(first.price)).first()).toBeVisible();
  for (const option of second.Options) {
    const name = product.Options.find((entry) => entry.id === option.id)?.name ?? option.name;
    await page
      .getByRole("combobox", { name, exact: true })
      .selectOption(option.VariantSelectedOptions.optionValueSelected);
  }
  await expect(page.locator("main").getByText(money(second.price)).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`variant=${second.id}`));
  if (second.sku) await expect(page.getByTestId("product-sku")).toHaveText(second.sku);
  // Clearing an option leaves no variant: Add to Cart waits for a choice.
  const firstOption = product.Options[0];
  await page.getByRole("combobox", { name: firstOption.name, exact: true }).selectOption("");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await expect(page.getByText("Please choose your options.")).toBeVisible();
});

test("quantity and Add to Cart put the product in the cart", async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.Variants.length === 1 && p.price > 0 && p.availableForSale);
  await page.goto(`/products/${product.handle}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByRole("textbox", { name: "Quantity" })).toHaveValue("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  // Success opens the cart overlay (with a 'Product added to cart' toast) holding the line.
  const cart = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(cart.locator(`a[href$="/${product.handle}"]`).first()).toBeVisible();
  await expect(cart.getByRole("textbox").first()).toHaveValue("2");
});

test("gallery: thumbnails switch the image, the full-screen viewer opens and closes with Escape", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, (p) => p.Images.length > 1);
  await page.goto(`/products/${product.handle}`);
  await hydrated(page);
  const thumbnails = page.getByRole("list", { name: "Product images" });
  const second = thumbnails.getByRole("button", { name: `Show image 2 of ${product.Images.length}` });
  await second.click();
  await expect(second).toHaveAttribute("aria-pressed", "true");
  const open = page.getByRole("button", { name: /^Open full-screen view/ });
  await open.click();
  const viewer = page.getByRole("dialog", { name: product.title });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(`2 / ${product.Images.length}`)).toBeVisible();
  await viewer.getByRole("button", { name: "Next image" }).click();
  // The viewer wraps round at the ends.
  await expect(viewer.getByText(`${product.Images.length > 2 ? 3 : 1} / ${product.Images.length}`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
});

test("the 3D thumbnail opens the model viewer, loaded only then", async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.Model3Ds.length > 0);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto(`/products/${product.handle}`);
  await hydrated(page);
  expect(scripts.some((url) => /model-viewer/.test(url))).toBe(false);
  await page.getByRole("button", { name: "View the 3D model" }).click();
  const dialog = page.getByRole("dialog", { name: `3D model: ${product.title}` });
  await expect(dialog).toBeVisible();
  await expect.poll(() => scripts.some((url) => /model-viewer/.test(url))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("reviews, questions and recommendations load when their block comes into view", async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.totalReviews > 0);
  await page.goto(`/products/${product.handle}`);
  await hydrated(page);
  const reviews = page.getByRole("region", { name: "Customer Reviews" });
  await expect(reviews).not.toHaveAttribute("data-loaded", "true");
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews).toHaveAttribute("data-loaded", "true");
  await expect(
    reviews.getByText(product.totalReviews === 1 ? "1 review" : `${product.totalReviews} reviews`).first(),
  ).toBeVisible();
  await page.getByRole("region", { name: "Questions & Answers" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("link", { name: "Browse questions" })).toBeVisible();
  // The block's placeholder is replaced by the loaded list, so the element scrolled to can be swapped out
  // under the scroll: retry the scroll until the cards show.
  const alsoNeed = page.getByRole("region", { name: "You May Also Need" });
  await expect(async () => {
    await alsoNeed.scrollIntoViewIfNeeded({ timeout: 2000 });
    await expect(alsoNeed.getByTestId("product-card").first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
});

test("recently viewed: newest first in storage, shown as a history with remove buttons", async ({ page, request }) => {
  const [a, b, c] = await productHandles(request, "", 3);
  // A view is recorded by an effect once the page runs: wait for it before moving on.
  const viewed = () =>
    page.evaluate(() => localStorage.getItem("recentlyViewedProducts")?.split(",").filter(Boolean).length ?? 0);
  await page.goto(`/products/${a}`);
  await hydrated(page);
  await expect.poll(viewed).toBe(1);
  await page.goto(`/products/${b}`);
  await hydrated(page);
  await expect.poll(viewed).toBe(2);
  await page.goto(`/products/${c}`);
  const history = page.getByRole("region", { name: "Recently Viewed" });
  await expect(history.getByTestId("product-card")).toHaveCount(2);
  const stored = await page.evaluate(() => localStorage.getItem("recentlyViewedProducts"));
  expect(stored?.split(",")).toHaveLength(3);
  const titles = await history.getByTestId("product-card").getByRole("heading").allTextContents();
  // Newest first: b was seen after a.
  const bTitle = (await (await request.get(`/api/products/handle/${b}`)).json()).product.title as string;
  expect(titles[0]).toBe(bTitle);
  await history.getByRole("button", { name: `Remove ${bTitle} from history` }).click();
  await expect(history.getByTestId("product-card")).toHaveCount(1);
  expect((await page.evaluate(() => localStorage.getItem("recentlyViewedProducts")))?.split(",")).toHaveLength(2);
});

test("an unknown product shows the 404 page with status 404", async ({ page }) => {
  desktopOnly();
  const response = await page.goto("/products/no-such-product-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByText("This page does not exist.")).toBeVisible();
  await expect(page).toHaveTitle(/404 Not Found/);
});

test("the collection-prefixed product URL shows the product with that collection in the breadcrumbs", async ({
  page,
  request,
}) => {
  desktopOnly();
  const [handle] = await productHandles(request, "q=pump", 1);
  await page.goto(`/collections/pool-pumps/products/${handle}`);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Pool Pumps" })).toHaveAttribute("href", "/collections/pool-pumps");
});

test("a long breadcrumb trail is one line whose crumbs never overlap (it scrolls sideways on a phone)", async ({
  page,
  request,
}) => {
  const [handle] = await productHandles(request, "q=hayward+pump", 1);
  await page.goto(`/collections/pool-pumps/products/${handle}`);
  const items = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(items.last()).toBeVisible();
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      // The crumb's text (its link or span), which overflowed its shrunken item before.
      const box = (element.lastElementChild ?? element).getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top };
    }),
  );
  expect(boxes.length).toBeGreaterThan(3);
  for (let index = 1; index < boxes.length; index++) {
    // Each crumb starts where the one before it ends, or on a new line (desktop wraps).
    if (boxes[index].top === boxes[index - 1].top) {
      expect(boxes[index].left).toBeGreaterThanOrEqual(boxes[index - 1].right - 0.5);
    }
  }
});

test("axe: no serious or critical violation on a product page", async ({ page, request }) => {
  test.slow();
  const product = await findProduct(request, (p) => p.Variants.length > 1 && p.Options.length > 0);
  await page.goto(`/products/${product.handle}`);
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
});
