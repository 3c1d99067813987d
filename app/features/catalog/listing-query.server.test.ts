import { describe, expect, it } from "vitest";
import { readListingQuery, tagFromPathSegment } from "./listing-query.server.ts";

const read = (search: string, defaultLimit = 24) => readListingQuery(new URLSearchParams(search), defaultLimit);

describe("readListingQuery", () => {
  it("reads every listing parameter with the shared rules", () => {
    const query = read(
      "q=pump&v=Hayward&minPrice=10&maxPrice=99.5&sortBy=price_desc&limit=48&page=2&t=Horsepower_1.5 HP&c=7",
    );
    expect(query).toMatchObject({
      q: "pump",
      vendors: ["Hayward"],
      minPrice: 10,
      maxPrice: 99.5,
      sortBy: "price_desc",
      limit: 48,
      page: 2,
      tags: [{ prefix: "Horsepower", value: "1.5 HP" }],
      collectionId: 7,
    });
  });
  it("uses the theme's page size when the URL has none, and the median for an unusable one (spec §5)", () => {
    expect(read("q=pump").limit).toBe(24);
    expect(read("q=pump&limit=1000").limit).toBe(36);
    expect(read("q=pump&limit=abc").limit).toBe(36);
  });
  it("drops a bad parameter and keeps the rest", () => {
    const query = read("q=pump&sortBy=cheapest&minPrice=lots&page=-1&t=broken&v=Pentair");
    expect(query).toMatchObject({
      q: "pump",
      sortBy: "default",
      minPrice: null,
      page: 0,
      tags: [],
      vendors: ["Pentair"],
    });
  });
  it("drops a price range whose min is above its max", () => {
    const query = read("q=pump&minPrice=100&maxPrice=50");
    expect(query.minPrice).toBeNull();
    expect(query.maxPrice).toBeNull();
    expect(query.q).toBe("pump");
  });
  it("ignores parameters that are not the listing's", () => {
    expect(read("q=pump&isFeatured=true&fields=id").isFeatured).toBeNull();
  });
});

describe("tagFromPathSegment", () => {
  it("reads prefix_value, prefix words joined with dashes", () => {
    expect(tagFromPathSegment("Pump-Type_Variable Speed")).toEqual({ prefix: "Pump-Type", value: "Variable Speed" });
  });
  it("is null for a segment that is not a tag filter", () => {
    expect(tagFromPathSegment("variable-speed")).toBeNull();
    expect(tagFromPathSegment(undefined)).toBeNull();
    expect(tagFromPathSegment("_value")).toBeNull();
  });
});
