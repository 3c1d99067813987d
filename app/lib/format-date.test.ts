import { describe, expect, test } from "vitest";
import { formatShortUtcDate } from "./format-date.ts";

describe("formatShortUtcDate", () => {
  test("writes the UTC day exactly as Intl does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    const dates = ["2024-02-29T23:59:59Z", "2026-11-22T00:00:00Z", "2026-11-21T23:30:00-05:00", "1999-12-31T12:00:00Z"];
    for (let day = 0; day < 800; day++)
      dates.push(new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + 3_600_000).toISOString());
    for (const iso of dates) expect(formatShortUtcDate(iso), iso).toBe(intl.format(new Date(iso)));
  });

  test("an invalid date is empty", () => {
    expect(formatShortUtcDate("not a date")).toBe("");
  });
});
