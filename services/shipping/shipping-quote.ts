// Shipping for a checkout: free when the discounted merchandise subtotal reaches the policy's threshold
// (or a free-shipping code applies), every item is eligible and the parcel goes to the mainland US;
// otherwise the rate table (by subtotal and weight) of the active policy. Pure: the database part is
// in shipping-policy-store.ts, so the rules are unit-tested without one.

export interface ShippingRateRow {
  id: number;
  name: string;
  minSubtotalCents: number;
  maxSubtotalCents: number | null;
  minWeightGrams: number;
  maxWeightGrams: number | null;
  priceCents: number;
  position: number;
}

export interface ShippingPolicyData {
  id: number;
  freeShippingThresholdCents: number | null;
  /** 'US-mainland' limits free shipping to the 48 contiguous states and DC; null means anywhere. */
  freeShippingRegion: string | null;
  rates: ShippingRateRow[];
}

export interface ShippingDestination {
  countryCode: string | null;
  stateCode: string | null;
}

export interface ShippingQuoteInput {
  /** Merchandise subtotal after discounts: a code that lowers the subtotal below the threshold costs free shipping. */
  subtotalCents: number;
  weightGrams: number;
  /** False when any line is oversized or excluded from free shipping ("quoted separately"). */
  allItemsEligible: boolean;
  /** Null before the shopper gave an address: the cart estimates for the mainland US. */
  destination: ShippingDestination | null;
  /** A free-shipping discount code is applied (it waives the threshold, not the other conditions). */
  freeShippingCode: boolean;
}

export interface ShippingOption {
  /** The rate this option comes from; null for the built-in option of a store without rates. */
  rateId: number | null;
  title: string;
  priceCents: number;
  free: boolean;
}

export const DEFAULT_SHIPPING_TITLE = "Standard Shipping";
export const US_MAINLAND = "US-mainland";

/** US states and territories outside the contiguous 48 (plus DC): carriers charge extra, so no free shipping. */
const NON_MAINLAND_US = new Set(["AK", "HI", "PR", "GU", "VI", "AS", "MP", "UM", "AA", "AE", "AP", "FM", "MH", "PW"]);

export function isMainlandUs(destination: ShippingDestination): boolean {
  if ((destination.countryCode ?? "").toUpperCase() !== "US") return false;
  const state = (destination.stateCode ?? "").toUpperCase();
  return state !== "" && !NON_MAINLAND_US.has(state);
}

function inRange(value: number, min: number, max: number | null): boolean {
  return value >= min && (max === null || value < max);
}

/** Whether the destination may ship free under the policy; an unknown destination is estimated as mainland. */
export function destinationQualifiesForFreeShipping(
  policy: Pick<ShippingPolicyData, "freeShippingRegion">,
  destination: ShippingDestination | null,
): boolean {
  if (policy.freeShippingRegion !== US_MAINLAND) return true;
  return destination === null || isMainlandUs(destination);
}

/**
 * The shipping options for a parcel, cheapest first. Rates that match both the subtotal and the weight
 * apply; when several share a name the first by position wins (a name is one service, its rows are bands).
 * When free shipping applies, the cheapest option is free (a zero-priced rate such as "Free Ground", or the
 * cheapest paid one made free by a free-shipping code). A parcel that cannot ship free (outside the
 * mainland, an oversized item) is priced as the largest order below the threshold, since the table's bands
 * above it are the free ones, and zero-priced rates are not offered to it. A policy with rates but none
 * matching (an unusually heavy parcel) falls back to its most expensive rate rather than to free.
 */
export function quoteShippingOptions(policy: ShippingPolicyData | null, input: ShippingQuoteInput): ShippingOption[] {
  const rates = [...(policy?.rates ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
  const free = policy !== null && qualifiesForFreeShipping(policy, input);
  const threshold = policy?.freeShippingThresholdCents ?? null;
  const subtotal =
    !free && threshold !== null && input.subtotalCents >= threshold ? Math.max(0, threshold - 1) : input.subtotalCents;
  let matching = rates.filter(
    (rate) =>
      (free || rate.priceCents > 0) &&
      inRange(subtotal, rate.minSubtotalCents, rate.maxSubtotalCents) &&
      inRange(input.weightGrams, rate.minWeightGrams, rate.maxWeightGrams),
  );
  if (matching.length === 0) {
    const paid = rates.filter((rate) => rate.priceCents > 0);
    if (paid.length > 0) matching = [paid.reduce((max, rate) => (rate.priceCents > max.priceCents ? rate : max))];
  }
  const byName = new Map<string, ShippingOption>();
  for (const rate of matching) {
    if (!byName.has(rate.name)) {
      byName.set(rate.name, {
        rateId: rate.id,
        title: rate.name,
        priceCents: rate.priceCents,
        free: rate.priceCents === 0,
      });
    }
  }
  if (byName.size === 0) return [{ rateId: null, title: DEFAULT_SHIPPING_TITLE, priceCents: 0, free: true }];
  const options = [...byName.values()].sort((a, b) => a.priceCents - b.priceCents || (a.rateId ?? 0) - (b.rateId ?? 0));
  if (free && options[0].priceCents > 0) options[0] = { ...options[0], priceCents: 0, free: true };
  return options;
}

export function qualifiesForFreeShipping(policy: ShippingPolicyData, input: ShippingQuoteInput): boolean {
  if (!input.allItemsEligible) return false;
  if (!destinationQualifiesForFreeShipping(policy, input.destination)) return false;
  if (input.freeShippingCode) return true;
  return policy.freeShippingThresholdCents !== null && input.subtotalCents >= policy.freeShippingThresholdCents;
}

/** The option the shopper chose when it is still offered, else the cheapest. */
export function chooseShippingOption(options: ShippingOption[], chosenRateId: number | null): ShippingOption {
  return options.find((option) => chosenRateId !== null && option.rateId === chosenRateId) ?? options[0];
}
