// What one unit of a product costs to ship to the mainland US, for the product page's structured data
// (OfferShippingDetails.shippingRate): the same rate table and free-shipping rule as the cart.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products, variants } from "../../db/schema/catalog.ts";
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

/** A product's shipping weight in grams: its chosen variant's when one is given and set, else the product's. */
export async function productWeightGrams(db: Database, productId: number, variantId: number | null): Promise<number> {
  const [row] = await db
    .select({ grams: sql<number>`coalesce(${variants.weightGrams}, ${products.weightGrams}, 0)` })
    .from(products)
    .leftJoin(
      variants,
      and(eq(variants.productId, products.id), variantId === null ? sql`false` : eq(variants.id, variantId)),
    )
    .where(eq(products.id, productId))
    .limit(1);
  return Number(row?.grams ?? 0);
}
