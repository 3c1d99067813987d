import { describe, expect, it } from "vitest";
import { formatTagFilter, tagPrefixKey } from "../../../shared/catalog-query.ts";
import {
  acceptPriceFilter,
  chosenTagValue,
  displayQuery,
  earlyChoices,
  listingHref,
  prefixKey,
  shopByPriceRanges,
  tagParam,
  withTagChoice,
} from "./listing-query.ts";

describe("the browser-side copies of the shared tag rules", () => {
  it("compare prefixes like tagPrefixKey and write filters like formatTagFilter", () => {
    for (const prefix of ["Pump-Type", "pump type", "  PUMP  -  TYPE ", "Horsepower", "Voltage"]) {
      expect(prefixKey(prefix)).toBe(tagPrefixKey(prefix));
    }
    for (const tag of [
      { prefix: "Pump Type", value: "Variable Speed" },
      { prefix: "Horsepower", value: "1.5 HP" },
      { prefix: " Brand ", value: "Hayward_Pro" },
    ]) {
      expect(tagParam(tag)).toBe(formatTagFilter(tag));
    }
  });
});

describe("listingHref", () => {
  it("replaces the changed parameters, keeps the others and goes back to the first page", () => {
    expect(listingHref("/searchresults.asp", "?q=pump&page=3&v=Hayward", { sortBy: "price_asc" })).toBe(
      "/searchresults.asp?q=pump&v=Hayward&sortBy=price_asc",
    );
  });
  it("removes a parameter set to null or an empty string, and repeats list values", () => {
    expect(listingHref("/c", "?v=Hayward&t=A_1", { v: null, t: ["A_2", "B_3"] })).toBe("/c?t=A_2&t=B_3");
    expect(listingHref("/c", "?limit=48", { limit: "" })).toBe("/c");
  });
  it("keeps an explicit page change", () => {
    expect(listingHref("/c", "?q=pump", { page: "2" })).toBe("/c?q=pump&page=2");
  });
});

describe("tag choices", () => {
  const current = [
    { prefix: "Horsepower", value: "1.5 HP" },
    { prefix: "Pump-Type", value: "Variable Speed" },
  ];
  it("choosing a value replaces that prefix's value and keeps the other prefixes", () => {
    expect(withTagChoice(current, "Horsepower", "2 HP")).toEqual(["Pump-Type_Variable Speed", "Horsepower_2 HP"]);
  });
  it("None removes the prefix", () => {
    expect(withTagChoice(current, "pump type", null)).toEqual(["Horsepower_1.5 HP"]);
  });
  it("reads the chosen value of a prefix, dashes and spaces alike", () => {
    expect(chosenTagValue(current, "Pump Type")).toBe("Variable Speed");
    expect(chosenTagValue(current, "Voltage")).toBeNull();
  });
});

describe("shopByPriceRanges (spec §9: 5 equal ranges of the highest price, 2 decimals)", () => {
  it("splits the highest price into five ranges", () => {
    expect(shopByPriceRanges(1000)).toEqual([
      { min: 0, max: 200 },
      { min: 200, max: 400 },
      { min: 400, max: 600 },
      { min: 600, max: 800 },
      { min: 800, max: 1000 },
    ]);
  });
  it("rounds each bound to cents and ends exactly at the highest price", () => {
    const ranges = shopByPriceRanges(99.99);
    expect(ranges.map((range) => range.max)).toEqual([20, 40, 59.99, 79.99, 99.99]);
    expect(ranges[1].min).toBe(20);
  });
  it("offers nothing without a price", () => {
    expect(shopByPriceRanges(0)).toEqual([]);
    expect(shopByPriceRanges(Number.NaN)).toEqual([]);
  });
});

describe("acceptPriceFilter (spec §5)", () => {
  it("accepts a min of 0 or more and a max above the min, both with 2 decimals", () => {
    expect(acceptPriceFilter("10", "250.5")).toEqual({ minPrice: "10.00", maxPrice: "250.50" });
    expect(acceptPriceFilter(0, null)).toEqual({ minPrice: "0.00", maxPrice: null });
  });
  it("refuses what is not a number, a negative min and a max not above the min", () => {
    expect(acceptPriceFilter("abc", "-5")).toEqual({ minPrice: null, maxPrice: null });
    expect(acceptPriceFilter("-1", "20")).toEqual({ minPrice: null, maxPrice: "20.00" });
    expect(acceptPriceFilter("50", "50")).toEqual({ minPrice: "50.00", maxPrice: null });
    expect(acceptPriceFilter("50", "40")).toEqual({ minPrice: "50.00", maxPrice: null });
  });
  it("reads $ and thousands separators", () => {
    expect(acceptPriceFilter("$1,200", null)).toEqual({ minPrice: "1200.00", maxPrice: null });
  });
});

describe("displayQuery", () => {
  const loaded = {
    q: "pump",
    tags: [],
    vendors: [],
    minPrice: null,
    maxPrice: null,
    sortBy: "default" as const,
    limit: 24,
  };
  it("shows a pending URL's filters before its page arrives", () => {
    expect(
      displayQuery(loaded, "?q=pump&t=Horsepower_1.5 HP&v=Hayward&minPrice=10.00&sortBy=price_asc&limit=48", 24),
    ).toEqual({
      q: "pump",
      tags: [{ prefix: "Horsepower", value: "1.5 HP" }],
      vendors: ["Hayward"],
      minPrice: 10,
      maxPrice: null,
      sortBy: "price_asc",
      limit: 48,
    });
  });
  it("falls back to the default page size and skips tag values that are not prefix_value", () => {
    const shown = displayQuery(loaded, "?q=pump&t=nonsense", 24);
    expect(shown.tags).toEqual([]);
    expect(shown.limit).toBe(24);
  });
});

describe("earlyChoices", () => {
  const shown = {
    sortBy: "default",
    limit: "",
    vendor: "",
    tags: { Horsepower: "", Brand: "Hayward" },
  };
  const current = [{ prefix: "Brand", value: "Hayward" }];

  it("is null when the controls hold what the page rendered", () => {
    expect(earlyChoices(shown, shown, current)).toBeNull();
  });

  it("turns each control the shopper changed into its parameter, in one change", () => {
    const held = {
      sortBy: "price_asc",
      limit: "48",
      vendor: "Pentair",
      tags: { Horsepower: "1.5 HP", Brand: "Hayward" },
    };
    expect(earlyChoices(shown, held, current)).toEqual({
      sortBy: "price_asc",
      limit: "48",
      v: "Pentair",
      t: ["Brand_Hayward", "Horsepower_1.5 HP"],
    });
  });

  it("clears what was set back to its default, None or All", () => {
    const set = { sortBy: "price_asc", limit: "48", vendor: "Pentair", tags: { Brand: "Hayward" } };
    const held = { sortBy: "default", limit: "", vendor: "", tags: { Brand: "" } };
    expect(earlyChoices(set, held, current)).toEqual({ sortBy: null, limit: null, v: null, t: [] });
  });

  it("leaves out a vendor select the page did not show and a tag group it did not render", () => {
    const none = { ...shown, vendor: null, tags: { Brand: "Hayward" } };
    expect(
      earlyChoices(none, { ...none, vendor: "Pentair", tags: { Brand: "Hayward", Voltage: "230V" } }, current),
    ).toBeNull();
  });
});
