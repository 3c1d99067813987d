import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { shouldAutoAdvance } from "./auto-advance.ts";
import { Breadcrumbs, breadcrumbJsonLd, searchCrumbLabel, withHome } from "./breadcrumbs.tsx";
import { PaginationControls } from "./pagination-controls.tsx";
import { ProductCard, type ProductCardData, toProductCardData } from "./product-card.tsx";
import { createToastStore, MAX_TOASTS } from "./toasts.tsx";
import { visibleNavChildren } from "./top-navigation.tsx";

function render(element: React.ReactElement, url = "/"): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>);
}

describe("breadcrumbs", () => {
  it("always start with Home at /", () => {
    expect(withHome([{ label: "Collections", href: "/collections" }, { label: "Pumps" }])).toEqual([
      { label: "Home", href: "/" },
      { label: "Collections", href: "/collections" },
      { label: "Pumps" },
    ]);
    expect(withHome([{ label: "Start", href: "/" }, { label: "X" }])[0]).toEqual({ label: "Home", href: "/" });
    expect(searchCrumbLabel("pump lid")).toBe('Search for "pump lid"');
  });

  it("mark the current page and link the rest", () => {
    const html = render(<Breadcrumbs items={[{ label: "Brands", href: "/brands" }, { label: "Hayward" }]} />);
    expect(html).toContain('aria-label="Breadcrumb"');
    expect(html).toContain('href="/"');
    expect(html).toContain('href="/brands"');
    expect(html).toMatch(/aria-current="page"[^>]*>Hayward</);
  });

  it("emit BreadcrumbList structured data with absolute URLs", () => {
    const meta = breadcrumbJsonLd(
      [{ label: "Collections", href: "/collections" }, { label: "Pumps" }],
      "https://shop.example",
      "/collections/pumps",
    ) as { "script:ld+json": { itemListElement: Array<Record<string, unknown>> } };
    expect(meta["script:ld+json"].itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "Collections", item: "https://shop.example/collections" },
      { "@type": "ListItem", position: 3, name: "Pumps", item: "https://shop.example/collections/pumps" },
    ]);
  });
});

describe("pagination controls", () => {
  it("render links with ?page= that work without JavaScript, keeping the query", () => {
    const html = render(
      <PaginationControls page={4} totalPages={20} totalObjects={480} limit={24} showPrevNext />,
      "/searchresults.asp?q=pump&page=4",
    );
    expect(html).toContain("Pages:");
    expect(html).toContain("Showing 97 - 120 of 480 products.");
    expect(html).toContain('href="/searchresults.asp?q=pump&amp;page=5"');
    // Page 1 has no page parameter; the window is 1 … 3 4 [5] 6 7 … 20.
    expect(html).toContain('href="/searchresults.asp?q=pump"');
    expect(html).toContain('href="/searchresults.asp?q=pump&amp;page=19"');
    expect(html).not.toContain("page=1&amp;");
    expect(html).toMatch(/aria-current="page"[^>]*><span class="sr-only">Page <\/span>5</);
    for (const text of [">Prev<", ">Back<", ">Next<"]) expect(html).toContain(text);
  });

  it("disable Back and Prev on the first page", () => {
    const html = render(<PaginationControls page={0} totalPages={3} totalObjects={60} limit={24} showPrevNext />);
    expect(html).toMatch(/<button type="button" disabled(?:="")?(?=[\s>])[^>]*>Prev<\/button>/);
    expect(html).toMatch(/<button type="button" disabled(?:="")?(?=[\s>])[^>]*>Back<\/button>/);
  });

  it("show only the summary for a single page", () => {
    const html = render(<PaginationControls page={0} totalPages={1} totalObjects={3} limit={24} resource="brands" />);
    expect(html).toContain("Showing 1 - 3 of 3 brands.");
    expect(html).not.toContain("Pages:");
  });
});

const card: ProductCardData = {
  id: 1,
  handle: "super-pump",
  title: "Super Pump",
  vendor: "Hayward",
  imageUrl: "/img/demo/pump/hayward/SP2610.svg",
  price: 99.99,
  compareAtPrice: 129.99,
  avgRating: 4.4,
  totalReviews: 1,
  isFeatured: true,
  availableForSale: true,
  availableQuantity: 3,
  bypassNegativeQuantity: false,
  inventoryLevelId: 11,
};

describe("product card", () => {
  it("shows the spec's parts: badges, vendor link, rating, prices, stock and Add to Cart", () => {
    const html = render(<ProductCard product={card} productPath="/products" currency="USD" onAddToCart={vi.fn()} />);
    expect(html).toContain('href="/products/super-pump"');
    expect(html).toContain('href="/searchresults.asp?v=Hayward"');
    expect(html).toContain("Save 23%");
    expect(html).toContain("Featured");
    expect(html).toContain("1 review");
    expect(html).toContain("$99.99");
    expect(html).toContain("$129.99");
    expect(html).toContain("In Stock and Ready to Ship!!!");
    expect(html).toContain("Add to Cart");
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('width="320" height="320"');
    expect(html).toContain("/img/demo/pump/hayward/SP2610_640x.webp 640w");
    expect(html).not.toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>.*Add to Cart/);
  });

  it("sold out: badge, no compare price, button disabled", () => {
    const html = render(
      <ProductCard
        product={{ ...card, availableForSale: false }}
        productPath="/products"
        currency="USD"
        onAddToCart={vi.fn()}
        addToOrder
      />,
    );
    expect(html).toContain("Sold out");
    expect(html).toContain("Out of Stock");
    expect(html).not.toContain("$129.99");
    expect(html).toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>.*Add to Order/);
  });

  it("zero price: call for price, and on the search page no Add to Cart", () => {
    const html = render(
      <ProductCard
        product={{ ...card, price: 0, compareAtPrice: null, imageUrl: "https://cdn.example/p.jpg" }}
        productPath="/products"
        currency="USD"
        onAddToCart={vi.fn()}
        onSearchPage
        eager
      />,
    );
    expect(html).toContain("Please call us for price on this product.");
    expect(html).not.toContain("$0.00");
    expect(html).toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>.*Add to Cart/);
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain("srcSet");
    expect(html).not.toContain("srcset");
  });

  it("disables Add to Cart when the cart already holds the stock", () => {
    const html = render(
      <ProductCard product={card} productPath="/products" currency="USD" onAddToCart={vi.fn()} quantityInCart={3} />,
    );
    expect(html).toMatch(/<button[^>]*\sdisabled(?:="")?(?=[\s>])[^>]*>.*Add to Cart/);
  });

  it("reads the API card through its first inventory level", () => {
    expect(
      toProductCardData({
        id: 5,
        handle: "h",
        title: "T",
        vendor: null,
        imageUrl: null,
        price: 10,
        compareAtPrice: null,
        avgRating: 0,
        totalReviews: 0,
        isFeatured: false,
        Images: [{ id: 1, url: "/img/a.svg" }],
        availableInventoryLevels: [
          {
            id: 77,
            inventoryPrice: 12.5,
            inventoryCompareAtPrice: 15,
            availableForSale: true,
            availableQuantity: 0,
            bypassNegativeQuantity: true,
          },
        ],
      }),
    ).toMatchObject({
      imageUrl: "/img/a.svg",
      price: 12.5,
      compareAtPrice: 15,
      availableForSale: true,
      inventoryLevelId: 77,
      bypassNegativeQuantity: true,
    });
  });
});

describe("top navigation", () => {
  const children = Array.from({ length: 11 }, (_, index) => ({
    id: index + 10,
    title: `C${index}`,
    url: `/c/${index}`,
  }));

  it("shows 8 children unless the item says otherwise", () => {
    expect(visibleNavChildren({ id: 1, title: "Pumps", url: "/p", children })).toMatchObject({ hiddenCount: 3 });
    expect(visibleNavChildren({ id: 1, title: "Pumps", url: "/p", children }).shown).toHaveLength(8);
    const wide = visibleNavChildren({ id: 1, title: "Pumps", url: "/p", children, maxChildItemsToDisplay: 10 });
    expect(wide.shown).toHaveLength(10);
    expect(
      visibleNavChildren({ id: 1, title: "Pumps", url: "/p", children, maxChildItemsToDisplay: 0 }).shown,
    ).toHaveLength(8);
    expect(visibleNavChildren({ id: 1, title: "Pumps", url: "/p" })).toEqual({ shown: [], hiddenCount: 0 });
  });
});

describe("carousels that move by themselves (hero, seller reviews)", () => {
  const base = { slideCount: 3, playing: true, hovered: false, focused: false, reducedMotion: false, onScreen: true };
  it("advances by itself only when nothing holds it", () => {
    expect(shouldAutoAdvance(base)).toBe(true);
    expect(shouldAutoAdvance({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoAdvance({ ...base, focused: true })).toBe(false);
    expect(shouldAutoAdvance({ ...base, playing: false })).toBe(false);
    expect(shouldAutoAdvance({ ...base, reducedMotion: true })).toBe(false);
    expect(shouldAutoAdvance({ ...base, slideCount: 1 })).toBe(false);
    expect(shouldAutoAdvance({ ...base, onScreen: false })).toBe(false);
  });
});

describe("toast store", () => {
  function fakeTimers() {
    let now = 0;
    let next = 1;
    const pending = new Map<number, { at: number; run: () => void }>();
    return {
      timers: {
        set: (run: () => void, ms: number) => {
          const id = next++;
          pending.set(id, { at: now + ms, run });
          return id;
        },
        clear: (id: unknown) => {
          pending.delete(id as number);
        },
        now: () => now,
      },
      advance(ms: number) {
        now += ms;
        for (const [id, timer] of [...pending]) {
          if (timer.at <= now) {
            pending.delete(id);
            timer.run();
          }
        }
      },
    };
  }

  it("auto-hides after its time and is removed on close", () => {
    const clock = fakeTimers();
    const store = createToastStore(clock.timers);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().length));
    const added = store.show("Product added to cart", { tone: "success" });
    const failed = store.show("Failed to add item to cart", { tone: "error" });
    expect(store.getSnapshot().map((t) => t.message)).toEqual(["Product added to cart", "Failed to add item to cart"]);
    clock.advance(5000);
    expect(store.getSnapshot().map((t) => t.id)).toEqual([failed]);
    store.dismiss(failed);
    expect(store.getSnapshot()).toEqual([]);
    store.dismiss(added);
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it("holds a toast while paused and lets the rest of its time run after", () => {
    const clock = fakeTimers();
    const store = createToastStore(clock.timers);
    const id = store.show("Saved", { tone: "info", durationMs: 5000 });
    clock.advance(3000);
    store.pause(id);
    clock.advance(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.resume(id);
    clock.advance(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    clock.advance(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("keeps only the newest few", () => {
    const store = createToastStore(fakeTimers().timers);
    for (let index = 0; index < MAX_TOASTS + 2; index++) store.show(`m${index}`);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(["m2", "m3", "m4", "m5"]);
  });
});
