// How often a shopper may send a review or a question: enough for a person reviewing an order's parts,
// far too few for a script. Counted per client address (before the bot check, so a script only slows
// itself) and per account.
import type { RateLimitRule } from "../rate-limit/rate-limiter.ts";

const HOUR = 60 * 60 * 1000;

export const FEEDBACK_LIMITS = { perIp: 5, perCustomer: 10, windowMs: HOUR };

export function feedbackRules(kind: "review" | "question", ip: string, customerId: number | null): RateLimitRule[] {
  const rules: RateLimitRule[] = [{ key: `${kind}:ip:${ip}`, limit: FEEDBACK_LIMITS.perIp, windowMs: HOUR }];
  if (customerId !== null) {
    rules.push({ key: `${kind}:customer:${customerId}`, limit: FEEDBACK_LIMITS.perCustomer, windowMs: HOUR });
  }
  return rules;
}
