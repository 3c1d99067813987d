import { describe, expect, test } from "vitest";
import { z } from "zod";
import { enumParam, idParam, integerParam, isNumericId, limitParam, pageParam } from "./query-params.ts";

const schema = z.object({
  page: pageParam(),
  limit: limitParam(10, 50),
  depth: integerParam({ min: 1, max: 3, defaultValue: 2 }),
  order: enumParam(["ASC", "DESC"] as const),
});

function messages(input: Record<string, unknown>): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("query parameters", () => {
  test("absent or blank values take the defaults", () => {
    expect(schema.parse({})).toEqual({ page: 0, limit: 10, depth: 2, order: undefined });
    expect(schema.parse({ page: "", limit: "", depth: "", order: "" })).toEqual({
      page: 0,
      limit: 10,
      depth: 2,
      order: undefined,
    });
  });

  test("numbers arrive as strings or numbers", () => {
    expect(schema.parse({ page: "3", limit: 25, depth: " 3 " })).toMatchObject({ page: 3, limit: 25, depth: 3 });
  });

  test("a negative or non-numeric page is refused with the rule", () => {
    expect(messages({ page: "-1" })).toEqual(["page: must be a whole number, 0 or more (pages count from 0)"]);
    expect(messages({ page: "abc" })).toHaveLength(1);
    expect(messages({ page: "1.5" })).toHaveLength(1);
    expect(messages({ page: ["1", "2"] })).toHaveLength(1);
  });

  test("limits outside the range are refused, naming the range", () => {
    expect(messages({ limit: "0" })).toEqual(["limit: must be a whole number from 1 to 50"]);
    expect(messages({ limit: "51" })).toEqual(["limit: must be a whole number from 1 to 50"]);
    expect(messages({ depth: "4" })).toEqual(["depth: must be a whole number from 1 to 3"]);
  });

  test("enums match case-insensitively and answer the canonical spelling", () => {
    expect(schema.parse({ order: "desc" }).order).toBe("DESC");
    expect(messages({ order: "UP" })).toEqual(["order: must be one of ASC, DESC"]);
  });

  test("ids", () => {
    const id = idParam("collection");
    expect(id.parse("42")).toBe(42);
    expect(id.safeParse("abc").success).toBe(false);
    expect(id.safeParse("0").success).toBe(false);
    expect(id.safeParse("99999999999").success).toBe(false);
    expect(isNumericId("12")).toBe(true);
    expect(isNumericId("pool-pumps")).toBe(false);
    expect(isNumericId("0")).toBe(false);
  });
});
