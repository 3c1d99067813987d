import { describe, expect, test } from "vitest";
import { buildPageInfo, pageOffset } from "./pagination.ts";

describe("page maths", () => {
  test("pages count from 0", () => {
    expect(pageOffset({ page: 0, limit: 6 })).toBe(0);
    expect(pageOffset({ page: 3, limit: 6 })).toBe(18);
  });

  test("totalPages rounds up and is 0 for an empty list", () => {
    expect(buildPageInfo(0, 10)).toEqual({ limitPerPage: 10, totalObjects: 0, totalPages: 0 });
    expect(buildPageInfo(10, 10).totalPages).toBe(1);
    expect(buildPageInfo(11, 10).totalPages).toBe(2);
    expect(buildPageInfo(1, 50).totalPages).toBe(1);
  });
});
