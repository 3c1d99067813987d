// Waits until the page's code has hydrated an element (its event handlers are attached), so a test does not
// act on the server's HTML before the page is interactive. Polls from the test side: the page's timers may
// be under a fake clock.
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * The property in which Preact keeps the handlers it attached to an element (its `_listeners`, as its
 * build names it; preact's version is pinned in package.json).
 */
export const HANDLERS_PROPERTY = "__e";

/**
 * Waits until the renderer has attached handlers to the element, to one of its descendants, to its parent
 * or to its form: an element with no handler of its own (a text, a form's submit button) counts once
 * those of its part are attached.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await locator.first().waitFor();
  await expect
    .poll(() =>
      locator.first().evaluate((element, property) => {
        const attached = (node: Element) => Object.hasOwn(node, property);
        return (
          attached(element) ||
          [...element.querySelectorAll("*")].some(attached) ||
          (element.parentElement !== null && attached(element.parentElement)) ||
          (element.closest("form") !== null && attached(element.closest("form") as Element))
        );
      }, HANDLERS_PROPERTY),
    )
    .toBe(true);
}

/**
 * A fake clock that stands still until the test moves it (page.clock.install alone lets time flow).
 * Call before the page loads, so every timer of the page is under the test's control.
 */
export async function installPausedClock(page: Page): Promise<void> {
  const start = new Date("2026-03-02T16:00:00Z").getTime();
  await page.clock.install({ time: start });
  // Well ahead of the real time spent between the two calls (a blank page has no timers to fire).
  await page.clock.pauseAt(start + 60_000);
}

/**
 * Starts the shell's later effects (the exit-intent offer, the live-visits connection) the way a shopper
 * does, with a first pointer move, and waits until the offer's rules run
 * (app/features/shell/lazy-shell-effects.tsx).
 */
export async function startShellEffects(page: Page): Promise<void> {
  await expect(async () => {
    await page.mouse.move(5, 5 + Math.floor(Math.random() * 20));
    await expect(page.locator("body")).toHaveAttribute("data-shell-effects", "loaded", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}
