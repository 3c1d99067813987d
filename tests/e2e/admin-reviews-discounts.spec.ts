// The back office's shopper-facing work in Chromium: a shopper's review waits for approval and then shows
// with the product's new rating; a shopper's question, answered by staff, shows with its answer; a
// discount code created by staff works in a shopper's cart, and once paused is refused there.
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { DEMO_OWNER } from "../../demo/seed/demo-staff.ts";
import { QUESTION_THANKS } from "../../shared/product-feedback.ts";
import { signInStaff } from "./admin-session.ts";
import { hydrated, productByHandle, productHandles, withoutExitIntent } from "./storefront-helpers.ts";

// Bot checks solved in the browser and password hashing: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

async function staffSignIn(page: Page, next: string) {
  await signInStaff(page, DEMO_OWNER, next);
  await hydrated(page);
}

test("a shopper's review waits for approval, then shows with the product's new rating", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await withoutExitIntent(page);
  // A product nobody has reviewed, different per project (desktop, phone) so the two runs do not meet.
  const handles = await productHandles(page.request, "", 76);
  const offset = testInfo.project.name === "phone" ? 40 : 10;
  let handle = "";
  for (const candidate of handles.slice(offset)) {
    const product = await productByHandle(page.request, candidate);
    if ((product as unknown as { totalReviews: number }).totalReviews === 0) {
      handle = candidate;
      break;
    }
  }
  expect(handle, "a product without reviews").not.toBe("");
  const title = `Sealed the leak ${testInfo.project.name} ${Date.now()}`;

  await page.goto(`/products/${handle}`);
  await hydrated(page);
  const reviews = page.locator("#reviews");
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByText("No reviews yet.")).toBeVisible();
  await reviews.getByRole("button", { name: "Write a review" }).click();
  await reviews.getByRole("button", { name: "Submit review" }).click();
  await expect(reviews.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
  await reviews.getByLabel("4 stars: Very good").check({ force: true });
  await reviews.getByLabel("Title").fill(title);
  await reviews.getByLabel("Your review").fill("Replaced the old o-ring and the pump stopped sucking air.");
  await reviews.getByLabel("Your name").fill("Robin");
  await reviews.getByRole("button", { name: "Submit review" }).click();
  await expect(reviews.getByText("Thank you! Your review will appear once our team has checked it.")).toBeVisible();
  if (testInfo.project.name === "desktop") {
    await page.screenshot({ path: testInfo.outputPath("review-sent.png"), fullPage: false });
  }

  // Not shown while it waits.
  await page.reload();
  await page.locator("#reviews").scrollIntoViewIfNeeded();
  await expect(page.locator("#reviews").getByText("No reviews yet.")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // Staff approve it.
  const staff = await browser.newPage();
  await staffSignIn(staff, "/admin/reviews");
  const row = staff.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText(/Review approved\. .* now has 1 review, 4\.0 stars\./)).toBeVisible();
  await expect(staff.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  await staff.close();

  // The product page shows it with the new rating and count.
  await page.reload();
  const shown = page.locator("#reviews");
  await shown.scrollIntoViewIfNeeded();
  await expect(shown.getByText(title)).toBeVisible();
  await expect(shown.getByText("4.0", { exact: true })).toBeVisible();
  await expect(shown.getByText(/^1 review$/)).toBeVisible();
  await expect(page.getByRole("img", { name: "Rated 4 out of 5" }).first()).toBeVisible();
});

test("a shopper's question waits for an answer, shows with it on the product page, and goes when staff delete it", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await withoutExitIntent(page);
  const handles = await productHandles(page.request, "", 12);
  const handle = handles[testInfo.project.name === "phone" ? 7 : 3];
  const question = `Does this fit a Hayward SP2607X10 (${testInfo.project.name} ${Date.now()})?`;

  await page.goto(`/products/${handle}`);
  await hydrated(page);
  const block = page.getByRole("region", { name: "Questions & Answers" });
  await block.scrollIntoViewIfNeeded();
  await block.getByRole("button", { name: "Ask a question" }).click();
  // Checked in the browser with the API's schema before anything is sent.
  await block.getByLabel("Your question").fill("Fits?");
  await block.getByRole("button", { name: "Send question" }).click();
  await expect(block.getByText("Your question needs at least 10 characters.")).toBeVisible();
  await expect(block.getByText("Your name is required.")).toBeVisible();
  await expect(block.getByLabel("Your question")).toHaveAttribute("aria-invalid", "true");
  await block.getByLabel("Your question").fill(question);
  await block.getByLabel("Your name").fill("Sam");
  await block.getByRole("button", { name: "Send question" }).click();
  await expect(block.getByText(QUESTION_THANKS)).toBeVisible();

  // Staff answer it in the back office.
  const staff = await browser.newPage();
  await staffSignIn(staff, "/admin/questions");
  const row = staff.getByRole("row").filter({ hasText: question });
  await expect(row).toBeVisible();
  // The whole answer form is in the window (on a phone each row is a card, not a table scrolled
  // sideways), and the search form stays inside the page's column.
  const windowWidth = staff.viewportSize()?.width ?? 0;
  for (const control of [row.getByLabel("Answer"), row.getByRole("button", { name: "Answer and approve" })]) {
    const box = await control.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(windowWidth);
  }
  const searchOverflow = await staff
    .getByRole("search")
    .filter({ has: staff.getByLabel("Search questions") })
    .evaluate((form) => form.getBoundingClientRect().right - (form.parentElement?.getBoundingClientRect().right ?? 0));
  expect(searchOverflow).toBeLessThanOrEqual(0.5);
  await row.getByLabel("Answer").fill("Yes: it is the basket for the whole SP2600 series.");
  await row.getByRole("button", { name: "Answer and approve" }).click();
  await expect(staff.getByText("Answer published: the question shows on the product page.")).toBeVisible();
  await staff.close();

  // The product page lists it with the answer.
  await page.reload();
  const shown = page.getByRole("list", { name: "Answered questions" });
  await page.getByRole("region", { name: "Questions & Answers" }).scrollIntoViewIfNeeded();
  const item = shown.getByRole("listitem").filter({ hasText: question });
  await expect(item).toBeVisible();
  await expect(item.getByText("Yes: it is the basket for the whole SP2600 series.")).toBeVisible();
  await expect(item.getByText(/asked by Sam/)).toBeVisible();

  // Deleted in the back office (after a confirmation), it leaves the product page.
  const again = await browser.newPage();
  await staffSignIn(again, "/admin/questions?status=approved");
  const approved = again.getByRole("row").filter({ hasText: question });
  await approved.getByRole("button", { name: "Delete" }).click();
  const dialog = again.getByRole("dialog", { name: "Delete this question?" });
  await expect(dialog).toContainText("The question and its answer are removed for good.");
  await dialog.getByRole("button", { name: "Delete question" }).click();
  await expect(again.getByText("Question deleted.")).toBeVisible();
  await expect(again.getByRole("row").filter({ hasText: question })).toHaveCount(0);
  await again.close();
  await page.reload();
  await page.getByRole("region", { name: "Questions & Answers" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "Ask a question" })).toBeVisible();
  await expect(page.getByText(question)).toHaveCount(0);
});

test("staff create a discount code; a shopper uses it in the cart; paused, it is refused", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

  await staffSignIn(page, "/admin/discounts");
  await page.getByRole("link", { name: "New discount code" }).click();
  await expect(page.getByRole("heading", { name: "New discount code", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: /^Code/ }).fill(code);
  await page.getByLabel("Title").fill("End-to-end 20% off");
  await page.getByLabel("Percentage off").fill("20");
  await page.getByLabel("Minimum subtotal (USD)").fill("1");
  await expect(page.getByRole("textbox", { name: /^Code/ })).toHaveValue(code);
  if (testInfo.project.name === "desktop") {
    await page.screenshot({ path: testInfo.outputPath("discount-form.png"), fullPage: true });
  }
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row.getByText("Active")).toBeVisible();

  // A shopper, in another browser context, applies it.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await withoutExitIntent(shopper);
  const [handle] = await productHandles(shopper.request, "", 8);
  const added = await shopper.request.post("/api/checkouts/products", { data: { handles: [handle] } });
  expect(added.ok()).toBe(true);
  await shopper.goto("/shoppingcart.asp");
  await hydrated(shopper);
  await shopper.getByLabel("Discount code").fill(code.toLowerCase());
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByText(`Coupon code: ${code} has been added successfully.`)).toBeVisible();
  await expect(shopper.getByTestId("cart-totals").getByText(/^-\$\d+\.\d{2}$/)).toBeVisible();
  await shopper.getByRole("button", { name: `Remove discount code ${code}` }).click();
  await expect(shopper.getByText("The discount code was successfully removed.")).toBeVisible();

  // Paused in the back office: the cart refuses it with the reason.
  await row.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText(`${code} is paused: the checkout refuses it.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: code }).getByText("Paused")).toBeVisible();
  // The list's search form: the code among the paused ones, not among the active ones.
  const search = page.getByRole("search");
  await search.getByLabel("Code or title").fill(code);
  await search.getByLabel("Status").selectOption("paused");
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${code}&status=paused`));
  await expect(page.getByRole("row").filter({ hasText: code })).toHaveCount(1);
  await expect(search.getByLabel("Status")).toHaveValue("paused");
  await search.getByLabel("Status").selectOption("active");
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No discount codes match.")).toBeVisible();
  await shopper.getByLabel("Discount code").fill(code);
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(
    shopper.getByRole("alert").filter({ hasText: `The discount code ${code} is no longer active.` }),
  ).toBeVisible();
  await shopperContext.close();
});
