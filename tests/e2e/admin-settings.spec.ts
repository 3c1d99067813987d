// The owner's shipping and tax settings, as used: the demo owner adds a tax rate, changes it and sees it
// saved after a reload, then deletes it; on desktop they also add a shipping rate to the policy, see it
// saved, and remove it again. Each project works on its own state and its own rate name (a parcel of
// 900 kg, which no cart of the other tests weighs), so runs beside each other do not collide.
// Screenshots of both pages at this project's width go to the test's output.
import { expect as baseExpect, type Page, type TestInfo, test } from "@playwright/test";
import { DEMO_OWNER } from "../../demo/seed/demo-staff.ts";
import { signInStaff } from "./admin-session.ts";
import { waitForHydration } from "./shell-hydration.ts";

// A sign-in solves a bot check in the browser and hashes a password: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

test("settings: the owner edits a tax rate and a shipping rate and sees them saved", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === "phone";
  const state = phone ? { code: "VT", title: "Vermont" } : { code: "WY", title: "Wyoming" };
  const taxName = `${state.title} test tax ${Date.now()}`;

  await signInStaff(page, DEMO_OWNER, "/admin/settings/tax");
  await expect(page.getByRole("heading", { name: "Tax rates", exact: true })).toBeVisible();
  // The demo store's rates are listed.
  await expect(page.getByRole("row", { name: /California sales tax/ })).toContainText("7.25 %");

  // Add a rate for this project's state.
  await waitForHydration(page.getByRole("button", { name: "Add tax rate" }));
  await page.getByRole("button", { name: "Add tax rate" }).click();
  const dialog = page.getByRole("dialog", { name: "Add tax rate" });
  await dialog.getByLabel("Country").selectOption("US");
  await dialog.getByLabel("State or province").selectOption(state.code);
  await dialog.getByLabel("Name").fill(taxName);
  await dialog.getByLabel("Rate (%)").fill("100");
  await dialog.getByRole("button", { name: "Add tax rate" }).click();
  await expect(dialog.getByText("must be below 100 %")).toBeVisible();
  await dialog.getByLabel("Rate (%)").fill("4");
  await dialog.getByRole("button", { name: "Add tax rate" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(taxName) });
  await expect(row).toContainText("4 %");

  // Change it; the new rate is there after a reload.
  await row.getByRole("button", { name: `Edit ${taxName}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${taxName}` });
  await edit.getByLabel("Rate (%)").fill("5.375");
  await edit.getByRole("button", { name: "Save tax rate" }).click();
  await expect(edit).toBeHidden();
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(taxName) })).toContainText("5.375 %");
  await expect(page.getByRole("row", { name: new RegExp(taxName) })).toContainText(`${state.title}, United States`);
  await shot(page, testInfo, "admin-settings-tax");

  // Delete it (confirmed first).
  await waitForHydration(page.getByRole("button", { name: `Delete ${taxName}` }));
  await page.getByRole("button", { name: `Delete ${taxName}` }).click();
  await page
    .getByRole("dialog", { name: "Delete this tax rate?" })
    .getByRole("button", { name: "Delete tax rate" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(taxName) })).toHaveCount(0);

  // The shipping page lists the demo policy's rates and the countries.
  await page.goto("/admin/settings/shipping");
  await expect(page.getByRole("heading", { name: "Shipping and countries" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Rate 1" }).getByLabel("Service")).toHaveValue("Ground");
  await expect(page.getByRole("row", { name: /^United States US/ })).toContainText("Ships here");
  await shot(page, testInfo, "admin-settings-shipping");
  if (phone) return;

  // Desktop: add a freight rate no parcel of the other tests weighs, save, see it after a reload, remove it.
  const rateName = `Freight ${Date.now()}`;
  await waitForHydration(page.getByRole("button", { name: "Add rate" }));
  const before = await page.getByRole("group", { name: /^Rate \d+$/ }).count();
  await page.getByRole("button", { name: "Add rate" }).click();
  const added = page.getByRole("group", { name: `Rate ${before + 1}` });
  await added.getByLabel("Service").fill(rateName);
  await added.getByLabel("Price (USD)").fill("199.5");
  await added.getByLabel("Weight from (g)").fill("900000");
  await added.getByLabel("Weight below (g)").fill("800000");
  await page.getByRole("button", { name: "Save shipping rates" }).click();
  await expect(added.getByText("must be more than the minimum weight")).toBeVisible();
  await added.getByLabel("Weight below (g)").fill("");
  await page.getByRole("button", { name: "Save shipping rates" }).click();
  await expect(page.getByText("Shipping rates saved")).toBeVisible();
  await page.reload();
  const saved = page.getByRole("group", { name: `Rate ${before + 1}` });
  await expect(saved.getByLabel("Service")).toHaveValue(rateName);
  await expect(saved.getByLabel("Price (USD)")).toHaveValue("199.5");
  await waitForHydration(saved.getByRole("button", { name: `Remove rate ${before + 1}` }));
  await saved.getByRole("button", { name: `Remove rate ${before + 1}` }).click();
  await page.getByRole("button", { name: "Save shipping rates" }).click();
  await expect(page.getByText("Shipping rates saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: /^Rate \d+$/ })).toHaveCount(before);
});
