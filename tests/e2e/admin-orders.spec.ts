import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { linkFromMail } from "./account-mail.ts";
import { signInStaff } from "./admin-session.ts";
import { waitForHydration } from "./shell-hydration.ts";
import { desktopOnly } from "./viewports.ts";

// Issue 16's orders, as staff and as the shopper: a guest's order is partly shipped (the shipping e-mail
// with its tracking link reaches the outbox, the shopper's order page shows the shipment), the rest
// shipped, a line refunded ("Partially refunded", the refund's transaction shown); another order is
// cancelled and its stock is back; the shopper asks for a return, staff approve it, mark it received and
// refund it. Screenshots of the pages at 1280, 768 and 390 px go to test-results/.

test.describe.configure({ timeout: 240_000 });

const afterSubmit = { timeout: 30_000 };

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

/** In-stock demo products with a known stock count (no "sell regardless of stock"). */
async function pickProducts(request: APIRequestContext, count: number, skip = 0): Promise<Product[]> {
  const answer = await request.get("/api/products/filter?limit=76&sortBy=best_selling");
  const { products } = (await answer.json()) as { products: Product[] };
  const fit = products.filter((p) => {
    const level = p.availableInventoryLevels?.[0];
    return (
      p.price > 5 &&
      p.price < 300 &&
      level?.availableForSale &&
      !level.bypassNegativeQuantity &&
      level.availableQuantity >= 6
    );
  });
  if (fit.length < skip + count) throw new Error("The demo catalog has too few in-stock products.");
  return fit.slice(skip, skip + count);
}

async function stockOf(request: APIRequestContext, handle: string): Promise<number> {
  const answer = await request.get(`/api/products/handle/${encodeURIComponent(handle)}`);
  const { product } = (await answer.json()) as {
    product: { Variants: Array<{ InventoryLevels?: Level[] }> } & Product;
  };
  return product.availableInventoryLevels?.[0]?.availableQuantity ?? Number.NaN;
}

/** A guest's order placed through the API (placing is not what this test is about). */
async function placeGuestOrder(browser: Browser, items: Array<[Product, number]>, email: string) {
  const context = await browser.newContext();
  const request = context.request;
  for (const [product, quantity] of items) {
    const added = await request.post("/api/checkouts/lineItems", {
      data: { inventoryLevelId: product.availableInventoryLevels[0].id, quantity },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const checkout = (await (await request.get("/api/checkouts")).json()).checkout as { webUrl: string };
  const placed = await request.post(`/api/checkouts/${checkout.webUrl.split("/").pop()}/complete`, {
    data: {
      email,
      shippingAddress: {
        firstName: "Casey",
        lastName: "Guest",
        address1: "12 Lagoon Rd",
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
  const { order } = (await placed.json()) as { order: { id: number; orderNumber: string } };
  await context.close();
  return order;
}

async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Refund" }));
}

async function shots(page: Page, name: string, widths = [1280, 768, 390]) {
  const size = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test("staff ship a guest's order in two parts, refund a line, cancel another, and settle a return", async ({
  page,
  browser,
}, testInfo) => {
  desktopOnly("one run is enough: it changes orders and stock");
  const [pump, part, spare] = await pickProducts(page.request, 3);
  const email = `guest.orders.${Date.now()}@example.com`;
  const order = await placeGuestOrder(
    browser,
    [
      [pump, 2],
      [part, 1],
    ],
    email,
  );

  await signInStaff(page);
  await expect(page).toHaveURL(/\/admin\/?$/, afterSubmit);
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("link", { name: order.orderNumber })).toBeVisible();
  await shots(page, "admin-orders-list");
  await openOrder(page, order.orderNumber);

  // Part of the order ships: one of the two pumps.
  await page.getByRole("button", { name: "Fulfil items" }).click();
  const fulfil = page.getByRole("dialog", { name: "Fulfil items" });
  await fulfil.getByLabel(`Quantity of ${pump.title} to ship`).fill("1");
  await fulfil.getByLabel(`Quantity of ${part.title} to ship`).fill("0");
  await fulfil.getByLabel("Carrier").selectOption("ups");
  await fulfil.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await fulfil.getByRole("button", { name: "Mark 1 item(s) shipped" }).click();
  await expect(fulfil).toBeHidden(afterSubmit);
  await expect(page.getByText("Partially fulfilled").first()).toBeVisible();
  await expect(page.getByText(/1 item shipped with UPS, tracking 1Z999AA10123456784/)).toBeVisible();

  // The shipping e-mail reached the outbox with the tracking link; the shopper's page shows the shipment.
  const tracking = await linkFromMail(email, "order_shipped", "/track?tracknum=");
  expect(tracking).toBe("/track?tracknum=1Z999AA10123456784");
  const orderLink = await linkFromMail(email, "order_shipped", "/account/orders/");
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(orderLink);
  await expect(shopperPage).toHaveURL(/\/account\/orders\/\d+$/);
  await expect(shopperPage.getByText("Partly shipped")).toBeVisible();
  const shipment = shopperPage.getByRole("region", { name: "Shipments" });
  await expect(shipment.getByText(/Shipment 1, shipped .* with UPS/)).toBeVisible();
  await expect(shipment.getByRole("link", { name: "Track package" })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );

  // The rest ships (the dialog offers everything still owed).
  await page.getByRole("button", { name: "Fulfil items" }).click();
  await fulfil.getByLabel("Carrier").selectOption("usps");
  await fulfil.getByLabel("Tracking number").fill("9400111899223856925531");
  await fulfil.getByRole("button", { name: "Mark 2 item(s) shipped" }).click();
  await expect(fulfil).toBeHidden(afterSubmit);
  await expect(page.getByText("Fulfilled", { exact: true }).first()).toBeVisible();

  // One line is refunded: the status says so and the refund's transaction is shown.
  await page.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: "Refund" });
  await refund.getByLabel(`Quantity of ${part.title} to refund`).fill("1");
  await expect(refund.getByLabel(/Amount/)).toHaveValue(part.price.toFixed(2));
  await refund.getByRole("button", { name: /^Refund \$/ }).click();
  await expect(refund).toBeHidden(afterSubmit);
  await expect(page.getByText("Partially refunded").first()).toBeVisible();
  const refunds = page.locator("section").filter({ has: page.getByRole("heading", { name: "Refunds", level: 2 }) });
  await expect(refunds.getByText(/Transaction R[A-Z0-9]{10}/)).toBeVisible();
  await shots(page, "admin-order-detail");

  // The printable packing slip and invoice.
  for (const kind of ["packing-slip", "invoice"]) {
    const print = await page.context().newPage();
    await print.goto(page.url().replace(/\/?$/, `/${kind}`));
    await expect(print.getByRole("heading", { name: kind === "invoice" ? "Invoice" : "Packing slip" })).toBeVisible();
    await expect(print.getByText(order.orderNumber)).toBeVisible();
    await print.emulateMedia({ media: "print" });
    await expect(print.getByRole("button", { name: "Print" })).toBeHidden();
    await print.screenshot({ path: testInfo.outputPath(`admin-${kind}-print.png`), fullPage: true });
    await print.close();
  }

  // The shopper asks to return the other pump: wrong part.
  await shopperPage.reload();
  await expect(shopperPage.getByText("Partially refunded")).toBeVisible();
  const returnButton = shopperPage.getByRole("button", { name: "Return items" });
  await waitForHydration(returnButton);
  await returnButton.click();
  await shopperPage.getByLabel(pump.title).selectOption("1");
  await shopperPage.getByLabel("Reason").selectOption("wrong_part");
  await shopperPage.getByLabel(/Anything we should know/).fill("It does not fit my filter housing.");
  await shopperPage.getByRole("button", { name: "Send return request" }).click();
  await expect(shopperPage.getByText(/We received your return request RMA-\d+/)).toBeVisible(afterSubmit);
  await shopperPage.screenshot({ path: testInfo.outputPath("shopper-order-1280.png"), fullPage: true });
  await shopperPage.setViewportSize({ width: 390, height: 844 });
  await shopperPage.reload();
  await expect(shopperPage.getByText(/Return RMA-\d+ · Requested/)).toBeVisible();
  await shopperPage.screenshot({ path: testInfo.outputPath("shopper-order-390.png"), fullPage: true });

  // Staff approve it, mark it received, refund it.
  await page.goto("/admin/returns");
  const item = page.getByRole("listitem").filter({ hasText: order.orderNumber });
  const approve = item.getByRole("button", { name: /^Approve RMA-/ });
  await waitForHydration(approve);
  await shots(page, "admin-returns");
  await approve.click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(item.getByText("Approved")).toBeVisible(afterSubmit);
  await linkFromMail(email, "return_approved", "/account/orders/");
  await item.getByRole("button", { name: /^Mark RMA-\d+ received/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark received" }).click();
  await expect(item.getByText("Received")).toBeVisible(afterSubmit);
  const stockBefore = await stockOf(page.request, pump.handle);
  await item.getByRole("button", { name: /^Refund RMA-/ }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Refund \$/ })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden(afterSubmit);
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: order.orderNumber }).getByText("Refunded")).toBeVisible();
  expect(await stockOf(page.request, pump.handle)).toBe(stockBefore + 1);
  await shopperPage.reload();
  await expect(shopperPage.getByText(/Return RMA-\d+ · Refunded/)).toBeVisible();
  await shopper.close();

  // The customers list finds the guest by e-mail among the guests, and not among the account holders.
  await page.goto("/admin/customers");
  const search = page.getByRole("search");
  await waitForHydration(search.getByRole("button", { name: "Search" }));
  await search.getByLabel("Name or e-mail").fill(email);
  await search.getByLabel("Show").selectOption("guest");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]kind=guest/);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await search.getByLabel("Show").selectOption("registered");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No customers match.")).toBeVisible();

  // Another order is cancelled: its stock comes back.
  const before = await stockOf(page.request, spare.handle);
  const cancelEmail = `guest.cancel.${Date.now()}@example.com`;
  const other = await placeGuestOrder(browser, [[spare, 3]], cancelEmail);
  expect(await stockOf(page.request, spare.handle)).toBe(before - 3);
  await openOrder(page, other.orderNumber);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const cancel = page.getByRole("dialog", { name: `Cancel order ${other.orderNumber}?` });
  await cancel.getByLabel(/Reason/).fill("Shopper ordered the wrong size by phone");
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(cancel).toBeHidden(afterSubmit);
  await expect(page.getByText(/Cancelled .*Shopper ordered the wrong size by phone/)).toBeVisible();
  expect(await stockOf(page.request, spare.handle)).toBe(before);
  await linkFromMail(cancelEmail, "order_cancelled", "/account/orders/");
});
