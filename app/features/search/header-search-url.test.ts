import { describe, expect, it } from "vitest";
import {
  acceptChipUrl,
  currentPriceFilter,
  dropdownRequestUrl,
  isResultsPage,
  searchResultsUrl,
} from "./header-search-url.ts";

const home = { pathname: "/", search: "" };
const results = { pathname: "/searchresults.asp", search: "?q=pump&page=3&v=Hayward&sortBy=price_asc" };

describe("searchResultsUrl", () => {
  it("starts a fresh search from other pages, on page 0", () => {
    expect(searchResultsUrl(" sand filter ", home)).toBe("/searchresults.asp?q=sand+filter");
    expect(searchResultsUrl("pump")).toBe("/searchresults.asp?q=pump");
  });

  it("keeps the other filters on the results page but resets the page", () => {
    expect(searchResultsUrl("heater", results)).toBe("/searchresults.asp?q=heater&v=Hayward&sortBy=price_asc");
  });
});

describe("acceptChipUrl", () => {
  it("moves the phrase into the price filter", () => {
    const chip = { bound: "max" as const, amount: 500, text: "under $500" };
    expect(acceptChipUrl("pumps under $500", chip, home)).toBe("/searchresults.asp?q=pumps&maxPrice=500.00");
    const min = { bound: "min" as const, amount: 99.5, text: "over $99.50" };
    expect(acceptChipUrl("heater over $99.50", min, results)).toBe(
      "/searchresults.asp?q=heater&v=Hayward&sortBy=price_asc&minPrice=99.50",
    );
  });
});

describe("currentPriceFilter", () => {
  it("reads the price filter of the results page only", () => {
    expect(currentPriceFilter({ pathname: "/searchresults.asp", search: "?minPrice=10&maxPrice=x" })).toEqual({
      minPrice: 10,
      maxPrice: null,
    });
    expect(currentPriceFilter({ pathname: "/", search: "?minPrice=10" })).toEqual({ minPrice: null, maxPrice: null });
  });
});

describe("dropdownRequestUrl", () => {
  it("asks for 4 products with only the fields a suggestion shows", () => {
    expect(dropdownRequestUrl("pump lid")).toBe(
      "/api/products/filter?q=pump+lid&limit=4&fields=id%2Ctitle%2Chandle%2CimageUrl%2Cprice%2Cvendor",
    );
  });
});

describe("isResultsPage", () => {
  it("matches the results path only", () => {
    expect(isResultsPage("/searchresults.asp")).toBe(true);
    expect(isResultsPage("/SearchResults.asp")).toBe(true);
    expect(isResultsPage("/")).toBe(false);
  });
});
