import { test } from "@playwright/test";

/**
 * Runs the calling test on the desktop project only. For what the window's width does not change: the
 * server's first HTML, its redirects and 404s, timings and request rules, data rules and other visitors'
 * access. The phone project keeps every test of what a phone shows or does differently.
 */
export function desktopOnly(reason = "the same on every screen: checked once, on desktop"): void {
  test.skip(test.info().project.name === "phone", reason);
}

/** Runs the calling test on the phone project only: what only a phone's layout has. */
export function phoneOnly(reason: string): void {
  test.skip(test.info().project.name !== "phone", reason);
}
