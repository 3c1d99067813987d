// Signing in to the back office in a journey: /admin/login filled and sent once the page is interactive.
import { expect, type Page } from "@playwright/test";
import { DEMO_OWNER } from "../../demo/seed/demo-staff.ts";
import { waitForHydration } from "./shell-hydration.ts";

export interface StaffAccount {
  email: string;
  password: string;
}

/**
 * Fills and sends the sign-in form (with `?next=` when given), typed after hydration: a click on the
 * server's HTML would send the empty form as a plain GET. Waits for nothing after the click (a second
 * step may follow).
 */
export async function sendStaffSignIn(page: Page, account: StaffAccount = DEMO_OWNER, next?: string): Promise<void> {
  await page.goto(next ? `/admin/login?next=${encodeURIComponent(next)}` : "/admin/login");
  const submit = page.getByRole("button", { name: "Sign in", exact: true });
  await waitForHydration(submit);
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await submit.click();
}

/**
 * Signs in (the demo owner unless told) and waits for the back office: the page `next` when given, else
 * any page but the sign-in. A sign-in solves a bot check and hashes a password: generous on a busy machine
 * (30 s for `next`, 20 s otherwise).
 */
export async function signInStaff(page: Page, account: StaffAccount = DEMO_OWNER, next?: string): Promise<void> {
  await sendStaffSignIn(page, account, next);
  if (next) {
    const path = next.replace(/[/?.+*()[\]]/g, (c) => `\\${c}`);
    await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 30_000 });
  } else {
    await expect(page).not.toHaveURL(/\/admin\/login/, { timeout: 20_000 });
  }
}
