// What one unit of a product costs to ship to the mainland US, for the product page's structured data
// (OfferShippingDetails.shippingRate): the same rate table and free-shipping rule as the cart.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products, variants } from "../../db/schema/catalog.ts";
import { loadShippingPolicy } from "./shipping-policy-store.ts";
import { quoteShippingOptions, type ShippingPolicyData } from "./shipping-quote.ts";

export interface ProductShippingInput {
  priceCents: number;
  weightGrams: number;
  /** The product may ship free (eligible and not oversized). */
  freeShippingEligible: boolean;
}

/** The cheapest option for a parcel of this one item, in cents; an unknown address is estimated as mainland. */
export function productShippingCents(policy: ShippingPolicyData | null, input: ProductShippingInput): number {
  const [cheapest] = quoteShippingOptions(policy, {
    subtotalCents: input.priceCents,
    weightGrams: input.weightGrams,
    allItemsEligible: input.freeShippingEligible,
    destination: null,
    freeShippingCode: false,
  });
  return cheapest.priceCents;
}

/** The shipping estimate of a product (its chosen variant's weight when one is given). */
export async function estimateProductShipping(
  db: Database,
  product: { productId: number; variantId: number | null; priceCents: number; freeShippingEligible: boolean },
): Promise<number> {
  const [policy, weight] = await Promise.all([
    loadShippingPolicy(db),
    db
      .select({ grams: sql<number>`coalesce(${variants.weightGrams}, ${products.weightGrams}, 0)` })
      .from(products)
      .leftJoin(
        variants,
        and(
          eq(variants.productId, products.id),
          product.variantId === null ? sql`false` : eq(variants.id, product.variantId),
        ),
      )
      .where(eq(products.id, product.productId))
      .limit(1),
  ]);
  return productShippingCents(policy, {
    priceCents: product.priceCents,
    weightGrams: Number(weight[0]?.grams ?? 0),
    freeShippingEligible: product.freeShippingEligible,
  });
}
