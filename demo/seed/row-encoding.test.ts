import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { columnLiteral, encodeRows, textArrayLiteral } from "./row-encoding.ts";

const items = pgTable("items", {
  id: integer("id").primaryKey(),
  title: text("title"),
  tags: text("tags").array(),
  live: boolean("live"),
  createdAt: timestamp("created_at", { withTimezone: true }),
});

describe("row encoding", () => {
  it("quotes every element and escapes backslashes and double quotes; null is NULL", () => {
    expect(columnLiteral(['a "b"', "c\\d", null, "", "x,y}"], "text")).toBe('{"a \\"b\\"","c\\\\d",NULL,"","x,y}"}');
    expect(columnLiteral([1, 2.5, undefined], "integer")).toBe('{"1","2.5",NULL}');
  });

  it("an array value travels as an array literal inside the column's literal", () => {
    expect(textArrayLiteral(["a", 'b"c'])).toBe('{"a","b\\"c"}');
    expect(columnLiteral([["a", 'b"c'], []], "text[]")).toBe('{"{\\"a\\",\\"b\\\\\\"c\\"}","{}"}');
  });

  it("dates travel in ISO form (UTC) and objects as JSON", () => {
    expect(columnLiteral([new Date(Date.UTC(2025, 0, 2, 3, 4, 5))], "timestamp with time zone")).toBe(
      '{"2025-01-02T03:04:05.000Z"}',
    );
    expect(columnLiteral([{ a: 1 }], "jsonb")).toBe('{"{\\"a\\":1}"}');
  });

  it("takes the columns any row sets, in snake case with their types, and splits long runs into statements", () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => ({
      id: i + 1,
      ...(i === 5 ? { createdAt: new Date(0) } : {}),
    }));
    const encoded = encodeRows(items, rows, [{ name: "extra", type: "text", values: rows.map((r) => String(r.id)) }]);
    expect(encoded.table).toBe("items");
    expect(encoded.columns).toEqual([
      { name: "id", type: "integer" },
      { name: "created_at", type: "timestamp with time zone" },
    ]);
    expect(encoded.inputs).toEqual([{ name: "extra", type: "text" }]);
    expect(encoded.statements.map((s) => s[0].split(",").length)).toEqual([5000, 5000, 2001]);
    expect(encoded.statements[0][1].split(",").filter((v) => v !== "NULL" && v !== "{NULL" && v !== "NULL}")).toEqual([
      '"1970-01-01T00:00:00.000Z"',
    ]);
  });

  it("refuses a key the table lacks", () => {
    expect(() => encodeRows(items, [{ id: 1, colour: "red" } as never])).toThrow(/items has no column colour/);
  });
});
