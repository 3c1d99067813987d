// Free shipping: the banner's "Orders over ${amount} Ships for FREE!", hidden when the amount is -1.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { centsToAmount } from "../../shared/money.ts";
import { NotFound } from "../errors.ts";
import { readShippingPolicy } from "../shipping/shipping-policy-store.ts";
import { productIsPublished } from "./published.ts";

/** What the API answers when no active policy offers free shipping. */
export const NO_FREE_SHIPPING = -1;

/**
 * The order subtotal above which shipping is free, in the store currency; -1 when no active policy has a
 * threshold. With several active policies the lowest threshold is the one a shopper can reach.
 */
export async function getFreeShippingAmount(db: Database): Promise<number> {
  // The policy in force is the one with the lowest threshold (services/shipping/shipping-policy-store.ts),
  // so the banner, the cart and the checkout name the same amount. Read now: staff and tests change it.
  const policy = await readShippingPolicy(db);
  const thresholdCents = policy?.freeShippingThresholdCents;
  return thresholdCents == null ? NO_FREE_SHIPPING : centsToAmount(thresholdCents);
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
