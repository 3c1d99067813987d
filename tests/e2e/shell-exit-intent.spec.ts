// The exit-intent popup: 'FIRST ORDER SPECIAL' once per browser, never to
// signed-in visitors, 250 ms after the trigger: the pointer leaving through the top on desktop, scrolling
// up by more than 10 px after 5 % of the page in mobile mode (the visitor's own scrolling, not the page's).
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { linkFromMail } from "./account-mail.ts";
import { installPausedClock, startShellEffects, waitForHydration } from "./shell-hydration.ts";
import { desktopOnly } from "./viewports.ts";

// Several steps per test on a shared, sometimes busy machine.
test.describe.configure({ timeout: 90_000 });

const offer = (
  JSON.parse(readFileSync("config/store.json", "utf8")) as {
    themeConfig: { exitIntentPopUp: { backgroundImageUrl: string; discountMessage: string; discountCode: string } };
  }
).themeConfig.exitIntentPopUp;

const isPhone = (name: string) => name === "phone";

/** The pointer leaves the window: a mouseout with no element to go to. */
async function pointerLeaves(page: Page, clientY: number) {
  await page.evaluate((y) => {
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseout", { bubbles: true, clientX: 400, clientY: y, relatedTarget: null }),
    );
  }, clientY);
}

/**
 * The visitor scrolls to `y`: a wheel turn, then the scroll, reported at once (a real scroll event may
 * follow; it changes nothing). With `byVisitor` false the page scrolls itself, with no gesture before it.
 */
async function scrollTo(page: Page, y: number, { byVisitor = true }: { byVisitor?: boolean } = {}) {
  await page.evaluate(
    ({ top, wheel }) => {
      if (wheel) window.dispatchEvent(new WheelEvent("wheel", { deltaY: top - window.scrollY }));
      window.scrollTo(0, top);
      window.dispatchEvent(new Event("scroll"));
    },
    { top: y, wheel: byVisitor },
  );
}

async function armed(page: Page, trigger: "mouse" | "scroll") {
  await waitForHydration(page.getByTestId("header-rolling-text"));
  await startShellEffects(page);
  await expect(page.locator("body")).toHaveAttribute("data-exit-intent", trigger);
}

/**
 * The popup's code arrives on demand and React reveals it on its own timers: move the (paused) clock
 * on until it shows. When it is decided is checked separately, through the storage flag.
 */
async function expectShown(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.clock.runFor(100);
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

const shownFlag = (page: Page) => page.evaluate(() => window.localStorage.getItem("exitIntentPopUpShown"));

test("desktop: leaving through the top shows the offer after 250 ms, once; Escape closes it", async ({ page }) => {
  desktopOnly("phones are in mobile mode: the scroll trigger applies");
  await installPausedClock(page);
  await page.goto("/help.asp");
  await armed(page, "mouse");
  const dialog = page.getByRole("dialog", { name: "FIRST ORDER SPECIAL" });

  // Leaving lower down (to a side) is not an exit through the top.
  await pointerLeaves(page, 300);
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();
  expect(await shownFlag(page)).toBeNull();

  await pointerLeaves(page, 5);
  await page.clock.runFor(249);
  await expect(dialog).toBeHidden();
  expect(await shownFlag(page)).toBeNull();
  await page.clock.runFor(1);
  expect(await shownFlag(page)).toBe("true");
  await expectShown(page, dialog);

  await expect(dialog.getByText(offer.discountMessage)).toBeVisible();
  await expect(dialog.getByText(offer.discountCode, { exact: true })).toBeVisible();
  await expect(dialog.getByText("Note: One Redemption Per Account/IP Address Only")).toBeVisible();
  await expect(dialog.locator("img")).toHaveAttribute("src", offer.backgroundImageUrl);
  expect(await dialog.evaluate((element) => getComputedStyle(element).zIndex)).toBe("10000");

  // Focus moves in (Radix does it on the next tick) and stays inside while it is open.
  await page.clock.runFor(50);
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await page.clock.runFor(50);
  await expect(dialog).toBeHidden();

  // Once per browser: another page, another exit, no popup.
  await page.goto("/questions");
  await waitForHydration(page.getByTestId("header-rolling-text"));
  await startShellEffects(page);
  await expect(page.locator("body")).not.toHaveAttribute("data-exit-intent", /.+/);
  await pointerLeaves(page, 2);
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();
});

test("the close icon closes the offer", async ({ page }, testInfo) => {
  const phone = isPhone(testInfo.project.name);
  await installPausedClock(page);
  await page.goto("/help.asp");
  if (phone) {
    await armed(page, "scroll");
    await scrollTo(page, 600);
    await scrollTo(page, 580);
  } else {
    await armed(page, "mouse");
    await pointerLeaves(page, 0);
  }
  await page.clock.runFor(250);
  const dialog = page.getByRole("dialog", { name: "FIRST ORDER SPECIAL" });
  await expectShown(page, dialog);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await page.clock.runFor(50);
  await expect(dialog).toBeHidden();
});

test("mobile mode: scrolling up more than 10 px after 5 % of the page shows the offer", async ({ page }, testInfo) => {
  // Desktop Chrome at phone width is in mobile mode too (992 px or less).
  if (!isPhone(testInfo.project.name)) await page.setViewportSize({ width: 390, height: 844 });
  await installPausedClock(page);
  await page.goto("/help.asp");
  await armed(page, "scroll");
  const dialog = page.getByRole("dialog", { name: "FIRST ORDER SPECIAL" });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const fivePercent = Math.floor(height * 0.05);

  // Not yet past 5 %: scrolling back up does nothing.
  await scrollTo(page, fivePercent - 5);
  await scrollTo(page, 0);
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();

  // Past 5 %, the page scrolling itself back up (the pagination, a "back to top" button) with no gesture
  // of the visitor's in the last 1500 ms, however far: nothing.
  await scrollTo(page, fivePercent + 400);
  await page.clock.runFor(1501);
  await scrollTo(page, fivePercent + 100, { byVisitor: false });
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();
  expect(await shownFlag(page)).toBeNull();

  // Past 5 %, up by 10 px: not more than 10, nothing.
  const deep = fivePercent + 200;
  await scrollTo(page, deep);
  await scrollTo(page, deep - 10);
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();

  // Up by 11 px from the deepest point: the offer, 250 ms later.
  await scrollTo(page, deep - 11);
  await page.clock.runFor(249);
  await expect(dialog).toBeHidden();
  await page.clock.runFor(1);
  expect(await shownFlag(page)).toBe("true");
  await expectShown(page, dialog);
  await expect(dialog.getByText(offer.discountCode, { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.clock.runFor(50);
  await expect(dialog).toBeHidden();
});

test("each mode listens to its own trigger only", async ({ page }, testInfo) => {
  const phone = isPhone(testInfo.project.name);
  await installPausedClock(page);
  await page.goto("/help.asp");
  await armed(page, phone ? "scroll" : "mouse");
  const dialog = page.getByRole("dialog", { name: "FIRST ORDER SPECIAL" });
  if (phone) {
    await pointerLeaves(page, 0);
  } else {
    await scrollTo(page, 1500);
    await scrollTo(page, 1000);
  }
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();
  expect(await shownFlag(page)).toBeNull();
});

test("a visitor who saw it before (storage flag) is not shown it again", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("exitIntentPopUpShown", "true"));
  await installPausedClock(page);
  await page.goto("/help.asp");
  await waitForHydration(page.getByTestId("header-rolling-text"));
  await startShellEffects(page);
  await pointerLeaves(page, 0);
  await scrollTo(page, 1500);
  await scrollTo(page, 1000);
  await page.clock.runFor(1000);
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.locator("body")).not.toHaveAttribute("data-exit-intent", /.+/);
});

test("signed-in visitors never see it", async ({ page }) => {
  desktopOnly("the rule is the same in both modes; the sign-up runs once");
  test.setTimeout(120_000);
  const email = `exit-intent-${Date.now()}@example.com`;
  const password = "skimmer-basket-2024";
  await page.goto("/register");
  await page.getByLabel("First Name").fill("Pat");
  await page.getByLabel("Last Name").fill("Pool");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 30_000 });
  await page.goto(await linkFromMail(email, "verify_email", "/verify-account"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByText("your e-mail address is confirmed")).toBeVisible();
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/myaccount\.asp$/, { timeout: 20_000 });

  await installPausedClock(page);
  await page.goto("/help.asp");
  await waitForHydration(page.getByTestId("header-rolling-text"));
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await startShellEffects(page);
  await pointerLeaves(page, 0);
  await page.clock.runFor(1000);
  await expect(page.locator("body")).not.toHaveAttribute("data-exit-intent", /.+/);
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await shownFlag(page)).toBeNull();
});
