import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, test } from "vitest";
import { solveProofOfWork } from "./proof-of-work.ts";

describe("proof-of-work solver", () => {
  test("finds the same counter and key as altcha-lib's own solver", async () => {
    for (const counter of [0, 1, 4095, 4096, 70_000]) {
      const challenge = await createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter,
        deriveKey,
        hmacSignatureSecret: "k".repeat(32),
      });
      const reference = await solveChallenge({ challenge, deriveKey });
      const ours = await solveProofOfWork(challenge.parameters as Parameters<typeof solveProofOfWork>[0]);
      expect(ours?.counter).toBe(counter);
      expect(ours?.derivedKey).toBe(reference?.derivedKey);
    }
  });

  test("refuses challenges of another kind rather than spinning", async () => {
    await expect(
      solveProofOfWork({
        algorithm: "SHA-512",
        cost: 1,
        keyPrefix: "00",
        nonce: "00".repeat(16),
        salt: "00".repeat(16),
      }),
    ).rejects.toThrow(/Unsupported/);
  });
});
