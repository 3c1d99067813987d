import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { linkFromMail } from "./account-mail.ts";
import { waitForHydration } from "./shell-hydration.ts";
import { withoutExitIntent } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// A shopper's purchase: search by part number, the product page's variant and Add to Cart (the overlay
// opens), then from the cart on: quantities, a discount code, a guest checkout with the test gateway, a
// declined card that keeps the cart. The checkout tests start from a cart filled through the API
// (POST /api/checkouts/products) so each checks one thing.

// A whole purchase is many page loads and requests: more time than a single-page check needs.
test.describe.configure({ timeout: 120_000 });

interface Level {
  id: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}
interface Product {
  handle: string;
  title: string;
  price: number;
  availableInventoryLevels: Level[];
}

/** A demo product a shopper can buy several of: for sale, priced, in stock. */
async function pickProduct(request: APIRequestContext): Promise<Product> {
  const answer = await request.get("/api/products/filter?limit=48&sortBy=best_selling");
  expect(answer.ok()).toBe(true);
  const { products } = (await answer.json()) as { products: Product[] };
  const product = products.find((p) => {
    const level = p.availableInventoryLevels?.[0];
    return (
      p.price > 10 &&
      p.price < 90 &&
      level?.availableForSale &&
      !level.bypassNegativeQuantity &&
      level.availableQuantity >= 5
    );
  });
  if (!product) throw new Error("The demo catalog has no in-stock product between $10 and $90 to buy.");
  return product;
}

interface ProductDetail {
  handle: string;
  title: string;
  productCode: string | null;
  Options: Array<{ id: number; name: string }>;
  Variants: Array<{
    id: number;
    title: string;
    sku: string;
    price: number;
    availableForSale: boolean;
    Options: Array<{ name: string; VariantSelectedOptions: { optionValueSelected: string } }>;
  }>;
}

/** A product with a choice of variants; the variant picked is not the default one. */
async function pickProductWithVariants(request: APIRequestContext) {
  const list = await request.get("/api/products/filter?limit=76&sortBy=best_selling");
  const { products } = (await list.json()) as { products: Product[] };
  for (const candidate of products) {
    const answer = await request.get(`/api/products/handle/${encodeURIComponent(candidate.handle)}`);
    const { product } = (await answer.json()) as { product: ProductDetail };
    const sellable = product.Variants.filter((variant) => variant.availableForSale && variant.price > 0);
    const variant = sellable[1];
    if (product.Options.length > 0 && product.productCode && variant?.sku) return { product, variant };
  }
  throw new Error("The demo catalog has no product with several variants for sale.");
}

test("a variant chosen just before Add to Cart: the overlay stays open when the page's address catches up", async ({
  page,
}) => {
  const { product, variant } = await pickProductWithVariants(page.request);
  await withoutExitIntent(page);
  await page.goto(`/products/${product.handle}`);
  const addButton = page.getByRole("button", { name: "Add to Cart", exact: true }).first();
  await waitForHydration(addButton);
  // The variant's navigation (the address gains ?variant=) lands a while after the choice, as on a slow
  // connection: the cart overlay opens first.
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  for (const option of variant.Options) {
    await page.getByLabel(option.name, { exact: true }).selectOption(option.VariantSelectedOptions.optionValueSelected);
  }
  await expect(page.getByTestId("product-sku")).toHaveText(variant.sku);
  await addButton.click();
  const overlay = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(overlay).toBeVisible(afterSubmit);
  await expect(page).toHaveURL(new RegExp(`[?&]variant=${variant.id}(&|$)`), afterSubmit);
  // The overlay closes on a navigation away only; its effect would have run by now.
  await page.waitForTimeout(300);
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText(variant.title, { exact: true })).toBeVisible();
});

async function startWithCart(page: Page): Promise<Product> {
  const product = await pickProduct(page.request);
  // page.request shares the browser's cookies: the cart is this shopper's.
  const added = await page.request.post("/api/checkouts/products", { data: { handles: [product.handle] } });
  expect(added.ok()).toBe(true);
  await page.goto("/shoppingcart.asp");
  await expect(page.getByRole("heading", { name: "Shopping Cart", level: 1 })).toBeVisible();
  await expect(page.getByTestId("cart-line").getByRole("link", { name: product.title })).toBeVisible();
  return product;
}

const money = (amount: number) => `$${amount.toFixed(2)}`;
/** After a form post or a payment: a server round trip with a database transaction, slow on a busy machine. */
const afterSubmit = { timeout: 30_000 };

async function fillAddressAndShipping(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Country").selectOption("US");
  await page.getByLabel("State").selectOption("TX");
  await page.getByLabel("Address Line 1").fill("1 Main St");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("Postal Code").fill("78701");
  await page.getByLabel("First Name").fill("Pat");
  await page.getByLabel("Last Name").fill("Doe");
  await page.getByLabel("Phone Number").fill("512 555 0147");
  await page.getByRole("button", { name: "Continue to shipping" }).click();
  await expect(page.getByText("Pat Doe, 1 Main St, Austin, TX 78701, US")).toBeVisible(afterSubmit);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByLabel("Card number")).toBeVisible(afterSubmit);
}

async function payWith(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill(`12 / ${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByRole("button", { name: /Place Order/ }).click();
}

test("a shopper searches by part number, picks a variant, adds it: the cart overlay opens", async ({ page }) => {
  const { product, variant } = await pickProductWithVariants(page.request);
  await page.goto("/");
  // The suggestions' code loads when the shopper points at the box.
  await page.getByPlaceholder("Enter Keyword or Part Number...").hover();
  const search = page.getByRole("combobox", { name: "Search by keyword or part number" });
  await search.fill(product.productCode ?? product.title);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/searchresults\.asp\?/, afterSubmit);
  await expect(page.getByText(/\d+ matches found\./)).toBeVisible(afterSubmit);
  // The header's suggestion list may still be open over the results: Escape closes it.
  await search.press("Escape");
  await page.getByRole("main").getByRole("link", { name: product.title, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible(afterSubmit);

  // Until the page is hydrated a choice can be reset: choose again until the page shows the variant's SKU.
  await expect(async () => {
    for (const option of variant.Options) {
      await page
        .getByLabel(option.name, { exact: true })
        .selectOption(option.VariantSelectedOptions.optionValueSelected);
    }
    await expect(page.getByTestId("product-sku")).toHaveText(variant.sku, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page.getByText("Product added to cart")).toBeVisible(afterSubmit);
  const overlay = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText(variant.title, { exact: true })).toBeVisible();
  await expect(overlay.getByRole("link", { name: "Checkout" })).toBeVisible();
  // The discount-code box sits in the overlay too.
  const codeBox = overlay.getByLabel("Discount code");
  await codeBox.fill("poolpro5");
  await overlay.getByRole("button", { name: "Apply" }).click();
  await expect(overlay.getByText("Coupon code: POOLPRO5 has been added successfully.")).toBeVisible(afterSubmit);
  await expect(codeBox).toHaveValue("");
  await expect(overlay.getByRole("button", { name: "Remove discount code POOLPRO5" })).toBeVisible();

  await overlay.getByRole("link", { name: "View Cart" }).click();
  await expect(page).toHaveURL(/\/shoppingcart\.asp$/);
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId("cart-line").getByRole("link", { name: product.title })).toBeVisible();
  await expect(page.getByTestId("cart-line").getByText(variant.title, { exact: true })).toBeVisible();
});

test("a guest changes quantities, applies and removes a code, checks out with a test card", async ({ page }) => {
  const product = await startWithCart(page);
  const quantity = page.getByRole("textbox", { name: `Quantity of ${product.title}`, exact: true });
  const totals = page.getByTestId("cart-totals");

  await page.getByRole("button", { name: `Increase quantity of ${product.title}` }).click();
  await expect(quantity).toHaveValue("2");
  await expect(totals.getByText(money(product.price * 2)).first()).toBeVisible();

  // Typing: digits only, sent 800 ms after the last key.
  await quantity.fill("3x");
  await expect(quantity).toHaveValue("3");
  await expect(totals.getByText(money(product.price * 3)).first()).toBeVisible();
  await quantity.fill("99999");
  await expect(page.getByText(/^Can't add more than \d+$/)).toBeVisible();
  await quantity.fill("3");

  // A code: applied (success message, input cleared, discount shown), then removed.
  const codeBox = page.getByLabel("Discount code");
  await codeBox.fill("poolpro5");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon code: POOLPRO5 has been added successfully.")).toBeVisible();
  await expect(codeBox).toHaveValue("");
  await expect(totals.getByText(/^-\$\d+\.\d{2}$/)).toBeVisible();
  await page.getByRole("button", { name: "Remove discount code POOLPRO5" }).click();
  await expect(page.getByText("The discount code was successfully removed.")).toBeVisible();

  // An unknown code is refused with the reason.
  await codeBox.fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: 'The discount code "NOSUCHCODE" does not exist.' }),
  ).toBeVisible();

  await page.getByRole("link", { name: "Checkout" }).first().click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await fillAddressAndShipping(page, "guest.e2e@example.com");
  await payWith(page, "4242 4242 4242 4242");

  await expect(page.getByText("Thank you! Your order has been placed.")).toBeVisible(afterSubmit);
  await expect(page).toHaveURL(/\/account\/orders\/\d+\?placed=1$/);
  await expect(page.getByText(product.title)).toBeVisible();
  await expect(page.getByText("Visa ending in 4242")).toBeVisible();
  // The demo store charges Texas sales tax on the merchandise.
  await expect(page.getByRole("term").filter({ hasText: /^Tax$/ })).toBeVisible();
  // The cart is empty now.
  await page.goto("/shoppingcart.asp");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("a declined card shows one message for every refusal and keeps the cart; the next attempt passes the bot check", async ({
  page,
}) => {
  desktopOnly();
  const product = await startWithCart(page);
  await page.getByRole("link", { name: "Checkout" }).first().click();
  await fillAddressAndShipping(page, "declined.e2e@example.com");
  await payWith(page, "4000 0000 0000 0002");
  await expect(
    page.getByRole("alert").filter({ hasText: "Your payment could not be completed. Please check the card details" }),
  ).toBeVisible(afterSubmit);
  await expect(page.getByText("Your card was declined.")).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout\//);
  // The checkout now asks for the bot check before the card is tried again.
  await expect(page.getByTestId("payment-bot-check")).toBeVisible();

  await page.goto("/shoppingcart.asp");
  await expect(page.getByTestId("cart-line").getByRole("link", { name: product.title })).toBeVisible();

  // Back at checkout (a reload): still asked; the page runs the check and the order goes through.
  await page.getByRole("link", { name: "Checkout" }).first().click();
  await expect(page.getByTestId("payment-bot-check")).toBeVisible(afterSubmit);
  await waitForHydration(page.getByRole("button", { name: /Place Order/ }));
  await payWith(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/account\/orders\/\d+/, afterSubmit);
});

test("a guest opens the order from the e-mailed link and asks to add a product to it", async ({ page, browser }) => {
  const product = await pickProduct(page.request);
  await page.request.post("/api/checkouts/products", { data: { handles: [product.handle] } });
  const checkout = (await (await page.request.get("/api/checkouts")).json()).checkout as { webUrl: string };
  const checkoutId = checkout.webUrl.split("/").pop();
  const email = `add.to.order.${Date.now()}@example.com`;
  const placed = await page.request.post(`/api/checkouts/${checkoutId}/complete`, {
    data: {
      email,
      shippingAddress: {
        firstName: "Pat",
        lastName: "Doe",
        address1: "1 Main St",
        city: "Austin",
        countryCode: "US",
        stateCode: "TX",
        zip: "78701",
        phone: "+1 512 555 0147",
      },
      card: { number: "4242424242424242", expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123" },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  // Another device, only the link of the confirmation e-mail.
  const link = await linkFromMail(email, "order_confirmation", "/account/orders/");
  expect(link).toContain("token=");
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  // The link's token is exchanged for the session on arrival and leaves the address bar.
  await expect(guestPage).toHaveURL(/\/account\/orders\/\d+$/);
  const suggestions = guestPage.getByRole("region", { name: "Add to this order" });
  const addButton = suggestions.getByRole("button", { name: "Add to Order" }).first();
  await waitForHydration(addButton);
  await expect(addButton).toBeEnabled();
  await addButton.click();
  await expect(
    guestPage.getByText("You've added this product to your order. Expect hearing from us soon."),
  ).toBeVisible(afterSubmit);
  await guest.close();
});

test("another visitor cannot open a shopper's checkout", async ({ page, browser }) => {
  desktopOnly();
  await startWithCart(page);
  const checkoutUrl = (await (await page.request.get("/api/checkouts")).json()).checkout.webUrl as string;
  const stranger = await browser.newContext();
  const response = await (await stranger.newPage()).goto(checkoutUrl);
  expect(response?.status()).toBe(404);
  await stranger.close();
});

test("the cart button toggles the cart overlay without leaving the page", async ({ page }, testInfo) => {
  await withoutExitIntent(page);
  await page.goto("/brands");
  // Phones use the bottom bar's Cart; desktops the header's.
  const button =
    testInfo.project.name === "phone"
      ? page.getByRole("navigation", { name: "Shortcuts" }).getByRole("link", { name: /^Cart/ })
      : page.getByRole("banner").getByRole("link", { name: /^Cart/ });
  await waitForHydration(button);
  await button.click();
  const overlay = page.getByRole("dialog", { name: /Your Cart/ });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByText("Your cart is empty.")).toBeVisible();
  await expect(page).toHaveURL(/\/brands$/);
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
  // Focus returns to the button that opened it, so a keyboard user can toggle it again.
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(overlay).toBeVisible();
  await overlay.getByRole("button", { name: "Close cart" }).click();
  await expect(overlay).toBeHidden();
  // A click that asks for a new tab still opens the cart page there.
  const [tab] = await Promise.all([page.context().waitForEvent("page"), button.click({ modifiers: ["Control"] })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/shoppingcart.asp");
  await expect(overlay).toBeHidden();
});
