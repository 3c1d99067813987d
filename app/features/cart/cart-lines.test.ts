import { describe, expect, test } from "vitest";
import {
  type CartLine,
  cartCount,
  cartDiscount,
  cartLinesReducer,
  cartSubtotal,
  checkoutIdFromWebUrl,
  quantityInCart,
} from "./cart-lines.ts";

const line = (lineItemId: number, inventoryLevelId: number, quantity: number, price = 10): CartLine => ({
  lineItemId,
  inventoryLevelId,
  title: `Part ${lineItemId}`,
  variantTitle: null,
  imageUrl: null,
  quantity,
  price,
  availableForSale: true,
  availableQuantity: 10,
  sku: null,
  handle: `part-${lineItemId}`,
  bypassNegativeQuantity: false,
});

describe("cartLinesReducer (spec §4)", () => {
  test("reload replaces all lines", () => {
    expect(cartLinesReducer([line(1, 1, 1)], { type: "reload", lines: [line(2, 2, 3)] })).toEqual([line(2, 2, 3)]);
  });

  test("add increases the quantity of the same inventory level, else appends", () => {
    const lines = [line(1, 100, 2)];
    expect(cartLinesReducer(lines, { type: "add", line: line(9, 100, 3) })).toEqual([line(1, 100, 5)]);
    expect(cartLinesReducer(lines, { type: "add", line: line(2, 200, 1) })).toEqual([line(1, 100, 2), line(2, 200, 1)]);
  });

  test("delete removes by line id", () => {
    expect(cartLinesReducer([line(1, 1, 1), line(2, 2, 1)], { type: "delete", lineItemId: 1 })).toEqual([
      line(2, 2, 1),
    ]);
  });

  test("set quantity only for an existing line and a quantity above 0", () => {
    const lines = [line(1, 1, 1)];
    expect(cartLinesReducer(lines, { type: "setQuantity", lineItemId: 1, quantity: 4 })).toEqual([line(1, 1, 4)]);
    expect(cartLinesReducer(lines, { type: "setQuantity", lineItemId: 1, quantity: 0 })).toEqual(lines);
    expect(cartLinesReducer(lines, { type: "setQuantity", lineItemId: 7, quantity: 4 })).toEqual(lines);
  });
});

describe("totals (spec §9)", () => {
  test("subtotal is the sum of price times quantity, exact to the cent", () => {
    expect(cartSubtotal([line(1, 1, 3, 0.1), line(2, 2, 1, 0.2)])).toBe(0.5);
    expect(cartSubtotal([line(1, 1, 3, 19.99)])).toBe(59.97);
  });

  test("discount is that subtotal minus the checkout's subtotalPrice, never negative", () => {
    expect(cartDiscount([line(1, 1, 2, 50)], { subtotalPrice: 90 })).toBe(10);
    expect(cartDiscount([line(1, 1, 2, 50)], { subtotalPrice: 100 })).toBe(0);
    expect(cartDiscount([line(1, 1, 2, 50)], null)).toBe(0);
  });

  test("count and quantity of one level", () => {
    const lines = [line(1, 1, 2), line(2, 2, 3)];
    expect(cartCount(lines)).toBe(5);
    expect(quantityInCart(lines, 2)).toBe(3);
    expect(quantityInCart(lines, 9)).toBe(0);
    expect(quantityInCart(lines, null)).toBe(0);
  });
});

test("the checkout id is the last path segment of webUrl", () => {
  expect(checkoutIdFromWebUrl("/checkout/abc-123")).toBe("abc-123");
  expect(checkoutIdFromWebUrl("https://shop.example/checkout/abc-123/?x=1")).toBe("abc-123");
  expect(checkoutIdFromWebUrl(null)).toBeNull();
  expect(checkoutIdFromWebUrl("")).toBeNull();
});
