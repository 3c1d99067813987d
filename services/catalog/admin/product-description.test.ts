import { describe, expect, it } from "vitest";
import { sanitizeDescriptionHtml } from "./product-description.ts";

describe("sanitizeDescriptionHtml", () => {
  it("keeps the formatting a product description uses", () => {
    const html =
      "<h2>Specs</h2><p><strong>2 HP</strong>, <em>230 V</em></p><ul><li>Quiet</li></ul><table><tbody><tr><th>Flow</th><td>90 GPM</td></tr></tbody></table>";
    expect(sanitizeDescriptionHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers, styles, frames and javascript: links", () => {
    const out = sanitizeDescriptionHtml(
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><iframe src="https://evil"></iframe><a href="javascript:alert(1)">x</a><img src="/img/a.webp" onerror="alert(1)"><img src="http://x/a.png"><style>p{}</style>',
    );
    expect(out).toBe('<p>Hi</p><a>x</a><img src="/img/a.webp" />');
  });

  it("opens links that leave the store in a new tab without the opener", () => {
    expect(sanitizeDescriptionHtml('<a href="https://pentair.com/manual.pdf">Manual</a>')).toBe(
      '<a href="https://pentair.com/manual.pdf" target="_blank" rel="noopener noreferrer">Manual</a>',
    );
    expect(sanitizeDescriptionHtml('<a href="/help" target="_top">Help</a>')).toBe('<a href="/help">Help</a>');
  });

  it("turns a page title heading into a section heading and an empty editor into null", () => {
    expect(sanitizeDescriptionHtml("<h1>Title</h1>")).toBe("<h2>Title</h2>");
    expect(sanitizeDescriptionHtml("<p></p><p><br></p>")).toBeNull();
    expect(sanitizeDescriptionHtml("")).toBeNull();
  });
});
