// How often each account action may be tried. Counted per IP address and per account (or e-mail
// address), in fixed windows: enough for a person who mistypes, far too few for a script.
import { personKey, type RateLimitRule } from "../rate-limit/rate-limiter.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

// Counting order keeps strangers from locking an owner out. The per-IP counters are taken before the bot
// check (a client only slows itself). The per-account counters, which every IP shares, count only
// requests that passed the bot check, and at sign-in only wrong passwords: the right password with a
// passed bot check always signs in, whatever that count says.

export const SIGN_IN_LIMITS = { perAccountAndIp: 5, perAccount: 20, perIp: 30, windowMs: 15 * MINUTE };

/** Key of the counter forgotten after a successful sign-in (a person who got it right is not slowed later). */
export function signInAccountIpKey(email: string, ip: string): string {
  return personKey(`sign-in:account-ip:${ip}`, email);
}

/** Before the bot check: this client's attempts, on this account and on all. */
export function signInRules(email: string, ip: string): RateLimitRule[] {
  const { windowMs } = SIGN_IN_LIMITS;
  return [
    { key: signInAccountIpKey(email, ip), limit: SIGN_IN_LIMITS.perAccountAndIp, windowMs },
    { key: `sign-in:ip:${ip}`, limit: SIGN_IN_LIMITS.perIp, windowMs },
  ];
}

/**
 * Wrong passwords for one account across all addresses, counted after a passed bot check: past the limit
 * a wrong password answers 429 (a botnet guessing one account is told to wait), the right one still signs in.
 */
export function signInFailureRule(email: string): RateLimitRule {
  return {
    key: personKey("sign-in:account", email),
    limit: SIGN_IN_LIMITS.perAccount,
    windowMs: SIGN_IN_LIMITS.windowMs,
  };
}

export const ACCOUNT_MAIL_LIMITS = { perIp: 20, perAddressAndIp: 3, perAddress: 10, windowMs: HOUR };

/** Before the bot check: this client's sign-ups, in all and for one address. */
export function registerRules(email: string, ip: string): RateLimitRule[] {
  const { windowMs } = ACCOUNT_MAIL_LIMITS;
  return [
    { key: `register:ip:${ip}`, limit: ACCOUNT_MAIL_LIMITS.perIp, windowMs },
    { key: personKey(`register:email-ip:${ip}`, email), limit: ACCOUNT_MAIL_LIMITS.perAddressAndIp, windowMs },
  ];
}

/**
 * Reset requests and resent confirmations send mail: few per address and client (before the bot check),
 * and a bound per address across all clients counted only after a passed bot check, so nobody's inbox
 * can be flooded and nobody can spend an owner's allowance without paying for each request.
 */
export function mailRequestRules(kind: "reset" | "verification", email: string, ip: string): RateLimitRule[] {
  const { windowMs } = ACCOUNT_MAIL_LIMITS;
  return [
    { key: `${kind}:ip:${ip}`, limit: ACCOUNT_MAIL_LIMITS.perIp, windowMs },
    { key: personKey(`${kind}:email-ip:${ip}`, email), limit: ACCOUNT_MAIL_LIMITS.perAddressAndIp, windowMs },
  ];
}

/** After the bot check: mails (or sign-ups) for one address across all clients. */
export function addressRules(kind: "reset" | "verification" | "register", email: string): RateLimitRule[] {
  return [
    {
      key: personKey(`${kind}:email`, email),
      limit: ACCOUNT_MAIL_LIMITS.perAddress,
      windowMs: ACCOUNT_MAIL_LIMITS.windowMs,
    },
  ];
}

export function resetPasswordRules(ip: string): RateLimitRule[] {
  return [{ key: `reset-password:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE }];
}

/** The undo link of a recovery e-mail change is opened without a session: counted per client. */
export function undoRecoveryEmailRules(ip: string): RateLimitRule[] {
  return [{ key: `undo-recovery-email:ip:${ip}`, limit: 20, windowMs: 15 * MINUTE }];
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
