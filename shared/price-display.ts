// What the shopper reads about price, rating, stock and free shipping.
import { formatMoney } from "./money.ts";

export const CALL_FOR_PRICE_TEXT = "Please call us for price on this product.";
export const IN_STOCK_TEXT = "In Stock and Ready to Ship!!!";
export const OUT_OF_STOCK_TEXT = "Out of Stock";
export const MAY_QUALIFY_FREE_SHIPPING_TEXT = "This product MAY qualify for Free Shipping.";
/** A freeShippingAmount of -1 hides the free-shipping banner. */
export const FREE_SHIPPING_HIDDEN = -1;
export const MAX_STARS = 5;

/** A price is shown only when it is a real number above 0. */
export function isShownPrice(price: unknown): price is number {
  return typeof price === "number" && Number.isFinite(price) && price > 0;
}

/** A compare-at price shows only above a shown price, and only while the item is for sale. */
export function isShownCompareAtPrice(price: unknown, compareAtPrice: unknown, availableForSale: boolean): boolean {
  return availableForSale && isShownPrice(price) && isShownPrice(compareAtPrice) && compareAtPrice > price;
}

export interface Savings {
  amount: number;
  /** Whole percent, rounded down so a badge never promises more than the real saving. */
  percent: number;
}

/** What the shopper saves when compareAtPrice exceeds price; null otherwise. */
export function savings(price: unknown, compareAtPrice: unknown): Savings | null {
  if (!isShownPrice(price) || !isShownPrice(compareAtPrice) || compareAtPrice <= price) return null;
  // Cents arithmetic: 129.99 - 99.99 must be exactly 30.00.
  const amount = (Math.round(compareAtPrice * 100) - Math.round(price * 100)) / 100;
  return { amount, percent: Math.floor((amount / compareAtPrice) * 100) };
}

export interface PriceView {
  /** Formatted price, or null: show CALL_FOR_PRICE_TEXT instead. */
  price: string | null;
  /** Formatted compare-at price when it is shown, else null. */
  compareAtPrice: string | null;
  savings: Savings | null;
  /** Formatted savings amount when the compare-at price is shown. */
  savingsText: string | null;
}

/** Everything a price block renders. */
export function priceView(
  input: { price: unknown; compareAtPrice?: unknown; availableForSale: boolean },
  currency = "USD",
): PriceView {
  const shown = isShownPrice(input.price) ? input.price : null;
  const compareShown = isShownCompareAtPrice(input.price, input.compareAtPrice, input.availableForSale);
  const saved = compareShown ? savings(input.price, input.compareAtPrice) : null;
  return {
    price: shown === null ? null : formatMoney(shown, currency),
    compareAtPrice: compareShown ? formatMoney(input.compareAtPrice as number, currency) : null,
    savings: saved,
    savingsText: saved ? formatMoney(saved.amount, currency) : null,
  };
}

/** Whole stars to fill: the average rounded, within 0..5. */
export function roundedStars(average: unknown): number {
  if (typeof average !== "number" || !Number.isFinite(average)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.round(average)));
}

/** 'No reviews', '1 review', 'N reviews'. */
export function reviewCountText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "No reviews";
  return count === 1 ? "1 review" : `${Math.trunc(count)} reviews`;
}

/** 'In Stock and Ready to Ship!!!' or 'Out of Stock'. */
export function availabilityText(availableForSale: boolean): string {
  return availableForSale ? IN_STOCK_TEXT : OUT_OF_STOCK_TEXT;
}

/** 'Orders over ${amount} Ships for FREE!', or null (hidden) for -1 or an unusable amount. */
export function freeShippingText(amount: unknown, currency = "USD"): string | null {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount === FREE_SHIPPING_HIDDEN || amount < 0) {
    return null;
  }
  return `Orders over ${formatMoney(amount, currency)} Ships for FREE!`;
}
