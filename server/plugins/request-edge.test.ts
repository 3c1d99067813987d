import { describe, expect, it } from "vitest";
import { MAX_MANIFEST_QUERY_VALUE_LENGTH, MAX_QUERY_VALUE_LENGTH, urlProblem } from "./request-edge.ts";

describe("urlProblem", () => {
  it("lets React Router's route discovery list a page's links past the usual value bound", () => {
    // What the browser sends for a page with many links: /__manifest?paths=/a,/b,...&version=...
    const paths = Array.from({ length: 300 }, (_, i) => `/products/part-${i}`).join(",");
    expect(paths.length).toBeGreaterThan(MAX_QUERY_VALUE_LENGTH);
    expect(paths.length).toBeLessThan(MAX_MANIFEST_QUERY_VALUE_LENGTH);
    expect(urlProblem(`/__manifest?paths=${encodeURIComponent(paths)}&version=abc123`)).toBeNull();
  });

  it("keeps the usual bound everywhere else, and a bound on the manifest request too", () => {
    const long = "x".repeat(MAX_QUERY_VALUE_LENGTH + 1);
    expect(urlProblem(`/searchresults.asp?q=${long}`)?.status).toBe(400);
    expect(urlProblem(`/api/products/filter?q=${long}`)?.status).toBe(400);
    expect(urlProblem(`/__manifest?paths=${"y".repeat(MAX_MANIFEST_QUERY_VALUE_LENGTH + 1)}`)?.status).toBe(400);
  });
});
