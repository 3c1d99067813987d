// How often a shopper may try discount codes and ask to add products to a placed order. Discount answers
// differ for an unknown, an inactive and an expired code, so unlimited tries would let a script list the
// store's codes; every Add to Order request e-mails the staff. Counted per session and per network (an
// IPv6 /64 counts as one address), and Add to Order also per order.
import { networkOf } from "../payments/payment-attempts.ts";
import type { RateLimitRule } from "../rate-limit/rate-limiter.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const DISCOUNT_CODE_LIMITS = { perSession: 10, perNetwork: 30, windowMs: 15 * MINUTE };
export const ADD_TO_ORDER_LIMITS = { perOrder: 5, perSession: 10, perNetwork: 20, windowMs: HOUR };

function clientRules(
  prefix: string,
  client: { sessionId: string | null; ip: string },
  limits: { perSession: number; perNetwork: number; windowMs: number },
): RateLimitRule[] {
  const rules: RateLimitRule[] = [
    { key: `${prefix}:net:${networkOf(client.ip)}`, limit: limits.perNetwork, windowMs: limits.windowMs },
  ];
  if (client.sessionId) {
    rules.push({ key: `${prefix}:session:${client.sessionId}`, limit: limits.perSession, windowMs: limits.windowMs });
  }
  return rules;
}

/** Applying a discount code (any answer counts: a valid code is tried once, a guess many times). */
export function discountCodeRules(client: { sessionId: string | null; ip: string }): RateLimitRule[] {
  return clientRules("discount", client, DISCOUNT_CODE_LIMITS);
}

/** Add to Order requests of this client. */
export function addToOrderRules(client: { sessionId: string | null; ip: string }): RateLimitRule[] {
  return clientRules("add-to-order", client, ADD_TO_ORDER_LIMITS);
}

/** Add to Order requests for one order, counted only once the caller is known to see it (no lockout by strangers). */
export function addToOrderOrderRules(orderId: number): RateLimitRule[] {
  return [
    {
      key: `add-to-order:order:${orderId}`,
      limit: ADD_TO_ORDER_LIMITS.perOrder,
      windowMs: ADD_TO_ORDER_LIMITS.windowMs,
    },
  ];
}
