// Reads the active shipping policy and its rate table: the one reader of the policy for the cart,
// the checkout, the product page's estimate and the free-shipping amount.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { shippingPolicies, shippingRates } from "../../db/schema/commerce.ts";
import { createTtlCache } from "../ttl-cache.ts";
import type { ShippingPolicyData } from "./shipping-quote.ts";

type Reader = Pick<Database, "select">;

/**
 * The policy in force: with several active ones, the one with the lowest free-shipping threshold (the same
 * choice as GET /api/shippingPolicies/freeShippingAmount, so the banner and the cart agree). Null when the
 * store has no active policy.
 */
export function loadShippingPolicy(db: Reader): Promise<ShippingPolicyData | null> {
  // Read on every cart answer, changed by staff a few times a year: kept a few seconds per database handle,
  // and dropped at once by any store change (the settings page publishes one), like every TTL cache.
  // A transaction is its own handle, so order placement always reads the policy in force.
  return recent(db as Database, "policy", () => readShippingPolicy(db));
}

const POLICY_CACHE_MS = 5000;
const recent = createTtlCache<ShippingPolicyData | null>(POLICY_CACHE_MS, 1);

/** The policy in force, read now (loadShippingPolicy keeps it a few seconds). */
export async function readShippingPolicy(db: Reader): Promise<ShippingPolicyData | null> {
  const [policy] = await db
    .select({
      id: shippingPolicies.id,
      freeShippingThresholdCents: shippingPolicies.freeShippingThresholdCents,
      freeShippingRegion: shippingPolicies.freeShippingRegion,
    })
    .from(shippingPolicies)
    .where(eq(shippingPolicies.isActive, true))
    .orderBy(sql`${shippingPolicies.freeShippingThresholdCents} asc nulls last`, asc(shippingPolicies.id))
    .limit(1);
  if (!policy) return null;
  const rates = await db
    .select({
      id: shippingRates.id,
      name: shippingRates.name,
      minSubtotalCents: shippingRates.minSubtotalCents,
      maxSubtotalCents: shippingRates.maxSubtotalCents,
      minWeightGrams: shippingRates.minWeightGrams,
      maxWeightGrams: shippingRates.maxWeightGrams,
      priceCents: shippingRates.priceCents,
      position: shippingRates.position,
    })
    .from(shippingRates)
    .where(and(eq(shippingRates.policyId, policy.id)))
    .orderBy(asc(shippingRates.position), asc(shippingRates.id));
  return { ...policy, rates };
}
