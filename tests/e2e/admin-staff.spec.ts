// The back office's staff and access, as people use it: the demo owner adds a member with a temporary
// password; the member signs in, turns on two-step sign-in with a code computed from the key the page
// shows, signs in again with a code; the owner finds both in the audit log. Runs on desktop and phone.
// Screenshots of the login, dashboard, staff and audit pages at this project's width (and 768 px on
// desktop) go to the test's output.
import { expect as baseExpect, type Page, type TestInfo, test } from "@playwright/test";
import { DEMO_OWNER } from "../../demo/seed/demo-staff.ts";
import { totpCode } from "../../services/staff/two-step.ts";
import { sendStaffSignIn } from "./admin-session.ts";
import { waitForHydration } from "./shell-hydration.ts";
import { desktopOnly } from "./viewports.ts";

// Each sign-in solves a bot check in the browser and hashes a password: generous on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const MEMBER_PASSWORD = "filter-cartridge-44";

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test("staff: add a member, two-step sign-in with a code, and the audit log", async ({ page }, testInfo) => {
  // Desktop (with 768 px screenshots) and phone (390 px: the dialog's buttons must take a tap there too).
  test.setTimeout(240_000);
  const email = `member-${testInfo.project.name}-${Date.now()}@staff.example.com`;
  const name = `Casey ${testInfo.project.name}`;

  // Anonymous: the back office sends to its own sign-in page, without the storefront's shell.
  await page.goto("/admin/staff");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fstaff$/);
  await expect(page.getByRole("heading", { name: "Back office sign-in" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await shot(page, testInfo, "admin-login");

  // A wrong password is refused with a message.
  await page.getByLabel("E-mail address").fill(DEMO_OWNER.email);
  await page.getByLabel("Password").fill("not-the-password-0");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("not right");

  // The demo owner signs in and lands on the page they asked for.
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();

  // Add a member with a temporary password (once the page is interactive: a phone hydrates slowly).
  await waitForHydration(page.getByRole("button", { name: "Add staff member" }));
  await page.getByRole("button", { name: "Add staff member" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Role").selectOption("manager");
  await dialog.getByLabel("Set a temporary password and tell them yourself").check();
  await dialog.getByRole("textbox", { name: "Temporary password" }).fill("short");
  await dialog.getByRole("button", { name: "Add staff member" }).click();
  await expect(dialog.getByText("Use at least 10 characters.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Temporary password" }).fill(MEMBER_PASSWORD);
  await dialog.getByRole("button", { name: "Add staff member" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Manager");
  await shot(page, testInfo, "admin-staff");
  if (testInfo.project.name === "desktop") {
    await page.setViewportSize({ width: 768, height: 1000 });
    await shot(page, testInfo, "admin-staff-768");
    await page.goto("/admin");
    await shot(page, testInfo, "admin-dashboard-768");
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await shot(page, testInfo, "admin-dashboard");
  await signOut(page);

  // The member signs in and turns on two-step sign-in.
  await sendStaffSignIn(page, { email, password: MEMBER_PASSWORD });
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  // A manager has no staff or audit pages.
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await page.goto("/admin/account");
  await waitForHydration(page.getByRole("button", { name: "Set up two-step sign-in" }));
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const key = (await page.getByTestId("two-step-key").textContent())?.replace(/\s+/g, "") ?? "";
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("alert")).toContainText("not right");
  await page.getByLabel("Code from the app").fill(totpCode(key, new Date()));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(8);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(/^On\. Signing in needs your password and a code/)).toBeVisible();
  await signOut(page);

  // Signing in again asks for the code (the next step's code: the one used to turn it on is spent).
  await sendStaffSignIn(page, { email, password: MEMBER_PASSWORD });
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await page.getByLabel("Code").fill(totpCode(key, new Date(Date.now() + 30_000)));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await signOut(page);

  // The owner sees both changes in the audit log, with what changed.
  await sendStaffSignIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // A phone keeps the navigation behind the menu button.
  if (testInfo.project.name === "phone") {
    await waitForHydration(page.getByRole("button", { name: "Menu" }));
    await page.getByRole("button", { name: "Menu" }).click();
  }
  await page.getByRole("link", { name: "Audit log" }).first().click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  const twoStepRow = page.getByRole("row").filter({ hasText: "staff.two-step-on" }).filter({ hasText: name });
  await expect(twoStepRow.first()).toBeVisible();
  await expect(twoStepRow.first()).toContainText("twoStepEnabled");
  const createRow = page.getByRole("row").filter({ hasText: "staff.create" }).filter({ hasText: email });
  await expect(createRow.first()).toBeVisible();
  await shot(page, testInfo, "admin-audit");
  if (testInfo.project.name === "desktop") {
    await page.setViewportSize({ width: 768, height: 1000 });
    await shot(page, testInfo, "admin-audit-768");
  }
});

test("a shopper's page carries no back-office script", async ({ page }) => {
  desktopOnly();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin|\/layout-|two-step|data-table/.test(url))).toEqual([]);
});
