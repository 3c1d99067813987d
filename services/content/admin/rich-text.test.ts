import { describe, expect, test } from "vitest";
import { isBlankHtml, sanitizeRichText } from "./rich-text.ts";

describe("sanitizeRichText", () => {
  test("keeps what the editor makes", () => {
    const html =
      '<h2>Opening</h2><p>Use <strong>two</strong> <em>tablets</em> and <a href="https://example.com/x">read this</a>.</p><ul><li>One</li></ul><img src="/content-images/3" alt="Pump">';
    expect(sanitizeRichText(html)).toBe(html.replace('alt="Pump">', 'alt="Pump" />'));
  });

  test("drops scripts, handlers, styles and javascript: links", () => {
    const dirty =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe><img src="x" onerror="alert(1)">';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|style=|javascript|iframe|onerror/);
    expect(clean).toContain("<p>Hi</p>");
  });

  test("a link opening a new tab gets noopener; h1 becomes h2", () => {
    expect(sanitizeRichText('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText("<h1>Title</h1>")).toBe("<h2>Title</h2>");
  });

  test("pictures only from the store or https", () => {
    expect(sanitizeRichText('<img src="http://plain.example/a.png" alt="a">')).toBe("");
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA" alt="a">')).toBe("");
  });

  test("an empty editor is blank", () => {
    expect(isBlankHtml("<p></p>")).toBe(true);
    expect(isBlankHtml('<p><img src="/content-images/1" alt=""></p>')).toBe(false);
    expect(isBlankHtml("<p>x</p>")).toBe(false);
  });
});
