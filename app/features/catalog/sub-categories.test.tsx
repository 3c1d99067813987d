import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SUB_CATEGORIES_SHOWN, SubCategories, type SubCategory, visibleSubCategories } from "./sub-categories.tsx";

const children: SubCategory[] = Array.from({ length: 11 }, (_, index) => ({
  id: index + 1,
  title: `Child ${index + 1}`,
  handle: `child-${index + 1}`,
  imageUrl: null,
  productCount: 3,
}));

function render(categories: readonly SubCategory[], initiallyExpanded = false): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SubCategories categories={categories} collectionPath="/collections" initiallyExpanded={initiallyExpanded} />
    </MemoryRouter>,
  );
}

function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
}

describe("sub-categories (spec §2: 8 shown with a MORE / LESS toggle)", () => {
  it("shows the first 8 of 11 children and a MORE button", () => {
    const html = render(children);
    expect(SUB_CATEGORIES_SHOWN).toBe(8);
    expect(links(html)).toEqual(children.slice(0, 8).map((child) => `/collections/${child.handle}`));
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>MORE<\/button>/);
    expect(html).toContain("SUB CATEGORIES");
  });

  it("shows every child with LESS once expanded", () => {
    const html = render(children, true);
    expect(links(html)).toHaveLength(11);
    expect(links(html).at(-1)).toBe("/collections/child-11");
    expect(html).toMatch(/<button[^>]*aria-expanded="true"[^>]*>LESS<\/button>/);
    expect(visibleSubCategories(children, false)).toHaveLength(8);
    expect(visibleSubCategories(children, true)).toHaveLength(11);
  });

  it("has no toggle for 8 children or fewer, and nothing at all without children", () => {
    const html = render(children.slice(0, 8));
    expect(links(html)).toHaveLength(8);
    expect(html).not.toContain("<button");
    expect(render([])).toBe("");
  });
});
