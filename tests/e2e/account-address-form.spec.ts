// The address book's dialog: valid fields highlighted and nothing drawn in red, phones checked as mobile
// numbers, State shown once a country with states is chosen, and a Confirm pressed while the states are
// still loading keeps the state.
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { linkFromMail } from "./account-mail.ts";
import { holdRequests } from "./storefront-helpers.ts";
import { desktopOnly } from "./viewports.ts";

// Sign-up waits on a bot check solved in the browser and a password hash: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
const PASSWORD = "skimmer-weir-valve-2024";

async function signUpAndIn(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Last Name").fill("Spa");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(await linkFromMail(email, "verify_email", "/verify-account"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByText("your e-mail address is confirmed")).toBeVisible();
  await page.goto("/login.asp");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/myaccount\.asp$/);
}

test("address dialog: State after a country with states, valid fields highlighted, phones must be mobile, nothing in red", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signUpAndIn(page, `address-form-${testInfo.project.name}-${Date.now()}@example.com`);

  await page.goto("/address.asp");
  await page.getByRole("button", { name: "Add a new address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Mailing Address" });
  const field = (label: string) => dialog.getByRole("textbox", { name: label, exact: true });

  // State is shown only once a country that has states is chosen.
  await expect(dialog.getByLabel("State")).toBeVisible();
  await dialog.getByLabel("Country").selectOption("");
  await expect(dialog.getByLabel("State")).toBeHidden();
  await dialog.getByLabel("Country").selectOption("GB");
  await expect(dialog.getByLabel("State")).toBeHidden();

  // A landline is refused: the phone must be a mobile number. The refusal is the one message at the top;
  // no field gets a red message of its own.
  await field("Address Line 1").fill("10 Downing St");
  await field("City").fill("London");
  await field("Postal Code").fill("SW1A 2AA");
  await field("First Name").fill("Sam");
  await field("Last Name").fill("Spa");
  await field("Phone Number").fill("020 7946 0018");
  await expect(field("Postal Code")).toHaveClass(/border-stock/);
  await expect(field("Phone Number")).not.toHaveClass(/border-stock/);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  const phoneMessage = "Phone Number is not a valid number for the selected country";
  await expect(dialog.getByRole("alert")).toContainText(phoneMessage);
  await expect(dialog.getByText(phoneMessage, { exact: true })).toHaveCount(1);
  await expect(field("Phone Number")).not.toHaveAttribute("aria-describedby", /error/);
  await expect(field("Phone Number")).not.toHaveClass(/border-sale/);
  // A mobile number passes and is highlighted.
  await field("Phone Number").fill("07400 123456");
  await expect(field("Phone Number")).toHaveClass(/border-stock/);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Address added successfully")).toBeVisible();
});

test("address dialog: a Confirm pressed while the states are loading keeps the state", async ({ page }, testInfo) => {
  desktopOnly();
  test.setTimeout(180_000);
  await signUpAndIn(page, `address-states-${testInfo.project.name}-${Date.now()}@example.com`);

  // A US address with a state, then its edit opened while the states load slowly.
  await page.goto("/address.asp");
  await page.getByRole("button", { name: "Add a new address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Mailing Address" });
  const field = (label: string) => dialog.getByRole("textbox", { name: label, exact: true });
  await dialog.getByLabel("State").selectOption("CA");
  await field("Address Line 1").fill("2150 Harbor Blvd");
  await field("Postal Code").fill("92627");
  await field("First Name").fill("Sam");
  await field("Last Name").fill("Spa");
  await field("Phone Number").fill("(213) 373-4253");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();

  const releaseStates = await holdRequests(page, (url) => url.pathname === "/api/states");
  // Held from the page load on: the dialog asks for the country's states as soon as it mounts.
  await page.reload();
  await page.getByRole("button", { name: "Edit address 2150 Harbor Blvd" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Mailing Address" });
  await expect(edit.getByRole("option", { name: "Loading states..." })).toBeAttached();
  await edit.getByRole("textbox", { name: "Address Line 2", exact: true }).fill("Suite 9");
  await edit.getByRole("button", { name: "Confirm" }).click();
  await expect(edit).toBeHidden();
  releaseStates();
  await expect(page.getByText("Address updated successfully")).toBeVisible();
  const card = page.getByTestId("address-card").filter({ hasText: "2150 Harbor Blvd" });
  await expect(card).toContainText("Suite 9");
  await expect(card).toContainText("CA 92627");
});
