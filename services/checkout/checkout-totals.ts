// The arithmetic of a checkout, in integer cents: line subtotal, discount, subtotal after discount,
// shipping, sales tax and total. Pure, so the cart, the checkout page and order placement compute it the same way.
import {
  checkDiscount,
  type DiscountCodeData,
  type DiscountProblem,
  discountAmountCents,
  eligibleSubtotalCents,
} from "../discounts/discount-rules.ts";
import {
  chooseShippingOption,
  quoteShippingOptions,
  type ShippingDestination,
  type ShippingOption,
  type ShippingPolicyData,
} from "../shipping/shipping-quote.ts";

export interface TotalsLine {
  /** Which product: a discount limited to products or categories covers only their lines. */
  productId?: number;
  unitPriceCents: number;
  quantity: number;
  freeShippingEligible: boolean;
  weightGrams: number;
}

export interface AppliedDiscount {
  code: DiscountCodeData;
  /** Null when the code takes effect; otherwise why not (it stays on the cart, shown with the reason). */
  problem: DiscountProblem | null;
}

export interface CheckoutTotals {
  totalQuantity: number;
  weightGrams: number;
  /** Sum of unit price times quantity. */
  lineItemsSubtotalCents: number;
  discountCents: number;
  /** After discounts: the API's subtotalPrice; the cart shows lineItemsSubtotal - subtotal as "Discount". */
  subtotalCents: number;
  /** Empty when the cart is empty: nothing ships. */
  shippingOptions: ShippingOption[];
  shipping: ShippingOption | null;
  shippingCents: number;
  /** The destination's rate (parts per million); 0 without an address or a rate for it. */
  taxRatePpm: number;
  taxCents: number;
  totalCents: number;
  discount: AppliedDiscount | null;
}

export interface TotalsInput {
  lines: TotalsLine[];
  discountCode: DiscountCodeData | null;
  policy: ShippingPolicyData | null;
  destination: ShippingDestination | null;
  chosenRateId: number | null;
  now: Date;
  /** The shopper (account, e-mail or IP) has redeemed the code before. */
  alreadyRedeemed: boolean;
  currency: string;
  /** Sales tax rate of the destination in parts per million (taxRateFor); 0 or absent = no tax. */
  taxRatePpm?: number;
}

const PPM = 1_000_000;

/**
 * Sales tax on the merchandise after discounts, rounded once per order, half a cent up. Shipping is not
 * taxed. Integer arithmetic: cents times parts per million stays far below 2^53 for any real order.
 */
export function salesTaxCents(taxableCents: number, ratePpm: number): number {
  if (taxableCents <= 0 || ratePpm <= 0) return 0;
  return Math.floor((taxableCents * ratePpm + PPM / 2) / PPM);
}

export function computeCheckoutTotals(input: TotalsInput): CheckoutTotals {
  let lineItemsSubtotalCents = 0;
  let totalQuantity = 0;
  let weightGrams = 0;
  let allItemsEligible = true;
  for (const line of input.lines) {
    lineItemsSubtotalCents += line.unitPriceCents * line.quantity;
    totalQuantity += line.quantity;
    weightGrams += line.weightGrams * line.quantity;
    if (!line.freeShippingEligible) allItemsEligible = false;
  }

  let discount: AppliedDiscount | null = null;
  let discountCents = 0;
  if (input.discountCode) {
    const coveredCents = eligibleSubtotalCents(input.discountCode, input.lines);
    const problem = checkDiscount(input.discountCode, {
      subtotalCents: lineItemsSubtotalCents,
      eligibleSubtotalCents: coveredCents,
      now: input.now,
      alreadyRedeemed: input.alreadyRedeemed,
      currency: input.currency,
    });
    discount = { code: input.discountCode, problem };
    if (!problem) discountCents = discountAmountCents(input.discountCode, coveredCents);
  }
  const subtotalCents = lineItemsSubtotalCents - discountCents;

  const shippingOptions =
    input.lines.length === 0
      ? []
      : quoteShippingOptions(input.policy, {
          subtotalCents,
          weightGrams,
          allItemsEligible,
          destination: input.destination,
          freeShippingCode: discount !== null && discount.problem === null && discount.code.kind === "free_shipping",
        });
  const shipping = shippingOptions.length > 0 ? chooseShippingOption(shippingOptions, input.chosenRateId) : null;
  const shippingCents = shipping?.priceCents ?? 0;
  const taxRatePpm = input.lines.length === 0 ? 0 : (input.taxRatePpm ?? 0);
  const taxCents = salesTaxCents(subtotalCents, taxRatePpm);
  return {
    totalQuantity,
    weightGrams,
    lineItemsSubtotalCents,
    discountCents,
    subtotalCents,
    shippingOptions,
    shipping,
    shippingCents,
    taxRatePpm,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
    discount,
  };
}
