import type { CheckoutDto, LineItemDto } from "./cart-data.server.ts";

// The cart's lines on the client, pure: the
// store applies these, and the rules are unit-tested without a browser.

export type { CheckoutDto, LineItemDto };

export interface CartLine {
  lineItemId: number;
  inventoryLevelId: number;
  title: string;
  variantTitle: string | null;
  imageUrl: string | null;
  quantity: number;
  /** Unit price. */
  price: number;
  availableForSale: boolean;
  availableQuantity: number;
  sku: string | null;
  handle: string;
  bypassNegativeQuantity: boolean;
}

export type CartLinesAction =
  | { type: "reload"; lines: CartLine[] }
  | { type: "add"; line: CartLine }
  | { type: "delete"; lineItemId: number }
  | { type: "setQuantity"; lineItemId: number; quantity: number };

/**
 * Reload replaces all lines; add increases the quantity of a line with the same inventory level, else
 * appends; delete removes by line id; set quantity changes an existing line only, and only to more than 0.
 */
export function cartLinesReducer(lines: readonly CartLine[], action: CartLinesAction): CartLine[] {
  switch (action.type) {
    case "reload":
      return [...action.lines];
    case "add": {
      const index = lines.findIndex((line) => line.inventoryLevelId === action.line.inventoryLevelId);
      if (index === -1) return [...lines, action.line];
      return lines.map((line, i) => (i === index ? { ...line, quantity: line.quantity + action.line.quantity } : line));
    }
    case "delete":
      return lines.filter((line) => line.lineItemId !== action.lineItemId);
    case "setQuantity":
      if (!(action.quantity > 0) || !lines.some((line) => line.lineItemId === action.lineItemId)) return [...lines];
      return lines.map((line) =>
        line.lineItemId === action.lineItemId ? { ...line, quantity: action.quantity } : line,
      );
  }
}

/** The server's line item under the client's names (id → lineItemId, currentQuantity → quantity, ...). */
export function lineFromItem(item: LineItemDto): CartLine {
  return {
    lineItemId: item.id,
    inventoryLevelId: item.inventoryLevelId,
    title: item.title,
    variantTitle: item.variantTitle ?? null,
    imageUrl: item.imageUrl ?? null,
    quantity: item.currentQuantity,
    price: item.totalUnitPrice,
    availableForSale: item.availableForSale,
    availableQuantity: item.availableQuantity,
    sku: item.sku ?? null,
    handle: item.productHandle,
    bypassNegativeQuantity: item.bypassNegativeQuantity,
  };
}

export function linesFromCheckout(checkout: CheckoutDto | null): CartLine[] {
  return (checkout?.LineItems ?? []).map(lineFromItem);
}

/** Subtotal = sum of price times quantity (in cents, so 0.1 + 0.2 stays 0.30). */
export function cartSubtotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
}

/** Discount = that subtotal minus the checkout's subtotalPrice (never shown negative). */
export function cartDiscount(lines: readonly CartLine[], checkout: Pick<CheckoutDto, "subtotalPrice"> | null): number {
  if (!checkout) return 0;
  return Math.max(0, Math.round((cartSubtotal(lines) - checkout.subtotalPrice) * 100) / 100);
}

export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Units of one inventory level already in the cart. */
export function quantityInCart(lines: readonly CartLine[], inventoryLevelId: number | null | undefined): number {
  if (inventoryLevelId === null || inventoryLevelId === undefined) return 0;
  return lines
    .filter((line) => line.inventoryLevelId === inventoryLevelId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** The checkout id is the last path segment of webUrl; null without one. */
export function checkoutIdFromWebUrl(webUrl: string | null | undefined): string | null {
  if (!webUrl) return null;
  const path = webUrl.split(/[?#]/)[0].replace(/\/+$/, "");
  const last = path.slice(path.lastIndexOf("/") + 1);
  return last ? decodeURIComponent(last) : null;
}
