import { describe, expect, it } from "vitest";
import { productShippingCents } from "./product-shipping-estimate.ts";
import type { ShippingPolicyData } from "./shipping-quote.ts";

const band = (id: number, min: number, max: number | null, priceCents: number, minWeightGrams = 0) => ({
  id,
  name: priceCents === 0 ? "Free Ground" : minWeightGrams > 0 ? "Ground (heavy)" : "Ground",
  minSubtotalCents: min,
  maxSubtotalCents: max,
  minWeightGrams,
  maxWeightGrams: minWeightGrams > 0 ? null : 9072,
  priceCents,
  position: id,
});

const policy: ShippingPolicyData = {
  id: 1,
  freeShippingThresholdCents: 9900,
  freeShippingRegion: "US-mainland",
  rates: [band(1, 0, 2500, 795), band(2, 2500, 9900, 1295), band(3, 0, 9900, 2495, 9072), band(4, 9900, null, 0)],
};

describe("productShippingCents", () => {
  it("prices one unit from the rate table by its price and weight", () => {
    expect(productShippingCents(policy, { priceCents: 1999, weightGrams: 500, freeShippingEligible: true })).toBe(795);
    expect(productShippingCents(policy, { priceCents: 4999, weightGrams: 500, freeShippingEligible: true })).toBe(1295);
    expect(productShippingCents(policy, { priceCents: 4999, weightGrams: 12000, freeShippingEligible: true })).toBe(
      2495,
    );
  });

  it("is free above the threshold for an eligible product, and paid for one quoted separately", () => {
    expect(productShippingCents(policy, { priceCents: 62999, weightGrams: 500, freeShippingEligible: true })).toBe(0);
    expect(productShippingCents(policy, { priceCents: 62999, weightGrams: 500, freeShippingEligible: false })).toBe(
      1295,
    );
  });
});
