// Fixed-window rate limits kept in PostgreSQL (table rate_limits), so every store instance behind a load
// balancer counts against the same window. Throttling only: a window always ends, so nobody is locked out
// of their account for longer than one window, whoever hammers it.
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/system.ts";
import { TooManyRequests } from "../errors.ts";

export interface RateLimitRule {
  /** What is counted, e.g. `sign-in:ip:203.0.113.9`; hashed before it is stored when it names a person. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  resetAt: Date;
  retryAfterSeconds: number;
}

/** A 429 that also says when to come back (sent as Retry-After). */
export class RateLimited extends TooManyRequests {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Keys that carry an e-mail address are stored as a hash: the table must not become a list of addresses. */
export function personKey(prefix: string, value: string): string {
  return `${prefix}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url").slice(0, 32)}`;
}

/**
 * Counts one request against `rule` in one atomic statement (insert, or bump the counter, or start a new
 * window when the old one has ended), so concurrent requests on any instance never both slip through.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const nowText = now.toISOString();
  const resetText = new Date(now.getTime() + rule.windowMs).toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, resetAt: new Date(resetText) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowText}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowText}::timestamptz then ${resetText}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, resetAt: row.resetAt, retryAfterSeconds };
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/**
 * Counts the request against every rule (all of them, so a blocked client keeps being counted) and throws
 * a RateLimited naming the wait when any is exceeded. `what` completes "Too many ...".
 */
export async function enforceRateLimits(db: Database, rules: RateLimitRule[], what: string): Promise<void> {
  const now = new Date();
  let wait = 0;
  for (const rule of rules) {
    const result = await consumeRateLimit(db, rule, now);
    if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
  }
  if (wait > 0) {
    throw new RateLimited(`Too many ${what}. Please wait ${waitText(wait)} and try again.`, wait);
  }
}

/** Forgets a counter, e.g. the failed sign-ins of an account once its owner has signed in. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Records a one-time value (a solved bot-check challenge) until `expiresAt`; false when it was seen
 * before. Uses the same table so the hourly clean-up removes it.
 */
export async function claimOnce(db: Database, key: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: expiresAt })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return inserted.length > 0;
}
