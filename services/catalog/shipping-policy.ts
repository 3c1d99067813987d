// Free shipping (spec shopping §9): "Orders over ${amount} Ships for FREE!", hidden when the amount is -1.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { shippingPolicies } from "../../db/schema/commerce.ts";
import { centsToAmount } from "../../shared/money.ts";
import { NotFound } from "../errors.ts";
import { productIsPublished } from "./published.ts";

/** What the API answers when no active policy offers free shipping. */
export const NO_FREE_SHIPPING = -1;

/**
 * The order subtotal above which shipping is free, in the store currency; -1 when no active policy has a
 * threshold. With several active policies the lowest threshold is the one a shopper can reach.
 */
export async function getFreeShippingAmount(db: Database): Promise<number> {
  const [policy] = await db
    .select({ thresholdCents: shippingPolicies.freeShippingThresholdCents })
    .from(shippingPolicies)
    .where(and(eq(shippingPolicies.isActive, true), isNotNull(shippingPolicies.freeShippingThresholdCents)))
    .orderBy(asc(shippingPolicies.freeShippingThresholdCents), asc(shippingPolicies.id))
    .limit(1);
  return policy?.thresholdCents == null ? NO_FREE_SHIPPING : centsToAmount(policy.thresholdCents);
}

/**
 * Free shipping needs an eligible, normal-sized product and an active policy with a threshold.
 * `freeShippingAmount` lets a caller that already holds the amount (the product page's cached one) pass it.
 */
export async function isProductEligibleForFreeShipping(
  db: Database,
  handle: string,
  freeShippingAmount: () => Promise<number> = () => getFreeShippingAmount(db),
): Promise<boolean> {
  const [row] = await db
    .select({ eligible: sql<boolean>`(${products.freeShippingEligible} and not ${products.oversized})` })
    .from(products)
    .where(and(eq(products.handle, handle), productIsPublished()))
    .limit(1);
  if (!row) throw new NotFound(`No product with the handle "${handle}".`);
  if (!row.eligible) return false;
  return (await freeShippingAmount()) !== NO_FREE_SHIPPING;
}
