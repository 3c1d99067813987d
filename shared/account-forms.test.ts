import { describe, expect, test } from "vitest";
import { PASSWORD_MIN_LENGTH, passwordProblem, registerSchema, safeRedirectPath } from "./account-forms.ts";

describe("password rules", () => {
  test("length, common passwords and decorated common words are refused", () => {
    expect(passwordProblem("short")).toMatch(`at least ${PASSWORD_MIN_LENGTH}`);
    expect(passwordProblem("x".repeat(129))).toMatch(/at most 128/);
    for (const weak of [
      "1234567890",
      "qwertyuiop",
      "Password2024!",
      "P@ssw0rd1234",
      "summer2024!!",
      "abcdefghijk",
      "zzzzzzzzzzzz",
    ]) {
      expect(passwordProblem(weak), weak).toMatch(/too common/);
    }
    expect(passwordProblem("pat.pool-2024x", "pat.pool@example.com")).toMatch(/e-mail address/);
  });

  test("a passphrase passes", () => {
    expect(passwordProblem("pump-basket-lid-2024")).toBeNull();
    expect(passwordProblem("correct horse battery staple")).toBeNull();
  });

  test("the register schema lower-cases the address and applies the rules", () => {
    const ok = registerSchema.safeParse({
      email: " Pat@Example.COM ",
      password: "pump-basket-lid-2024",
      firstName: "Pat",
      lastName: "Pool",
    });
    expect(ok.success && ok.data.email).toBe("pat@example.com");
    expect(registerSchema.safeParse({ email: "no", password: "x", firstName: "", lastName: "" }).success).toBe(false);
  });
});

describe("safeRedirectPath", () => {
  test("keeps local paths and drops everything else", () => {
    expect(safeRedirectPath("/wallet")).toBe("/wallet");
    expect(safeRedirectPath("/address.asp?x=1")).toBe("/address.asp?x=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) {
      expect(safeRedirectPath(bad)).toBe("/myaccount.asp");
    }
  });
});
