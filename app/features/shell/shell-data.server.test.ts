import { describe, expect, test } from "vitest";
import { faviconType, yearIn } from "./shell-data.server.ts";

describe("shell data", () => {
  test("the copyright year is the store's, not the server's: New Year comes later in California", () => {
    const utcNewYear = new Date("2027-01-01T03:00:00Z");
    expect(yearIn("America/Los_Angeles", utcNewYear)).toBe(2026);
    expect(yearIn("UTC", utcNewYear)).toBe(2027);
    expect(yearIn("Not/AZone", utcNewYear)).toBe(2027);
  });

  test("the favicon's media type comes from its extension", () => {
    expect(faviconType("/favicon.svg")).toBe("image/svg+xml");
    expect(faviconType("https://cdn.example/icons/store.PNG?v=3")).toBe("image/png");
    expect(faviconType("/favicon.ico")).toBe("image/x-icon");
    expect(faviconType("/icon")).toBeUndefined();
  });
});
