// Self-hosted proof of work (ALTCHA): the server hands out a signed challenge for one action, the browser
// spends a fraction of a second finding the counter, the server checks the answer against its signature
// and the action it is spent on. Each solved challenge is accepted once (remembered in rate_limits until
// it expires), so an answer cannot be replayed to send a thousand mails, nor one solved for the newsletter
// spent on a sign-in.
import { createHash, createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Database } from "../../db/client.ts";
import { claimOnce } from "../rate-limit/rate-limiter.ts";
import { type BotChallenge, type BotCheck, BotCheckFailed, BotCheckMissing } from "./bot-check.ts";

export const ALTCHA_ALGORITHM = "SHA-256";
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * The counter the solver must find is drawn uniformly from this range: one SHA-256 per try, so the mean
 * work is 350,000 hashes. Measured on a 2-core server (README, "Abuse limits and retention"): a Node
 * script pays about 0.5 s per answer with a plain crypto.createHash loop (about 0.7 s with altcha-lib's own
 * solver, 0.12 s with a copy of the page's); desktop Chromium about 0.15 s with the page's solver
 * (shared/proof-of-work.ts, 2.2 million hashes/s); a phone, at a quarter of that speed, at most
 * 500,000 / 550,000 ≈ 0.9 s.
 */
export const ALTCHA_COUNTER_MIN = 200_000;
export const ALTCHA_COUNTER_MAX = 500_000;

export interface AltchaOptions {
  db: Database;
  /** A server secret; the signing keys are derived from it. */
  secret: string;
  /** Counter range the browser searches (work grows linearly with it). */
  counterMin?: number;
  counterMax?: number;
}

interface AltchaPayload {
  challenge: { parameters: Record<string, unknown>; signature?: string };
  solution: { counter: number; derivedKey: string; time?: number };
}

function parsePayload(token: string): AltchaPayload | null {
  try {
    const value = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as AltchaPayload;
    if (typeof value?.challenge?.parameters !== "object" || typeof value.challenge.signature !== "string") return null;
    if (!Number.isInteger(value.solution?.counter) || typeof value.solution?.derivedKey !== "string") return null;
    return value;
  } catch {
    return null;
  }
}

export function createAltchaBotCheck(options: AltchaOptions): BotCheck {
  const signatureSecret = createHmac("sha256", options.secret).update("altcha-signature").digest("base64url");
  const keySecret = createHmac("sha256", options.secret).update("altcha-key-signature").digest("base64url");
  const counterMin = options.counterMin ?? ALTCHA_COUNTER_MIN;
  const counterMax = options.counterMax ?? ALTCHA_COUNTER_MAX;

  return {
    kind: "altcha",
    async challenge(action): Promise<BotChallenge> {
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 1,
        counter: randomInt(counterMax, counterMin),
        // Signed with the rest: an answer is good only for this action.
        data: { action },
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      });
      return { kind: "altcha", challenge: challenge as unknown as Record<string, unknown> };
    },
    async verify(token, context) {
      if (!token) throw new BotCheckMissing();
      const payload = parsePayload(token);
      if (!payload) throw new BotCheckFailed();
      let verified = false;
      let expired = false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge as unknown as Parameters<typeof verifySolution>[0]["challenge"],
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: signatureSecret,
          hmacKeySignatureSecret: keySecret,
        });
        verified = result.verified;
        expired = result.expired;
      } catch {
        verified = false;
      }
      if (expired) throw new BotCheckFailed("The bot check expired. Please try again.");
      if (!verified) throw new BotCheckFailed();
      const data = payload.challenge.parameters.data as { action?: unknown } | undefined;
      if (data?.action !== context.action) throw new BotCheckFailed();
      const signature = payload.challenge.signature ?? "";
      const key = `bot-check:${createHash("sha256").update(signature).digest("base64url").slice(0, 32)}`;
      const expiresAt = Number(payload.challenge.parameters.expiresAt);
      const until = new Date(Number.isFinite(expiresAt) ? expiresAt * 1000 : Date.now() + CHALLENGE_TTL_MS);
      if (!(await claimOnce(options.db, key, until))) {
        throw new BotCheckFailed("This bot check was already used. Please try again.");
      }
    },
  };
}
