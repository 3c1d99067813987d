import { describe, expect, test } from "vitest";
import {
  isMainlandUs,
  quoteShippingOptions,
  type ShippingPolicyData,
  type ShippingQuoteInput,
} from "./shipping-quote.ts";

// The demo store's shape: ground bands below $99, free ground above it, a heavy tier, an air service.
const policy: ShippingPolicyData = {
  id: 1,
  freeShippingThresholdCents: 9900,
  freeShippingRegion: "US-mainland",
  rates: [
    {
      id: 1,
      name: "Ground",
      minSubtotalCents: 0,
      maxSubtotalCents: 2500,
      minWeightGrams: 0,
      maxWeightGrams: 9072,
      priceCents: 795,
      position: 0,
    },
    {
      id: 2,
      name: "Ground",
      minSubtotalCents: 2500,
      maxSubtotalCents: 9900,
      minWeightGrams: 0,
      maxWeightGrams: 9072,
      priceCents: 1295,
      position: 1,
    },
    {
      id: 3,
      name: "Ground (heavy)",
      minSubtotalCents: 0,
      maxSubtotalCents: 9900,
      minWeightGrams: 9072,
      maxWeightGrams: null,
      priceCents: 2495,
      position: 2,
    },
    {
      id: 4,
      name: "Free Ground",
      minSubtotalCents: 9900,
      maxSubtotalCents: null,
      minWeightGrams: 0,
      maxWeightGrams: null,
      priceCents: 0,
      position: 3,
    },
    {
      id: 5,
      name: "2-Day Air",
      minSubtotalCents: 0,
      maxSubtotalCents: null,
      minWeightGrams: 0,
      maxWeightGrams: 9072,
      priceCents: 2995,
      position: 4,
    },
  ],
};

const base: ShippingQuoteInput = {
  subtotalCents: 5000,
  weightGrams: 2000,
  allItemsEligible: true,
  destination: { countryCode: "US", stateCode: "TX" },
  freeShippingCode: false,
};
const quote = (input: Partial<ShippingQuoteInput>) =>
  quoteShippingOptions(policy, { ...base, ...input }).map((option) => [option.title, option.priceCents]);

describe("mainland US", () => {
  test.each([
    [{ countryCode: "US", stateCode: "CA" }, true],
    [{ countryCode: "us", stateCode: "dc" }, true],
    [{ countryCode: "US", stateCode: "HI" }, false],
    [{ countryCode: "US", stateCode: "AK" }, false],
    [{ countryCode: "US", stateCode: "PR" }, false],
    [{ countryCode: "US", stateCode: null }, false],
    [{ countryCode: "CA", stateCode: "ON" }, false],
  ])("%o -> %s", (destination, expected) => {
    expect(isMainlandUs(destination)).toBe(expected);
  });
});

describe("quoteShippingOptions", () => {
  test("below the threshold: the matching ground band and the air service, cheapest first", () => {
    expect(quote({ subtotalCents: 1000 })).toEqual([
      ["Ground", 795],
      ["2-Day Air", 2995],
    ]);
    expect(quote({ subtotalCents: 2500 })).toEqual([
      ["Ground", 1295],
      ["2-Day Air", 2995],
    ]);
  });

  test("at the threshold to the mainland: free ground; air stays paid", () => {
    expect(quote({ subtotalCents: 9900 })).toEqual([
      ["Free Ground", 0],
      ["2-Day Air", 2995],
    ]);
  });

  test("an unknown destination (the cart) is estimated as mainland", () => {
    expect(quote({ subtotalCents: 12000, destination: null })).toEqual([
      ["Free Ground", 0],
      ["2-Day Air", 2995],
    ]);
  });

  test("Hawaii, Canada or an oversized item above the threshold pay the top ground band", () => {
    expect(quote({ subtotalCents: 12000, destination: { countryCode: "US", stateCode: "HI" } })).toEqual([
      ["Ground", 1295],
      ["2-Day Air", 2995],
    ]);
    expect(quote({ subtotalCents: 12000, destination: { countryCode: "CA", stateCode: "ON" } })[0]).toEqual([
      "Ground",
      1295,
    ]);
    expect(quote({ subtotalCents: 12000, allItemsEligible: false })[0]).toEqual(["Ground", 1295]);
  });

  test("a heavy parcel takes the heavy tier; beyond every rate, the most expensive rate (never free)", () => {
    expect(quote({ subtotalCents: 3000, weightGrams: 20_000 })).toEqual([["Ground (heavy)", 2495]]);
    const noMatch: ShippingPolicyData = { ...policy, rates: policy.rates.filter((rate) => rate.id !== 3) };
    expect(
      quoteShippingOptions(noMatch, { ...base, subtotalCents: 3000, weightGrams: 20_000 }).map((o) => [
        o.title,
        o.priceCents,
      ]),
    ).toEqual([["2-Day Air", 2995]]);
  });

  test("a free-shipping code makes the cheapest option free below the threshold, only where free shipping applies", () => {
    expect(quote({ subtotalCents: 1000, freeShippingCode: true })).toEqual([
      ["Ground", 0],
      ["2-Day Air", 2995],
    ]);
    expect(
      quote({ subtotalCents: 1000, freeShippingCode: true, destination: { countryCode: "US", stateCode: "AK" } })[0],
    ).toEqual(["Ground", 795]);
    expect(quote({ subtotalCents: 1000, freeShippingCode: true, allItemsEligible: false })[0]).toEqual(["Ground", 795]);
  });

  test("a store without rates ships at no charge; a policy without a threshold never ships free", () => {
    expect(quoteShippingOptions(null, base)).toEqual([
      { rateId: null, title: "Standard Shipping", priceCents: 0, free: true },
    ]);
    const noFree: ShippingPolicyData = {
      ...policy,
      freeShippingThresholdCents: null,
      rates: policy.rates.filter((r) => r.priceCents > 0),
    };
    expect(quoteShippingOptions(noFree, { ...base, subtotalCents: 50_000 }).map((o) => o.priceCents)).toEqual([2995]);
  });
});
