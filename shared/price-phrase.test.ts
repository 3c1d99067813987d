import { describe, expect, test } from "vitest";
import {
  acceptPriceChip,
  findPricePhrases,
  parsePricePhrases,
  priceChips,
  removePricePhrases,
  searchTextWithoutAppliedPrices,
} from "./price-phrase.ts";

describe("price phrases", () => {
  test.each([
    ["pumps under $500", "max", 500, "under $500"],
    ["pumps below 500$", "max", 500, "below 500$"],
    ["heater cheaper than USD 1,299.99", "max", 1299.99, "cheaper than USD 1,299.99"],
    ["filter smaller than 80 usd", "max", 80, "smaller than 80 usd"],
    ["cleaner <$75.5", "max", 75.5, "<$75.5"],
    ["pump over $200", "min", 200, "over $200"],
    ["pump above 200 USD", "min", 200, "above 200 USD"],
    ["heater more expensive than $1000", "min", 1000, "more expensive than $1000"],
    ["light greater than $49.99", "min", 49.99, "greater than $49.99"],
    ["robot>$700", "min", 700, ">$700"],
    ["PUMP UNDER $50.", "max", 50, "UNDER $50"],
  ])("%s", (text, bound, amount, matched) => {
    const [phrase] = findPricePhrases(text);
    expect(phrase).toMatchObject({ bound, amount, text: matched });
  });

  test("a number without $ or USD is not a price", () => {
    expect(findPricePhrases("pump under 100")).toEqual([]);
    expect(findPricePhrases("filter over 150 sq ft")).toEqual([]);
    expect(findPricePhrases("$500 pump")).toEqual([]);
  });

  test("words need a word boundary", () => {
    expect(findPricePhrases("hover $20")).toEqual([]);
    expect(findPricePhrases("thunder $20")).toEqual([]);
  });

  test("both bounds in one query", () => {
    const { min, max } = parsePricePhrases("heater over $1,000 and under $2,500");
    expect(min?.amount).toBe(1000);
    expect(max?.amount).toBe(2500);
    expect(removePricePhrases("heater over $1,000 and under $2,500")).toBe("heater and");
  });

  test("chips: min offered only without a max or below it; mirrored for max", () => {
    expect(priceChips("pump over $200", {})).toEqual([{ bound: "min", amount: 200, text: "over $200" }]);
    expect(priceChips("pump over $200", { maxPrice: 300 })).toHaveLength(1);
    expect(priceChips("pump over $200", { maxPrice: 200 })).toEqual([]);
    expect(priceChips("pump over $200", { maxPrice: 100 })).toEqual([]);
    expect(priceChips("pump under $200", { minPrice: 100 })).toHaveLength(1);
    expect(priceChips("pump under $200", { minPrice: 200 })).toEqual([]);
    expect(priceChips("pump under $200", { minPrice: null })).toHaveLength(1);
  });

  test("accepting a chip moves the amount into the filter and the phrase out of q", () => {
    const query = { q: "hayward pump under $500", minPrice: null, maxPrice: null, page: 3 };
    const [chip] = priceChips(query.q, query);
    expect(acceptPriceChip(query, chip)).toEqual({ q: "hayward pump", minPrice: null, maxPrice: 500, page: 3 });
  });

  test("the server searches the words only for the bounds the client sent", () => {
    expect(searchTextWithoutAppliedPrices("pump under $500", { minPrice: null, maxPrice: 500 })).toBe("pump");
    expect(searchTextWithoutAppliedPrices("pump under $500", { minPrice: 10, maxPrice: null })).toBe("pump under $500");
    expect(searchTextWithoutAppliedPrices(" pump ", { minPrice: null, maxPrice: null })).toBe("pump");
  });
});
