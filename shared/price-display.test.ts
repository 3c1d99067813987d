import { describe, expect, it } from "vitest";
import {
  availabilityText,
  CALL_FOR_PRICE_TEXT,
  freeShippingText,
  isShownCompareAtPrice,
  isShownPrice,
  priceView,
  reviewCountText,
  roundedStars,
  savings,
} from "./price-display.ts";

describe("isShownPrice", () => {
  it("shows only valid prices above 0", () => {
    expect(isShownPrice(129.99)).toBe(true);
    expect(isShownPrice(0)).toBe(false);
    expect(isShownPrice(-1)).toBe(false);
    expect(isShownPrice(Number.NaN)).toBe(false);
    expect(isShownPrice(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isShownPrice("12.00")).toBe(false);
    expect(isShownPrice(null)).toBe(false);
  });
});

describe("isShownCompareAtPrice", () => {
  it("shows a compare price only above the price and while for sale", () => {
    expect(isShownCompareAtPrice(100, 120, true)).toBe(true);
    expect(isShownCompareAtPrice(100, 120, false)).toBe(false);
    expect(isShownCompareAtPrice(100, 100, true)).toBe(false);
    expect(isShownCompareAtPrice(100, 90, true)).toBe(false);
    expect(isShownCompareAtPrice(100, null, true)).toBe(false);
    expect(isShownCompareAtPrice(0, 50, true)).toBe(false);
  });
});

describe("savings", () => {
  it("is the difference in exact cents and a whole percent rounded down", () => {
    expect(savings(99.99, 129.99)).toEqual({ amount: 30, percent: 23 });
    expect(savings(0.1, 0.3)).toEqual({ amount: 0.2, percent: 66 });
  });

  it("is null without a higher compare price", () => {
    expect(savings(100, 100)).toBeNull();
    expect(savings(100, null)).toBeNull();
    expect(savings(0, 10)).toBeNull();
  });
});

describe("priceView", () => {
  it("formats the price, the compare price and the savings", () => {
    expect(priceView({ price: 99.99, compareAtPrice: 129.99, availableForSale: true })).toEqual({
      price: "$99.99",
      compareAtPrice: "$129.99",
      savings: { amount: 30, percent: 23 },
      savingsText: "$30.00",
    });
  });

  it("hides the compare price for sold-out items", () => {
    const view = priceView({ price: 99.99, compareAtPrice: 129.99, availableForSale: false });
    expect(view.compareAtPrice).toBeNull();
    expect(view.savings).toBeNull();
  });

  it("gives no price at 0: the call-for-price text shows instead", () => {
    expect(priceView({ price: 0, compareAtPrice: 10, availableForSale: true }).price).toBeNull();
    expect(CALL_FOR_PRICE_TEXT).toBe("Please call us for price on this product.");
  });
});

describe("ratings", () => {
  it("rounds the average to whole stars within 0..5", () => {
    expect(roundedStars(4.49)).toBe(4);
    expect(roundedStars(4.5)).toBe(5);
    expect(roundedStars(0.2)).toBe(0);
    expect(roundedStars(7)).toBe(5);
    expect(roundedStars(-1)).toBe(0);
    expect(roundedStars(Number.NaN)).toBe(0);
    expect(roundedStars(null)).toBe(0);
  });

  it("counts reviews in words", () => {
    expect(reviewCountText(0)).toBe("No reviews");
    expect(reviewCountText(1)).toBe("1 review");
    expect(reviewCountText(12)).toBe("12 reviews");
    expect(reviewCountText(-3)).toBe("No reviews");
  });
});

describe("availabilityText", () => {
  it("reads the spec's texts", () => {
    expect(availabilityText(true)).toBe("In Stock and Ready to Ship!!!");
    expect(availabilityText(false)).toBe("Out of Stock");
  });
});

describe("freeShippingText", () => {
  it("names the threshold with the currency and 2 decimals", () => {
    expect(freeShippingText(99)).toBe("Orders over $99.00 Ships for FREE!");
    expect(freeShippingText(1500.5)).toBe("Orders over $1,500.50 Ships for FREE!");
  });

  it("is hidden at -1 and for unusable amounts", () => {
    expect(freeShippingText(-1)).toBeNull();
    expect(freeShippingText(-5)).toBeNull();
    expect(freeShippingText(Number.NaN)).toBeNull();
    expect(freeShippingText(undefined)).toBeNull();
  });
});
