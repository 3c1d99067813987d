import { describe, expect, test } from "vitest";
import { fieldChanges } from "./change-diff.tsx";

describe("fieldChanges", () => {
  test("only the fields that differ", () => {
    expect(fieldChanges({ role: "manager", name: "A" }, { role: "support", name: "A" })).toEqual([
      { field: "role", before: "manager", after: "support" },
    ]);
  });
  test("a creation shows what was set; nested values compare whole", () => {
    expect(fieldChanges(null, { a: 1, b: { c: 2 } })).toEqual([
      { field: "a", before: undefined, after: 1 },
      { field: "b", before: undefined, after: { c: 2 } },
    ]);
    expect(fieldChanges({ b: { c: 2 } }, { b: { c: 2 } })).toEqual([]);
  });
  test("plain values and nothing at all", () => {
    expect(fieldChanges(null, null)).toEqual([]);
    expect(fieldChanges(1, 2)).toEqual([{ field: "value", before: 1, after: 2 }]);
  });
});
