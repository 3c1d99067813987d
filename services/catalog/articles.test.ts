import { describe, expect, test } from "vitest";
import { makeExcerpt } from "./articles.ts";

describe("article excerpts", () => {
  test("the stored excerpt wins", () => {
    expect(makeExcerpt("  Short and sweet. ", "<p>Body</p>")).toBe("Short and sweet.");
  });

  test("otherwise the body as plain text", () => {
    expect(makeExcerpt(null, "<h2>Title</h2><p>Clean the filter &amp; the basket.</p><script>x()</script>")).toBe(
      "Title Clean the filter & the basket.",
    );
  });

  test("long bodies are cut at a word boundary with an ellipsis", () => {
    const body = `<p>${"word ".repeat(100)}</p>`;
    const excerpt = makeExcerpt(null, body, 50);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt).not.toContain("wor…");
  });

  test("a body cut inside a tag leaves no markup", () => {
    expect(makeExcerpt(null, "<p>Hello</p><a hre")).toBe("Hello");
    expect(makeExcerpt(null, null)).toBe("");
  });
});
