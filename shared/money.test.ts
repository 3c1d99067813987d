import { describe, expect, test } from "vitest";
import { amountToCents, centsToAmount, formatMoney } from "./money.ts";

describe("money", () => {
  test("cents and amounts convert without float drift", () => {
    expect(centsToAmount(12999)).toBe(129.99);
    expect(amountToCents(129.99)).toBe(12999);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(centsToAmount(5)).toBe(0.05);
  });

  test("formats with the store currency's symbol and always 2 decimals", () => {
    expect(formatMoney(1299)).toBe("$1,299.00");
    expect(formatMoney(0.5)).toBe("$0.50");
    expect(formatMoney(12.345)).toBe("$12.35");
    expect(formatMoney(10, "CAD")).toBe("CA$10.00");
  });
});
