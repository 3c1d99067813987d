import { describe, expect, test } from "vitest";
import type { DiscountCodeData } from "../discounts/discount-rules.ts";
import type { ShippingPolicyData } from "../shipping/shipping-quote.ts";
import { computeCheckoutTotals, salesTaxCents, type TotalsInput } from "./checkout-totals.ts";

const policy: ShippingPolicyData = {
  id: 1,
  freeShippingThresholdCents: 9900,
  freeShippingRegion: "US-mainland",
  rates: [
    {
      id: 1,
      name: "Ground",
      minSubtotalCents: 0,
      maxSubtotalCents: 9900,
      minWeightGrams: 0,
      maxWeightGrams: null,
      priceCents: 995,
      position: 0,
    },
    {
      id: 2,
      name: "Free Ground",
      minSubtotalCents: 9900,
      maxSubtotalCents: null,
      minWeightGrams: 0,
      maxWeightGrams: null,
      priceCents: 0,
      position: 1,
    },
    {
      id: 3,
      name: "Overnight",
      minSubtotalCents: 0,
      maxSubtotalCents: null,
      minWeightGrams: 0,
      maxWeightGrams: null,
      priceCents: 4500,
      position: 2,
    },
  ],
};
const code = (patch: Partial<DiscountCodeData>): DiscountCodeData => ({
  id: 1,
  code: "C",
  title: "C",
  kind: "percentage",
  percentOff: 10,
  amountOffCents: null,
  minimumSubtotalCents: 0,
  startsAt: new Date(0),
  endsAt: null,
  usageLimit: null,
  usageCount: 0,
  oncePerCustomer: false,
  isActive: true,
  appliesTo: "all",
  ...patch,
});
const line = (unitPriceCents: number, quantity: number, freeShippingEligible = true) => ({
  unitPriceCents,
  quantity,
  freeShippingEligible,
  weightGrams: 500,
});
const input = (patch: Partial<TotalsInput>): TotalsInput => ({
  lines: [],
  discountCode: null,
  policy,
  destination: null,
  chosenRateId: null,
  now: new Date(),
  alreadyRedeemed: false,
  currency: "USD",
  ...patch,
});

describe("computeCheckoutTotals", () => {
  test("an empty cart costs nothing and ships nothing", () => {
    const totals = computeCheckoutTotals(input({}));
    expect(totals).toMatchObject({
      lineItemsSubtotalCents: 0,
      subtotalCents: 0,
      shippingCents: 0,
      totalCents: 0,
      shipping: null,
      totalQuantity: 0,
    });
  });

  test("subtotal = sum of unit price x quantity; total = subtotal + shipping", () => {
    const totals = computeCheckoutTotals(input({ lines: [line(1999, 2), line(1250, 1)] }));
    expect(totals).toMatchObject({
      lineItemsSubtotalCents: 5248,
      discountCents: 0,
      subtotalCents: 5248,
      shippingCents: 995,
      totalCents: 6243,
      totalQuantity: 3,
      weightGrams: 1500,
    });
  });

  test("a discount lowers the subtotal; the shipping threshold is measured after it", () => {
    const totals = computeCheckoutTotals(input({ lines: [line(10_500, 1)], discountCode: code({ percentOff: 10 }) }));
    expect(totals).toMatchObject({
      lineItemsSubtotalCents: 10_500,
      discountCents: 1050,
      subtotalCents: 9450,
      shippingCents: 995,
      totalCents: 10_445,
    });
    expect(totals.discount?.problem).toBeNull();
  });

  test("a code that does not apply is kept with its reason and takes nothing off", () => {
    const totals = computeCheckoutTotals(
      input({
        lines: [line(1000, 1)],
        discountCode: code({ kind: "fixed_amount", percentOff: null, amountOffCents: 500, minimumSubtotalCents: 5000 }),
      }),
    );
    expect(totals.discountCents).toBe(0);
    expect(totals.discount?.problem?.reason).toBe("minimum_not_met");
  });

  test("free shipping: over the threshold, or with a free-shipping code, unless an item is excluded", () => {
    expect(computeCheckoutTotals(input({ lines: [line(9900, 1)] })).shipping).toMatchObject({
      title: "Free Ground",
      priceCents: 0,
    });
    const code10 = code({ kind: "free_shipping", percentOff: null });
    expect(computeCheckoutTotals(input({ lines: [line(1000, 1)], discountCode: code10 })).shippingCents).toBe(0);
    expect(
      computeCheckoutTotals(input({ lines: [line(1000, 1), line(500, 1, false)], discountCode: code10 })).shippingCents,
    ).toBe(995);
  });

  test("the chosen shipping method is kept while offered, else the cheapest", () => {
    const lines = [line(2000, 1)];
    expect(computeCheckoutTotals(input({ lines, chosenRateId: 3 })).shipping).toMatchObject({
      title: "Overnight",
      priceCents: 4500,
    });
    expect(computeCheckoutTotals(input({ lines, chosenRateId: 2 })).shipping).toMatchObject({ title: "Ground" });
  });
});

describe("sales tax", () => {
  test("is rounded once per order, half a cent up", () => {
    // 7.25 % of $19.99 = 144.9275 cents; 6.25 % of $0.40 = 2.5 cents.
    expect(salesTaxCents(1999, 72_500)).toBe(145);
    expect(salesTaxCents(40, 62_500)).toBe(3);
    expect(salesTaxCents(39, 62_500)).toBe(2);
    // 6.625 % stays exact in parts per million.
    expect(salesTaxCents(10_000, 66_250)).toBe(663);
    expect(salesTaxCents(0, 72_500)).toBe(0);
    expect(salesTaxCents(1999, 0)).toBe(0);
  });

  test("is taken on the whole order, not rounded line by line", () => {
    // Three lines of $0.10 at 7.25 %: 0.725 cents each (1 cent each if rounded per line), 2.175 for the order.
    const totals = computeCheckoutTotals(input({ lines: [line(10, 1), line(10, 1), line(10, 1)], taxRatePpm: 72_500 }));
    expect(totals.taxCents).toBe(2);
  });

  test("applies to the merchandise after the discount; shipping is not taxed", () => {
    const totals = computeCheckoutTotals(
      input({ lines: [line(10_500, 1)], discountCode: code({ percentOff: 10 }), taxRatePpm: 62_500 }),
    );
    // $94.50 after 10 % off, below free shipping: $9.95 ground, untaxed. 6.25 % of 9450 = 590.625.
    expect(totals).toMatchObject({ subtotalCents: 9450, shippingCents: 995, taxRatePpm: 62_500, taxCents: 591 });
    expect(totals.totalCents).toBe(9450 + 995 + 591);
  });

  test("no rate, no tax; an empty cart owes none", () => {
    expect(computeCheckoutTotals(input({ lines: [line(1999, 1)] })).taxCents).toBe(0);
    expect(computeCheckoutTotals(input({ taxRatePpm: 72_500 }))).toMatchObject({ taxCents: 0, totalCents: 0 });
  });
});
