import { Form, Link } from "react-router";
import { formatTagFilter } from "../../../shared/catalog-query.ts";

export interface BrandFilterFacets {
  availableTagFilters: { tagPrefix: string; tagValue: string; tagCount: number }[];
  productMaxPrice: number;
}

/** Values shown per group before 'Show more'. */
const VISIBLE_VALUES = 8;

/**
 * The brand page's product filter: tag values (checkboxes with counts, alternatives within a group) and
 * a price range. A plain GET form, so it also works before the page's JavaScript has loaded; applying
 * it starts again at the first page.
 */
export function BrandFilters({
  facets,
  selectedTags,
  minPrice,
  maxPrice,
  clearHref,
  total,
}: {
  facets: BrandFilterFacets;
  /** The brand's products: a value found on all of them is not offered. */
  total: number;
  selectedTags: readonly string[];
  minPrice: number | null;
  maxPrice: number | null;
  clearHref: string;
}) {
  const groups = new Map<string, BrandFilterFacets["availableTagFilters"]>();
  const selected = new Set(selectedTags);
  for (const tag of facets.availableTagFilters) {
    // A value every listed product has (the brand's own 'Brand' tag) narrows nothing: left out.
    const value = formatTagFilter({ prefix: tag.tagPrefix, value: tag.tagValue });
    if (tag.tagCount >= total && !selected.has(value)) continue;
    const list = groups.get(tag.tagPrefix) ?? [];
    list.push(tag);
    groups.set(tag.tagPrefix, list);
  }
  const filtered = selectedTags.length > 0 || minPrice !== null || maxPrice !== null;
  const checkbox = (tag: BrandFilterFacets["availableTagFilters"][number]) => {
    const value = formatTagFilter({ prefix: tag.tagPrefix, value: tag.tagValue });
    return (
      <li key={value}>
        <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" name="t" value={value} defaultChecked={selected.has(value)} className="size-4" />
          <span className="flex-1">{tag.tagValue}</span>
          <span className="tabular text-xs text-muted">({tag.tagCount})</span>
        </label>
      </li>
    );
  };
  return (
    <Form method="get" className="rounded-lg border border-line bg-white p-4" aria-label="Filter products">
      <h2 className="text-sm font-bold tracking-wide text-water-900">FILTER PRODUCTS</h2>
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold">Price</legend>
        <div className="mt-2 flex items-center gap-2">
          <label className="sr-only" htmlFor="brand-min-price">
            Minimum price
          </label>
          <input
            id="brand-min-price"
            name="minPrice"
            inputMode="decimal"
            placeholder="Min"
            defaultValue={minPrice ?? ""}
            className="tabular min-h-11 w-full min-w-0 rounded-md border border-line px-2 text-sm"
          />
          <span aria-hidden="true">–</span>
          <label className="sr-only" htmlFor="brand-max-price">
            Maximum price
          </label>
          <input
            id="brand-max-price"
            name="maxPrice"
            inputMode="decimal"
            placeholder={facets.productMaxPrice > 0 ? String(Math.ceil(facets.productMaxPrice)) : "Max"}
            defaultValue={maxPrice ?? ""}
            className="tabular min-h-11 w-full min-w-0 rounded-md border border-line px-2 text-sm"
          />
        </div>
      </fieldset>
      {[...groups].map(([prefix, tags]) => (
        <fieldset key={prefix} className="mt-4">
          <legend className="text-sm font-semibold">{prefix.replace(/-/g, " ")}</legend>
          <ul className="mt-1">{tags.slice(0, VISIBLE_VALUES).map(checkbox)}</ul>
          {tags.length > VISIBLE_VALUES ? (
            <details className="group">
              <summary className="min-h-9 cursor-pointer py-1 text-sm font-semibold text-aqua-600">
                <span className="group-open:hidden">Show more</span>
                <span className="hidden group-open:inline">Show less</span>
              </summary>
              <ul>{tags.slice(VISIBLE_VALUES).map(checkbox)}</ul>
            </details>
          ) : null}
        </fieldset>
      ))}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary">
          Apply
        </button>
        {filtered ? (
          <Link to={clearHref} className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
