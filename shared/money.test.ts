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

  test("dollars are written exactly as Intl writes them", () => {
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = [0, 0.004, 0.005, 0.015, 0.995, 1, 1.005, 9.995, 12.345, 99.999, 999.995, 1000, 1234.5, 999999.99];
    amounts.push(1e12 - 0.01, 123456789.125, -0, -5, -0.001, 1e13, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY);
    for (let cents = 0; cents < 200_000; cents += 7) amounts.push(cents / 100, cents / 1000, cents * 1.37);
    for (let i = 0; i < 2000; i++) amounts.push(Math.random() * 10 ** Math.floor(Math.random() * 12));
    for (const amount of amounts) expect(formatMoney(amount), String(amount)).toBe(intl.format(amount));
  });
});
