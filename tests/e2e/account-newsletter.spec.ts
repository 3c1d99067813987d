// The newsletter block on every page, with double opt-in through the e-mailed link.
import { expect as baseExpect, test } from "@playwright/test";
import { linkFromMail } from "./account-mail.ts";
import { waitForHydration } from "./shell-hydration.ts";

// Every step waits on a bot check solved in the browser and a password hash: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test("subscribe from the footer block and confirm by e-mail", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = `news-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/");
  const block = page.getByRole("region", { name: "Sign up for newsletter" });
  await expect(block).toBeVisible();
  const input = block.getByLabel("Email address");
  // The block's code comes at the first use of the page (lib/deferred-hydration.tsx): a shopper's focus
  // fetches it, and it is in place long before an address is typed in full.
  await input.focus();
  await waitForHydration(input);
  await input.fill("not-an-address");
  await input.press("Enter");
  await expect(block.getByText("Invalid subscription request.")).toBeVisible();
  await input.fill(email);
  await input.press("Enter");
  await expect(block.getByText("Please check your email to confirm.")).toBeVisible({ timeout: 20_000 });

  const link = await linkFromMail(email, "newsletter_confirm", "/confirm-subscription");
  expect(link).toMatch(/^\/confirm-subscription\?token=/);
  await page.goto(link);
  // The token leaves the address bar on arrival (request logs, analytics): the page keeps it in a cookie.
  await expect(page).toHaveURL(/\/confirm-subscription$/);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText(`Thank you: ${email} is subscribed to our newsletter.`)).toBeVisible();

  // The welcome mail carries an unsubscribe link that works.
  await page.goto(await linkFromMail(email, "newsletter_welcome", "/unsubscribe"));
  await expect(page).toHaveURL(/\/unsubscribe$/);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed.")).toBeVisible();
});
