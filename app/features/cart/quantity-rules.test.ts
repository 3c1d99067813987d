import { describe, expect, test } from "vitest";
import { checkQuantity, isMinusDisabled, isPlusDisabled, sanitizeQuantityText } from "./quantity-rules.ts";

const line = { quantity: 2, availableForSale: true, availableQuantity: 5, bypassNegativeQuantity: false };

describe("quantity input (spec §5)", () => {
  test("non-digits are stripped", () => {
    expect(sanitizeQuantityText("1a2-3 ")).toBe("123");
    expect(sanitizeQuantityText("-4")).toBe("4");
  });

  test.each([
    ["", "Invalid quantity"],
    ["abc", "Invalid quantity"],
    ["0", "Quantity must be greater than 0"],
    ["6", "Can't add more than 5"],
  ])("%j -> %s", (text, message) => {
    expect(checkQuantity(text, line)).toEqual({ ok: false, message });
  });

  test("an item not for sale cannot be changed", () => {
    expect(checkQuantity("1", { ...line, availableForSale: false })).toEqual({
      ok: false,
      message: "Item is not available for sale",
    });
  });

  test("a valid quantity; no limit when the level bypasses negative quantity", () => {
    expect(checkQuantity("5", line)).toEqual({ ok: true, quantity: 5 });
    expect(checkQuantity("500", { ...line, bypassNegativeQuantity: true })).toEqual({ ok: true, quantity: 500 });
  });
});

describe("plus and minus", () => {
  test("plus is disabled when nothing remains or while busy", () => {
    expect(isPlusDisabled(line, false)).toBe(false);
    expect(isPlusDisabled({ ...line, quantity: 5 }, false)).toBe(true);
    expect(isPlusDisabled({ ...line, quantity: 5, bypassNegativeQuantity: true }, false)).toBe(false);
    expect(isPlusDisabled(line, true)).toBe(true);
  });

  test("minus is disabled when the quantity would reach 0, or while busy", () => {
    expect(isMinusDisabled(line, false)).toBe(false);
    expect(isMinusDisabled({ ...line, quantity: 1 }, false)).toBe(true);
    expect(isMinusDisabled(line, true)).toBe(true);
  });
});
