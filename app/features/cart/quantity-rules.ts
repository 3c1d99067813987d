// The cart quantity input and its plus/minus buttons, pure.
import type { CartLine } from "./cart-lines.ts";

/** An automatic update is sent this long after the last edit. */
export const QUANTITY_AUTO_UPDATE_MS = 800;

export const QUANTITY_MESSAGES = {
  invalid: "Invalid quantity",
  notPositive: "Quantity must be greater than 0",
  notForSale: "Item is not available for sale",
  tooMany: (available: number) => `Can't add more than ${available}`,
} as const;

export type StockLine = Pick<
  CartLine,
  "quantity" | "availableForSale" | "availableQuantity" | "bypassNegativeQuantity"
>;

/** Non-digits are stripped as the shopper types. */
export function sanitizeQuantityText(text: string): string {
  return text.replace(/\D+/g, "");
}

export type QuantityCheck = { ok: true; quantity: number } | { ok: false; message: string };

/** Whether the typed quantity may be sent: a number above 0, for sale, and not above the stock. */
export function checkQuantity(text: string, line: StockLine): QuantityCheck {
  const digits = sanitizeQuantityText(text);
  const quantity = digits === "" ? Number.NaN : Number.parseInt(digits, 10);
  if (!Number.isFinite(quantity)) return { ok: false, message: QUANTITY_MESSAGES.invalid };
  if (quantity <= 0) return { ok: false, message: QUANTITY_MESSAGES.notPositive };
  if (!line.availableForSale) return { ok: false, message: QUANTITY_MESSAGES.notForSale };
  if (!line.bypassNegativeQuantity && quantity > line.availableQuantity) {
    return { ok: false, message: QUANTITY_MESSAGES.tooMany(line.availableQuantity) };
  }
  return { ok: true, quantity };
}

/** Stock left beyond what the line holds; unlimited when the level bypasses negative quantity. */
export function remainingStock(line: StockLine): number {
  return line.bypassNegativeQuantity ? Number.POSITIVE_INFINITY : line.availableQuantity - line.quantity;
}

export function isPlusDisabled(line: StockLine, busy: boolean): boolean {
  return busy || remainingStock(line) <= 0;
}

export function isMinusDisabled(line: StockLine, busy: boolean): boolean {
  return busy || line.quantity - 1 <= 0;
}
