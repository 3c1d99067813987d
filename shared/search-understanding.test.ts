import { describe, expect, test } from "vitest";
import { parseCatalogQuery } from "./catalog-query.ts";
import { formatAttributeFilter, parseAttributeFilter } from "./search-understanding.ts";

describe("attribute filters in the URL", () => {
  test.each([
    [{ name: "horsepower", value: 3 }, "horsepower_3"],
    [{ name: "size", value: 1.5 }, "size_1.5"],
    [{ name: "btu", value: 250_000 }, "btu_250000"],
    [{ name: "speed", value: 0 }, "speed_variable"],
    [{ name: "speed", value: 2 }, "speed_two"],
  ] as const)("%j <-> %s", (filter, text) => {
    expect(formatAttributeFilter(filter)).toBe(text);
    expect(parseAttributeFilter(text)).toEqual(filter);
  });

  test.each(["colour_blue", "horsepower_", "horsepower_-3", "horsepower_0", "speed_fast", "_3", "horsepower"])(
    "%s names no attribute",
    (text) => {
      expect(parseAttributeFilter(text)).toBeNull();
    },
  );

  test("the query reads a= (repeated, the same one once) and refuses what it cannot read", () => {
    expect(parseCatalogQuery({ a: ["horsepower_3", "voltage_230", "horsepower_3"] }).attributes).toEqual([
      { name: "horsepower", value: 3 },
      { name: "voltage", value: 230 },
    ]);
    expect(() => parseCatalogQuery({ a: "colour_blue" })).toThrow(/a=horsepower_1\.5/);
  });
});
