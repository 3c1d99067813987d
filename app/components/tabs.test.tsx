import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tabs, tabKeyTarget } from "./tabs.tsx";

const items = [
  { value: "one", label: "ONE", content: <p>First panel</p> },
  { value: "two", label: "TWO", content: <p>Second panel</p> },
];

describe("tabs", () => {
  it("render a labelled tab list whose selected tab owns the only rendered panel", () => {
    const html = renderToStaticMarkup(<Tabs items={items} label="Product information" />);
    expect(html).toContain('role="tablist" aria-label="Product information" aria-orientation="horizontal"');
    expect(html).toMatch(/role="tab" id="([^"]+)-tab-one" aria-selected="true" aria-controls="\1-panel-one"/);
    expect(html).toMatch(/aria-selected="true"[^>]*data-state="active" tabindex="0"/);
    expect(html).toMatch(/aria-selected="false"[^>]*data-state="inactive" tabindex="-1"/);
    expect(html).toMatch(/role="tabpanel" id="[^"]+-panel-one" aria-labelledby="[^"]+-tab-one"/);
    expect(html).toContain("First panel");
    expect(html).not.toContain("Second panel");
    expect(html).toMatch(/id="[^"]+-panel-two"[^>]*\shidden(?:="")?(?=[\s>])/);
  });

  it("start on the default tab", () => {
    const html = renderToStaticMarkup(<Tabs items={items} label="x" defaultValue="two" />);
    expect(html).toContain("Second panel");
    expect(html).not.toContain("First panel");
  });

  it("move with the arrow keys, wrapping round, and jump with Home and End", () => {
    expect(tabKeyTarget("ArrowRight", 0, 3)).toBe(1);
    expect(tabKeyTarget("ArrowRight", 2, 3)).toBe(0);
    expect(tabKeyTarget("ArrowLeft", 0, 3)).toBe(2);
    expect(tabKeyTarget("Home", 2, 3)).toBe(0);
    expect(tabKeyTarget("End", 0, 3)).toBe(2);
    expect(tabKeyTarget("Enter", 0, 3)).toBeNull();
    expect(tabKeyTarget("ArrowRight", 0, 0)).toBeNull();
  });
});
