import { describe, expect, test } from "vitest";
import { passwordProblem } from "../../shared/account-forms.ts";
import { newPasswordProblem } from "./account-service.ts";
import { isBreachedPassword, loadBreachedPasswords } from "./breached-passwords.ts";

describe("breached-password list", () => {
  test("holds at least 100,000 passwords long enough to pass the length rule", async () => {
    const list = await loadBreachedPasswords();
    expect(list.size).toBeGreaterThanOrEqual(100_000);
    // The same set on every call: read once.
    expect(await loadBreachedPasswords()).toBe(list);
  }, 30_000);

  test("refuses listed passwords the short built-in list lets through, in any letter case", async () => {
    for (const password of ["welkom112233", "zelenograd", "ZeleNoGrad"]) {
      expect(passwordProblem(password), password).toBeNull();
      expect(await isBreachedPassword(password), password).toBe(true);
      expect(await newPasswordProblem(password), password).toMatch(/stolen from other sites/);
    }
    expect(await isBreachedPassword("pump-basket-lid-2024")).toBe(false);
    expect(await newPasswordProblem("pump-basket-lid-2024")).toBeNull();
  }, 30_000);
});
