import { describe, expect, test } from "vitest";
import {
  checkDiscount,
  type DiscountCodeData,
  discountAmountCents,
  eligibleSubtotalCents,
  normalizeDiscountCode,
} from "./discount-rules.ts";

const now = new Date("2026-06-15T12:00:00Z");
const code = (patch: Partial<DiscountCodeData>): DiscountCodeData => ({
  id: 1,
  code: "SAVE",
  title: "Save",
  kind: "percentage",
  percentOff: 10,
  amountOffCents: null,
  minimumSubtotalCents: 0,
  startsAt: new Date("2026-01-01T00:00:00Z"),
  endsAt: null,
  usageLimit: null,
  usageCount: 0,
  oncePerCustomer: false,
  isActive: true,
  appliesTo: "all",
  ...patch,
});
const context = { subtotalCents: 10_000, now, alreadyRedeemed: false, currency: "USD" };

describe("checkDiscount", () => {
  test("a valid code applies", () => {
    expect(checkDiscount(code({}), context)).toBeNull();
  });

  test.each([
    ["inactive", { isActive: false }, "The discount code SAVE is no longer active."],
    [
      "not_started",
      { startsAt: new Date("2026-07-01T00:00:00Z") },
      "The discount code SAVE is not active yet. It starts on July 1, 2026.",
    ],
    ["expired", { endsAt: new Date("2026-06-01T00:00:00Z") }, "The discount code SAVE expired on June 1, 2026."],
    ["usage_limit_reached", { usageLimit: 5, usageCount: 5 }, "The discount code SAVE has reached its usage limit."],
    [
      "minimum_not_met",
      { minimumSubtotalCents: 15_000 },
      "The discount code SAVE needs a subtotal of at least $150.00. Add $50.00 more to use it.",
    ],
  ])("%s", (reason, patch, message) => {
    expect(checkDiscount(code(patch), context)).toEqual({ reason, message });
  });

  test("once per customer: refused when the account, e-mail or IP address redeemed it", () => {
    expect(checkDiscount(code({ oncePerCustomer: true }), context)).toBeNull();
    expect(checkDiscount(code({ oncePerCustomer: true }), { ...context, alreadyRedeemed: true })).toEqual({
      reason: "already_used",
      message: "The discount code SAVE has already been used. One Redemption Per Account/IP Address Only.",
    });
    // An earlier redemption does not matter for a code without the rule.
    expect(checkDiscount(code({}), { ...context, alreadyRedeemed: true })).toBeNull();
  });

  test("the end instant is exclusive; the start instant inclusive", () => {
    expect(checkDiscount(code({ endsAt: now }), context)?.reason).toBe("expired");
    expect(checkDiscount(code({ startsAt: now }), context)).toBeNull();
  });
});

describe("discountAmountCents", () => {
  test("percentages round half up to the cent and use two-decimal percents exactly", () => {
    expect(discountAmountCents({ kind: "percentage", percentOff: 10, amountOffCents: null }, 1999)).toBe(200);
    expect(discountAmountCents({ kind: "percentage", percentOff: 12.5, amountOffCents: null }, 1001)).toBe(125);
    expect(discountAmountCents({ kind: "percentage", percentOff: 33.33, amountOffCents: null }, 10_000)).toBe(3333);
    expect(discountAmountCents({ kind: "percentage", percentOff: 100, amountOffCents: null }, 4321)).toBe(4321);
  });

  test("a fixed amount never exceeds the subtotal; free shipping takes nothing off the items", () => {
    expect(discountAmountCents({ kind: "fixed_amount", percentOff: null, amountOffCents: 2500 }, 10_000)).toBe(2500);
    expect(discountAmountCents({ kind: "fixed_amount", percentOff: null, amountOffCents: 2500 }, 1000)).toBe(1000);
    expect(discountAmountCents({ kind: "free_shipping", percentOff: null, amountOffCents: null }, 1000)).toBe(0);
    expect(discountAmountCents({ kind: "percentage", percentOff: 10, amountOffCents: null }, 0)).toBe(0);
  });
});

test("codes are compared upper-cased and trimmed", () => {
  expect(normalizeDiscountCode("  first10 ")).toBe("FIRST10");
});

describe("a code limited to products or categories", () => {
  const lines = [
    { productId: 1, unitPriceCents: 5_000, quantity: 2 },
    { productId: 2, unitPriceCents: 3_000, quantity: 1 },
  ];

  test("covers only its products' lines; a code for everything covers all", () => {
    expect(eligibleSubtotalCents(code({}), lines)).toBe(13_000);
    expect(eligibleSubtotalCents(code({ appliesTo: "products", eligibleProductIds: [2] }), lines)).toBe(3_000);
    expect(eligibleSubtotalCents(code({ appliesTo: "collections", eligibleProductIds: [] }), lines)).toBe(0);
  });

  test("takes its percentage off the covered lines only", () => {
    const limited = code({ appliesTo: "products", eligibleProductIds: [2], percentOff: 10 });
    expect(discountAmountCents(limited, eligibleSubtotalCents(limited, lines))).toBe(300);
  });

  test("is refused, with a reason, when nothing in the cart is covered", () => {
    const limited = code({ appliesTo: "products", eligibleProductIds: [] });
    expect(checkDiscount(limited, { ...context, eligibleSubtotalCents: 0 })).toEqual({
      reason: "not_applicable",
      message: "The discount code SAVE does not apply to the items in your cart.",
    });
    expect(checkDiscount(limited, { ...context, eligibleSubtotalCents: 100 })).toBeNull();
  });

  test("the minimum subtotal counts the whole cart", () => {
    const limited = code({ appliesTo: "products", eligibleProductIds: [2], minimumSubtotalCents: 12_000 });
    expect(checkDiscount(limited, { ...context, subtotalCents: 13_000, eligibleSubtotalCents: 3_000 })).toBeNull();
  });
});
