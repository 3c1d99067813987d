// What a rendered page shows and whether it may be shared, as its loaders report it. The page renderer
// gives every request a fresh `PageHints` (AppLoadContext.page); the page cache stores a page only when
// nothing marked it personal, and tags the copy so that a store change drops exactly the pages it touches.
import type { StoreChange } from "../changes/store-changes.ts";

/**
 * Tags: `product:<id>` for every product a page shows (its price, stock, title), `listing` for pages
 * whose list of products a new, removed or renamed product can change (categories, search, home), and
 * the kind names (`product`, `category`, `brand`, `content`, `settings`, `discount`, `equipment`) for a
 * page that shows something of that kind without naming which.
 */
export class PageHints {
  readonly tags = new Set<string>();
  private personalReason: string | null = null;

  /** Adds tags (see the class comment). */
  tag(...tags: string[]): void {
    for (const tag of tags) this.tags.add(tag);
  }

  /** The products this page shows (cards, the product itself, recommendations rendered on the server). */
  tagProducts(ids: Iterable<number | string>): void {
    for (const id of ids) this.tags.add(`product:${id}`);
  }

  /** This answer depends on the visitor (their session, cart, account): it is never cached. */
  markPersonal(reason: string): void {
    this.personalReason ??= `personal: ${reason}`;
  }

  /** This answer must not be kept for others (a part of it failed to load and shows an error). */
  markUncacheable(reason: string): void {
    this.personalReason ??= reason;
  }

  /** Why the answer may not be cached; null when it may. */
  get uncacheable(): string | null {
    return this.personalReason;
  }

  /**
   * The tags the cached copy carries. A page that names no product it shows depends on all of them:
   * it gets `product`, which any product, price or stock change drops.
   */
  finalTags(): string[] {
    const tags = new Set(this.tags);
    if (![...tags].some((tag) => tag.startsWith("product:") || tag === "listing")) tags.add("product");
    return [...tags].sort();
  }
}

/** Product, price and stock changes all reach the pages through their products' tags. */
const PRODUCT_KINDS = new Set(["product", "price", "stock"]);

/**
 * The tags a change drops: exact tags, and prefixes (a change without ids drops the whole kind).
 * - product/price/stock with ids: `product:<id>` for each and `product` (pages that show some product
 *   without naming it); a product change (new, renamed, removed) and a price change (which moves a
 *   product into or out of price filters and price sorts) also drop `listing`.
 * - product/price/stock without ids: every `product:*`, `product` and `listing`.
 * - other kinds with ids: `<kind>:<id>` and `<kind>`; without ids: `<kind>` and every `<kind>:*`.
 */
export function tagsForChange(change: StoreChange): { tags: string[]; prefixes: string[] } {
  const ids = change.ids ?? [];
  if (PRODUCT_KINDS.has(change.kind)) {
    if (ids.length === 0) return { tags: ["product", "listing"], prefixes: ["product:"] };
    const tags = ["product", ...ids.map((id) => `product:${id}`)];
    // A new price can move a product into a list that did not show it (a price filter or sort).
    if (change.kind === "product" || change.kind === "price") tags.push("listing");
    return { tags, prefixes: [] };
  }
  if (ids.length === 0) return { tags: [change.kind], prefixes: [`${change.kind}:`] };
  return { tags: [change.kind, ...ids.map((id) => `${change.kind}:${id}`)], prefixes: [] };
}
