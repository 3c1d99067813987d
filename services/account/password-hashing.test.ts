import { beforeAll, describe, expect, test } from "vitest";
import {
  hashPassword,
  needsRehash,
  PASSWORD_HASH_PARAMS,
  useStandardPasswordHashing,
  verifyPassword,
} from "./password-hashing.ts";

describe("password hashing", () => {
  // Another test file of the same run may have turned on the fast cost.
  beforeAll(() => useStandardPasswordHashing());

  test("hashes with scrypt at the OWASP cost, salted, and verifies", { timeout: 30_000 }, async () => {
    const hash = await hashPassword("correct horse battery");
    const { N, r, p } = PASSWORD_HASH_PARAMS;
    expect(hash.startsWith(`scrypt$${N},${r},${p}$`)).toBe(true);
    expect(hash).not.toContain("correct horse");
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  test("a weaker or foreign hash needs a rehash and never verifies by accident", async () => {
    expect(needsRehash("scrypt$1024,8,1$c2FsdA$a2V5")).toBe(true);
    expect(needsRehash("$2b$10$abcdefghijklmnopqrstuv")).toBe(true);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
    expect(await verifyPassword("anything", "scrypt$99999999,8,1$c2FsdA$a2V5")).toBe(false);
  });
});
