import { describe, expect, test } from "vitest";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from "./two-step.ts";

describe("two-step codes", () => {
  const secret = newTotpSecret();
  const now = new Date("2026-11-25T18:00:10Z");

  test("the code of now, and of one step either side, is right; further away it is not", () => {
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
  });

  test("spaces are ignored; anything but 6 digits is refused", () => {
    const code = totpCode(secret, now);
    expect(totpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).not.toBeNull();
    expect(totpStep(secret, "12345", now)).toBeNull();
    expect(totpStep(secret, "abcdef", now)).toBeNull();
  });

  test("another secret's code is wrong", () => {
    expect(totpStep(newTotpSecret(), totpCode(secret, now), now)).toBeNull();
  });

  test("the otpauth address names the store and the member", () => {
    const uri = totpUri(secret, "owner@example.com", "Blue Lagoon");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Blue%20Lagoon:owner%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("issuer=Blue%20Lagoon");
  });

  test("recovery codes are unique, readable, and hashed whatever their case or dashes", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
      expect(hashRecoveryCode(code.toUpperCase().replace(/-/g, ""))).toBe(hashRecoveryCode(code));
    }
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });
});
