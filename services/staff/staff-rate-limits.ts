// Staff sign-in is limited like shoppers' (services/account/rate-limit-rules.ts), on counters of its own.
import { SIGN_IN_LIMITS } from "../account/rate-limit-rules.ts";
import { personKey, type RateLimitRule } from "../rate-limit/rate-limiter.ts";

const MINUTE = 60 * 1000;

export function staffSignInAccountIpKey(email: string, ip: string): string {
  return personKey(`staff-sign-in:account-ip:${ip}`, email);
}

/** Before the bot check: this client's attempts, on this account and on all. */
export function staffSignInRules(email: string, ip: string): RateLimitRule[] {
  const { windowMs } = SIGN_IN_LIMITS;
  return [
    { key: staffSignInAccountIpKey(email, ip), limit: SIGN_IN_LIMITS.perAccountAndIp, windowMs },
    { key: `staff-sign-in:ip:${ip}`, limit: SIGN_IN_LIMITS.perIp, windowMs },
  ];
}

/** Wrong passwords for one staff account from all addresses (after a passed bot check). */
export function staffSignInFailureRule(email: string): RateLimitRule {
  return {
    key: personKey("staff-sign-in:account", email),
    limit: SIGN_IN_LIMITS.perAccount,
    windowMs: SIGN_IN_LIMITS.windowMs,
  };
}

/** Two-step codes: a 6-digit code must not be guessable in a session's lifetime. */
export function twoStepRules(staffId: number, ip: string): RateLimitRule[] {
  return [
    { key: `staff-two-step:staff:${staffId}`, limit: 10, windowMs: 15 * MINUTE },
    { key: `staff-two-step:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE },
  ];
}
