// The checkout as the API answers it: field names as the
// storefront's clients read them, money as numbers with 2 decimals.
import { centsToAmount } from "../../shared/money.ts";
import type { CheckoutLineState, CheckoutState } from "./checkout-state.ts";

export interface LineItemDto {
  id: number;
  currentQuantity: number;
  /** Unit price. */
  totalUnitPrice: number;
  productHandle: string;
  title: string;
  variantTitle: string | null;
  imageUrl: string | null;
  sku: string | null;
  inventoryLevelId: number;
  variantId: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}

export interface DiscountCodeDto {
  code: string;
  /** False when the code is on the cart but does not take effect now (the reason is in `message`). */
  applicable: boolean;
  message: string | null;
  Discount: { title: string; kind: string };
}

export interface CheckoutDto {
  id: string | null;
  /** The checkout page; its last path segment is the checkout id. Null until the visitor has a cart. */
  webUrl: string | null;
  LineItems: LineItemDto[];
  totalQuantity: number;
  lineItemsSubtotalPrice: number;
  totalDiscount: number;
  /** After discounts. */
  subtotalPrice: number;
  /** Sales tax of the shipping address (0 until one is known); included in totalPrice. */
  totalTax: number;
  totalPrice: number;
  CheckoutShippingLine: { title: string; price: number } | null;
  DiscountCodes: DiscountCodeDto[];
}

/** Relative, so it always points at the host the shopper is on (and their cookie goes with it). */
export function checkoutWebUrl(checkoutId: string): string {
  return `/checkout/${checkoutId}`;
}

function lineDto(line: CheckoutLineState): LineItemDto {
  return {
    id: line.id,
    currentQuantity: line.quantity,
    totalUnitPrice: centsToAmount(line.unitPriceCents),
    productHandle: line.productHandle,
    title: line.title,
    variantTitle: line.variantTitle,
    imageUrl: line.imageUrl,
    sku: line.sku,
    inventoryLevelId: line.inventoryLevelId,
    variantId: line.variantId,
    availableForSale: line.availableForSale,
    availableQuantity: line.availableQuantity,
    bypassNegativeQuantity: line.bypassNegativeQuantity,
  };
}

export function toCheckoutDto(state: CheckoutState): CheckoutDto {
  const { totals } = state;
  return {
    id: state.id,
    webUrl: checkoutWebUrl(state.id),
    LineItems: state.lines.map(lineDto),
    totalQuantity: totals.totalQuantity,
    lineItemsSubtotalPrice: centsToAmount(totals.lineItemsSubtotalCents),
    totalDiscount: centsToAmount(totals.discountCents),
    subtotalPrice: centsToAmount(totals.subtotalCents),
    totalTax: centsToAmount(totals.taxCents),
    totalPrice: centsToAmount(totals.totalCents),
    CheckoutShippingLine: totals.shipping
      ? { title: totals.shipping.title, price: centsToAmount(totals.shipping.priceCents) }
      : null,
    DiscountCodes: totals.discount
      ? [
          {
            code: totals.discount.code.code,
            applicable: totals.discount.problem === null,
            message: totals.discount.problem?.message ?? null,
            Discount: { title: totals.discount.code.title, kind: totals.discount.code.kind },
          },
        ]
      : [],
  };
}

/** A visitor without a cart yet: nothing is created until they add something. */
export const EMPTY_CHECKOUT: CheckoutDto = {
  id: null,
  webUrl: null,
  LineItems: [],
  totalQuantity: 0,
  lineItemsSubtotalPrice: 0,
  totalDiscount: 0,
  subtotalPrice: 0,
  totalTax: 0,
  totalPrice: 0,
  CheckoutShippingLine: null,
  DiscountCodes: [],
};
