import { describe, expect, test } from "vitest";
import {
  CatalogQueryError,
  catalogQueryToSearchParams,
  DEFAULT_LIMIT,
  formatTagFilter,
  isSearchTooShort,
  LIMIT_OPTIONS,
  normalizeLimit,
  parseCatalogQuery,
  parseTagFilters,
  safeParseCatalogQuery,
} from "./catalog-query.ts";
import { HEADER_DROPDOWN_LIMIT } from "./header-dropdown.ts";

describe("limit", () => {
  test("the median of 8, 16, 24, 48, 64, 76 is 36", () => {
    expect(DEFAULT_LIMIT).toBe(36);
  });
  test.each([
    [undefined, 36],
    ["", 36],
    ["abc", 36],
    ["12.5", 36],
    ["-8", 36],
    ["0", 36],
    ["7", 36],
    ["77", 36],
    ["1000", 36],
    ["8", 8],
    ["25", 25],
    ["76", 76],
    [48, 48],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeLimit(input)).toBe(expected);
  });

  test("a size of `exact` is kept though outside the set; the others follow the rule", () => {
    expect(normalizeLimit("4", LIMIT_OPTIONS, [4])).toBe(4);
    expect(normalizeLimit("4")).toBe(36);
    expect(normalizeLimit("5", LIMIT_OPTIONS, [4])).toBe(36);
    expect(parseCatalogQuery({ limit: "4" }, { exactLimits: [HEADER_DROPDOWN_LIMIT] }).limit).toBe(4);
    expect(parseCatalogQuery({ limit: "4" }).limit).toBe(36);
  });
});

describe("parseCatalogQuery", () => {
  test("defaults", () => {
    expect(parseCatalogQuery({})).toEqual({
      q: "",
      vendors: [],
      minPrice: null,
      maxPrice: null,
      sortBy: "default",
      limit: 36,
      page: 0,
      tags: [],
      collectionId: null,
      isFeatured: null,
      fields: null,
      availableForSaleOnly: false,
      attributes: [],
    });
  });

  test("reads every parameter", () => {
    const query = parseCatalogQuery({
      q: "  pump ",
      v: "Hayward",
      vendor: "Pentair",
      minPrice: "10",
      maxPrice: "99.5",
      sortBy: "price_desc",
      limit: "16",
      page: "2",
      t: ["Brand_Hayward", "Pump-Type_Variable Speed"],
      c: "12",
      isFeatured: "true",
      fields: "id,title",
      availableForSaleOnly: "false",
    });
    expect(query).toMatchObject({
      q: "pump",
      vendors: ["Hayward", "Pentair"],
      minPrice: 10,
      maxPrice: 99.5,
      sortBy: "price_desc",
      limit: 16,
      page: 2,
      tags: [
        { prefix: "Brand", value: "Hayward" },
        { prefix: "Pump-Type", value: "Variable Speed" },
      ],
      collectionId: 12,
      isFeatured: true,
      fields: ["id", "title"],
      availableForSaleOnly: false,
    });
  });

  test.each([
    [{ sortBy: "cheapest" }, /sortBy must be one of: default, id_asc, id_desc, title_asc/],
    [{ page: "-1" }, /page must be a whole number/],
    [{ page: "two" }, /page must be a whole number/],
    [{ page: "1.5" }, /page must be a whole number/],
    [{ minPrice: "abc" }, /minPrice must be a number/],
    [{ maxPrice: "-5" }, /maxPrice must be a number/],
    [{ minPrice: "50", maxPrice: "10" }, /minPrice must not be greater than maxPrice/],
    [{ t: "Brand" }, /Invalid tag filter "Brand"/],
    [{ t: "_Hayward" }, /Invalid tag filter/],
    [{ t: "Brand_" }, /Invalid tag filter/],
    [{ t: "[[1,2]]" }, /Invalid tag filter list/],
    [{ t: "[not json" }, /Invalid tag filter list/],
    [{ c: "pumps" }, /c must be a collection id/],
    [{ isFeatured: "maybe" }, /isFeatured must be true or false/],
    [{ fields: "id,secret" }, /Unknown field secret/],
    [{ page: ["1", "2"] }, /page may be given only once/],
  ])("%o is rejected", (raw, message) => {
    expect(() => parseCatalogQuery(raw)).toThrow(CatalogQueryError);
    expect(() => parseCatalogQuery(raw)).toThrow(message);
  });

  test("a huge page is capped, not an overflow", () => {
    expect(parseCatalogQuery({ page: "99999999999999999999" }).page).toBe(1_000_000);
  });

  test("safeParse returns the message", () => {
    expect(safeParseCatalogQuery({ sortBy: "x" })).toMatchObject({ success: false });
    expect(safeParseCatalogQuery({ sortBy: "top_rated" })).toMatchObject({ success: true });
  });
});

describe("tag filters", () => {
  test("split at the first underscore; JSON pairs accepted; duplicates dropped", () => {
    expect(parseTagFilters(["Size_1_1/2 in", '[["Brand","Hayward"]]', "brand_hayward", "Brand_Hayward"])).toEqual([
      { prefix: "Size", value: "1_1/2 in" },
      { prefix: "Brand", value: "Hayward" },
    ]);
  });
  test("format and parse round-trip", () => {
    expect(formatTagFilter({ prefix: "Pump Type", value: "Variable Speed" })).toBe("Pump-Type_Variable Speed");
    const params = catalogQueryToSearchParams({ q: "pump", tags: [{ prefix: "Brand", value: "A&B" }], page: 0 });
    expect(params.toString()).toBe("q=pump&t=Brand_A%26B");
    expect(parseCatalogQuery({ t: params.getAll("t") }).tags).toEqual([{ prefix: "Brand", value: "A&B" }]);
  });
  test("too many filters", () => {
    expect(() => parseTagFilters(Array.from({ length: 31 }, (_, i) => `P_${i}`))).toThrow(/at most 30/);
  });
});

describe("search length rule", () => {
  test.each([
    [{ q: "", vendors: [] }, false],
    [{ q: "ab", vendors: [] }, true],
    [{ q: "abc", vendors: [] }, false],
    [{ q: "", vendors: ["AB"] }, true],
    [{ q: "ab", vendors: ["Hayward"] }, false],
  ])("%o -> %s", (query, tooShort) => {
    expect(isSearchTooShort(query)).toBe(tooShort);
  });
});
