// Card testing: a script that runs stolen card numbers through the order form to find the live ones.
// Payment attempts are counted per session, per customer and per network (an IPv4 address, or an IPv6
// /64: one household or server gets a whole /64), a refused payment makes every later attempt from the
// same session or customer (and, after a few, network) pass the bot check for an hour; every refusal reads the same to
// the payer, so a script cannot tell a dead card from one short of funds. The processor's reason stays in
// the transaction record and the log.

import { isIP } from "node:net";
import { and, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/system.ts";
import type { BotCheck } from "../bot-check/bot-check.ts";
import { InvalidInput } from "../errors.ts";
import { PaymentDeclined } from "../orders/place-order.ts";
import { enforceRateLimits, type RateLimitRule } from "../rate-limit/rate-limiter.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Payment attempts (Place order, POST /api/checkouts/{id}/complete) per hour. */
export const PAYMENT_ATTEMPT_LIMITS = { perSession: 10, perCustomer: 10, perNetwork: 50, windowMs: HOUR };
/**
 * How long after a refused payment the bot check is asked for: from that session and customer after the
 * first refusal, from the whole network (many shoppers may share one address) after a few.
 */
export const BOT_CHECK_AFTER_REFUSAL_MS = HOUR;
export const NETWORK_REFUSALS_BEFORE_BOT_CHECK = 10;

/** The one answer to every refused payment (declined, short of funds, processor error, failed capture). */
export const PAYMENT_REFUSED =
  "Your payment could not be completed. Please check the card details or use another card, or call us and we will help.";
export const PAYMENT_BOT_CHECK_NEEDED =
  "Please complete the bot check to try your payment again. Make sure JavaScript is enabled in your browser.";

/** The refusal the payer sees; the reason itself is logged and kept on the transaction. */
export class PaymentRefused extends PaymentDeclined {
  readonly botCheckRequired = true;
  constructor() {
    super(PAYMENT_REFUSED);
  }
}

export interface PaymentClient {
  sessionId: string | null;
  customerId: number | null;
  /** The client address as the store sees it (null when unknown, e.g. a page behind no trusted proxy). */
  ip: string | null;
}

/** An IPv4 address as it is; an IPv6 address as its /64 network (the part one subscriber is given). */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}

function subjects(client: PaymentClient): string[] {
  const list: string[] = [];
  if (client.sessionId) list.push(`session:${client.sessionId}`);
  if (client.customerId !== null) list.push(`customer:${client.customerId}`);
  if (client.ip) list.push(`net:${networkOf(client.ip)}`);
  return list;
}

export function paymentAttemptRules(client: PaymentClient): RateLimitRule[] {
  const { windowMs } = PAYMENT_ATTEMPT_LIMITS;
  const rules: RateLimitRule[] = [];
  if (client.sessionId) {
    rules.push({ key: `pay:session:${client.sessionId}`, limit: PAYMENT_ATTEMPT_LIMITS.perSession, windowMs });
  }
  if (client.customerId !== null) {
    rules.push({ key: `pay:customer:${client.customerId}`, limit: PAYMENT_ATTEMPT_LIMITS.perCustomer, windowMs });
  }
  if (client.ip) {
    rules.push({ key: `pay:net:${networkOf(client.ip)}`, limit: PAYMENT_ATTEMPT_LIMITS.perNetwork, windowMs });
  }
  return rules;
}

const refusalKey = (subject: string) => `pay-refused:${subject}`;

/** True when this session or customer had a payment refused within the last hour, or its network a few. */
export async function paymentBotCheckRequired(db: Database, client: PaymentClient): Promise<boolean> {
  const keys = subjects(client).map(refusalKey);
  if (keys.length === 0) return false;
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, new Date())));
  return rows.some((row) => !row.key.startsWith(refusalKey("net:")) || row.count >= NETWORK_REFUSALS_BEFORE_BOT_CHECK);
}

async function rememberRefusal(db: Database, client: PaymentClient, now = new Date()): Promise<void> {
  const until = new Date(now.getTime() + BOT_CHECK_AFTER_REFUSAL_MS);
  for (const subject of subjects(client)) {
    await db
      .insert(rateLimits)
      .values({ key: refusalKey(subject), count: 1, resetAt: until })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          resetAt: until,
        },
      });
  }
}

export interface PaymentAttemptOptions {
  db: Database;
  botCheck: BotCheck;
  client: PaymentClient;
  /** The bot-check answer sent with the attempt, if any. */
  botToken: string | undefined;
  /** Where the processor's reason goes (the request log). */
  logRefusal: (reason: string) => void;
}

/**
 * Runs one payment attempt: counts it, asks for the bot check after a recent refusal, and turns any
 * refusal into the one PaymentRefused answer (remembering it, so the next attempt needs the bot check).
 */
export async function attemptPayment<T>(options: PaymentAttemptOptions, pay: () => Promise<T>): Promise<T> {
  const { db, client } = options;
  await enforceRateLimits(db, paymentAttemptRules(client), "payment attempts");
  if (await paymentBotCheckRequired(db, client)) {
    if (!options.botToken) throw new PaymentBotCheckNeeded();
    await options.botCheck.verify(options.botToken, { action: "checkout", ipAddress: client.ip ?? undefined });
  }
  try {
    return await pay();
  } catch (error) {
    if (!(error instanceof PaymentDeclined) || error.cardField) throw error;
    options.logRefusal(error.message);
    await rememberRefusal(db, client);
    throw new PaymentRefused();
  }
}

/** No bot-check answer with an attempt that needs one: 400, and the page shows the check. */
export class PaymentBotCheckNeeded extends InvalidInput {
  readonly botCheckRequired = true;
  constructor() {
    super(PAYMENT_BOT_CHECK_NEEDED);
  }
}
