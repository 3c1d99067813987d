// A shopper's account from sign-up to sign-out, through the real e-mails the store writes.
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { linkFromMail } from "./account-mail.ts";
import { waitForHydration } from "./shell-hydration.ts";

// Every step waits on a bot check solved in the browser and a password hash: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "pump-basket-lid-2024";

async function fillAddress(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole("dialog");
  for (const [label, value] of Object.entries(values)) {
    await dialog.getByRole("textbox", { name: label, exact: true }).fill(value);
  }
}

test("register, verify, sign in, addresses, wallet, recovery e-mail, sign out", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const email = `journey-${testInfo.project.name}-${Date.now()}@example.com`;

  // Sign up.
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Pat");
  await page.getByLabel("Last Name").fill("Pool");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("password123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/Use at least 10 characters|too common/)).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 30_000 });

  // Signing in before confirming is refused with a way forward.
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("confirm your e-mail address", { timeout: 30_000 });

  // Confirm through the e-mailed link.
  await page.goto(await linkFromMail(email, "verify_email", "/verify-account"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByText("your e-mail address is confirmed")).toBeVisible();

  // Sign in; the header switches to My Account.
  await page.goto("/login.asp");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/myaccount\.asp$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("Hello, Pat Pool")).toBeVisible();

  // Add an address: a bad postal code and phone first, then good ones.
  await page.getByRole("link", { name: /Addresses/ }).click();
  await expect(page.getByText("Account has no addresses.")).toBeVisible();
  await page.getByRole("button", { name: "Add a new address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Mailing Address" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Country")).toHaveValue("US");
  await dialog.getByLabel("State").selectOption("CA");
  await fillAddress(page, {
    "Address Line 1": "2150 Harbor Blvd",
    City: "Costa Mesa",
    "Postal Code": "ABCDE",
    "First Name": "Pat",
    "Last Name": "Pool",
    "Phone Number": "123",
  });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Postal Code does not match");
  await expect(dialog.getByRole("alert")).toContainText("Phone Number is not a valid number");
  await expect(dialog.getByRole("textbox", { name: "Postal Code" })).toHaveAttribute("aria-invalid", "true");
  await fillAddress(page, { "Postal Code": "92627", "Phone Number": "(213) 373-4253" });
  await expect(dialog.getByRole("textbox", { name: "Postal Code" })).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Address added successfully")).toBeVisible();
  const card = page.getByTestId("address-card");
  await expect(card).toContainText("2150 Harbor Blvd");
  await expect(card).toContainText("Default address");

  // Edit it: again a bad, then a good postal code and phone.
  await page.getByRole("button", { name: "Edit address 2150 Harbor Blvd" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Mailing Address" });
  await expect(edit.getByRole("textbox", { name: "Postal Code" })).toHaveValue("92627");
  await fillAddress(page, { "Postal Code": "9262", "Phone Number": "555" });
  await edit.getByRole("button", { name: "Confirm" }).click();
  await expect(edit.getByRole("alert")).toContainText("Postal Code does not match");
  await fillAddress(page, { "Postal Code": "92626", "Phone Number": "+1 213 373 4254", "Address Line 2": "Suite 5" });
  await edit.getByRole("button", { name: "Confirm" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText("Address updated successfully")).toBeVisible();
  await expect(card).toContainText("92626");
  await expect(card).toContainText("Suite 5");
  await page.screenshot({ path: testInfo.outputPath(`address-book-${testInfo.project.name}.png`), fullPage: true });

  // Wallet: add a card in the popup, see it, delete it.
  await page.goto("/wallet");
  await expect(page.getByRole("tab", { name: "Payment methods" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No payment methods for this account")).toBeVisible();
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Add payment method" }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/wallet\/add-card$/);
  // Typed once the form has hydrated: React would otherwise reset the field to its state.
  await waitForHydration(popup.getByLabel("Card number"));
  await popup.getByLabel("Card number").fill("4242424242424242");
  await expect(popup.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await popup.getByLabel("Expiry month").selectOption("12");
  await popup.getByLabel("Expiry year").selectOption(String(new Date().getFullYear() + 3));
  await popup.getByLabel("Security code").fill("123");
  await popup.getByRole("button", { name: "Save card" }).click();
  await popup.waitForEvent("close", { timeout: 20_000 });
  const method = page.getByTestId("payment-method");
  await expect(method).toContainText("4242");
  await expect(method).toContainText(`Expires 12/${new Date().getFullYear() + 3}`);
  await expect(method.getByRole("img", { name: "Visa" })).toBeVisible();
  await expect(method).toContainText("Billing: 2150 Harbor Blvd");
  await page.screenshot({ path: testInfo.outputPath(`wallet-${testInfo.project.name}.png`), fullPage: true });

  // The card's billing address: the dialog's success message is the spec's 'Address updated successfully'.
  await method.getByRole("button", { name: "Edit billing address" }).click();
  const billing = page.getByRole("dialog", { name: "Update card address" });
  await billing.getByLabel("Billing address").selectOption({ index: 1 });
  await billing.getByRole("button", { name: "Save Changes" }).click();
  await expect(billing).toBeHidden();
  await expect(page.getByText("Address updated successfully", { exact: true })).toBeVisible();

  // A user lookup that fails (the store briefly unreachable) does not send a signed-in shopper to sign in:
  // the page waits, asks again, and shows the wallet once the store answers.
  let failedLookups = 0;
  await page.route("**/api/user", (route) => {
    failedLookups += 1;
    return failedLookups <= 2 ? route.fulfill({ status: 503, body: "" }) : route.fallback();
  });
  await page.reload();
  await expect(page.getByRole("tab", { name: "Payment methods" })).toBeVisible();
  expect(failedLookups).toBeGreaterThan(2);
  await expect(page).toHaveURL(/\/wallet$/);
  await page.unroute("**/api/user");

  await page.getByRole("tab", { name: "Transaction History" }).click();
  await expect(page.getByText("No transactions for this account.")).toBeVisible();
  await page.getByRole("tab", { name: "Payment methods" }).click();

  await method.getByRole("button", { name: "Delete card ending in 4242" }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete payment method?" });
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Payment method deleted successfully")).toBeVisible();
  await expect(page.getByText("No payment methods for this account")).toBeVisible();

  // Recovery e-mail: add, verify through its link.
  const backup = `backup-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/recovery-email");
  await expect(page.getByRole("heading", { name: "Recovery email" })).toBeVisible();
  await page.getByLabel("Recovery Email").fill(backup);
  // A session alone does not change where reset links may go: the current password is asked for.
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Enter your current password")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Recovery email updated successfully")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Your recovery email is not verified.")).toBeVisible();
  await page.getByRole("button", { name: "Verify now" }).click();
  await expect(page.getByText(/^Verification link has been sent to your recovery email\./)).toBeVisible({
    timeout: 20_000,
  });
  await page.goto(await linkFromMail(backup, "verify_recovery_email", "/verify-account"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByText("Recovery email verified")).toBeVisible();
  await page.goto("/recovery-email");
  await expect(page.getByText("Recovery email verified")).toBeVisible();
  await expect(page.getByRole("button", { name: "Update" })).toBeVisible();

  // Sign out: back to an anonymous header; the account pages send to sign-in again.
  await page.goto("/myaccount.asp");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Sign Out/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  // The header (desktop) or the bottom bar (phone) offers Sign In again.
  await expect(
    page.getByRole("link", { name: "Sign In", exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/login\.asp\?redirect=%2Fwallet/);
});

test("an anonymous visitor of the wallet is sent to sign in", async ({ page }) => {
  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/login\.asp/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
});
