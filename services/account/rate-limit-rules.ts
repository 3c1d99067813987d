// How often each account action may be tried. Counted per IP address and per account (or e-mail
// address), in fixed windows: enough for a person who mistypes, far too few for a script.
import { personKey, type RateLimitRule } from "../rate-limit/rate-limiter.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const SIGN_IN_LIMITS = { perAccountAndIp: 5, perAccount: 20, perIp: 30, windowMs: 15 * MINUTE };

/** Key of the counter forgotten after a successful sign-in (a person who got it right is not slowed later). */
export function signInAccountIpKey(email: string, ip: string): string {
  return personKey(`sign-in:account-ip:${ip}`, email);
}

export function signInRules(email: string, ip: string): RateLimitRule[] {
  const { windowMs } = SIGN_IN_LIMITS;
  return [
    { key: signInAccountIpKey(email, ip), limit: SIGN_IN_LIMITS.perAccountAndIp, windowMs },
    // Across all addresses: a botnet guessing one account is slowed too, without locking it for good.
    { key: personKey("sign-in:account", email), limit: SIGN_IN_LIMITS.perAccount, windowMs },
    { key: `sign-in:ip:${ip}`, limit: SIGN_IN_LIMITS.perIp, windowMs },
  ];
}

export function registerRules(email: string, ip: string): RateLimitRule[] {
  return [
    { key: `register:ip:${ip}`, limit: 20, windowMs: HOUR },
    { key: personKey("register:email", email), limit: 3, windowMs: HOUR },
  ];
}

/** Reset requests and resent confirmations send mail: few per address, so nobody's inbox can be flooded. */
export function mailRequestRules(kind: "reset" | "verification", email: string, ip: string): RateLimitRule[] {
  return [
    { key: `${kind}:ip:${ip}`, limit: 20, windowMs: HOUR },
    { key: personKey(`${kind}:email`, email), limit: 3, windowMs: HOUR },
  ];
}

export function resetPasswordRules(ip: string): RateLimitRule[] {
  return [{ key: `reset-password:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE }];
}

export function changePasswordRules(userId: number): RateLimitRule[] {
  return [{ key: `change-password:user:${userId}`, limit: 10, windowMs: 15 * MINUTE }];
}

export function recoveryEmailRules(userId: number, what: "update" | "verify"): RateLimitRule[] {
  return [{ key: `recovery-email-${what}:user:${userId}`, limit: what === "verify" ? 3 : 10, windowMs: HOUR }];
}

export const NEWSLETTER_LIMITS = { perIp: 10, perEmail: 3, windowMs: HOUR };

export function newsletterRules(email: string, ip: string): RateLimitRule[] {
  return [
    { key: `newsletter:ip:${ip}`, limit: NEWSLETTER_LIMITS.perIp, windowMs: NEWSLETTER_LIMITS.windowMs },
    {
      key: personKey("newsletter:email", email),
      limit: NEWSLETTER_LIMITS.perEmail,
      windowMs: NEWSLETTER_LIMITS.windowMs,
    },
  ];
}

/** Saving cards is where stolen numbers get tested: a handful per hour is plenty for a shopper. */
export function addCardRules(userId: number, ip: string): RateLimitRule[] {
  return [
    { key: `add-card:user:${userId}`, limit: 10, windowMs: HOUR },
    { key: `add-card:ip:${ip}`, limit: 20, windowMs: HOUR },
  ];
}
