// The listing sidebar (the search results page's, also on the category page): Sort by, per
// page, price range, vendor, and one radio group per tag prefix with counts. Every control reports a
// change of URL parameters; the page decides when to navigate (the search page waits 400 ms).
import { useEffect, useId, useRef, useState } from "react";
import type { SortOption } from "../../../shared/catalog-query.ts";
import {
  chosenTagValue,
  type DisplayQuery,
  earlyChoices,
  type ListingResult,
  type ParamChanges,
  prefixKey,
  type SidebarControls,
  withTagChoice,
} from "./listing-query.ts";
import { PriceRangeSlider } from "./price-range-slider.tsx";

/** Tag values listed per prefix before 'Show more'. */
export const TAG_VALUES_SHOWN = 8;

export const SORT_LABELS: Record<SortOption, string> = {
  default: "Default",
  id_asc: "Older",
  id_desc: "Newer",
  title_asc: "Name: A to Z",
  title_desc: "Name: Z to A",
  price_asc: "Price: Low to High",
  price_desc: "Price: High to Low",
  top_rated: "Top Rated",
  best_selling: "Best Selling",
};

export type SidebarListing = Pick<ListingResult, "tagFilters" | "vendors" | "productMaxPrice" | "totalObjects"> &
  Partial<Pick<ListingResult, "countsEstimated">>;

/** A facet count; an estimated one (a broad search of a big catalog) reads "about". */
export function facetCount(count: number, estimated: boolean | undefined): string {
  return estimated ? `~${count.toLocaleString("en-US")}` : String(count);
}
export type SidebarQuery = DisplayQuery;

export interface FilterSidebarProps {
  listing: SidebarListing;
  query: SidebarQuery;
  /** Whether a limit is in the URL (else the select shows Default). */
  limitInUrl: boolean;
  /** The page sizes offered (LIMIT_OPTIONS of shared/catalog-query.ts, sent by the loader). */
  limitOptions: readonly number[];
  currency: string;
  onChange: (changes: ParamChanges) => void;
  /** The price slider shows only when there are results or while loading. */
  showPrice: boolean;
}

interface TagGroup {
  prefix: string;
  values: { value: string; count: number }[];
}

/** Tag counts grouped by prefix, in the service's order (prefixes alphabetical, values by count). */
export function groupTags(tags: SidebarListing["tagFilters"]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of tags) {
    const key = prefixKey(tag.tagPrefix);
    let group = groups.get(key);
    if (!group) {
      group = { prefix: tag.tagPrefix, values: [] };
      groups.set(key, group);
    }
    group.values.push({ value: tag.tagValue, count: tag.tagCount });
  }
  return [...groups.values()];
}

/** `Pump-Type` reads 'Pump Type'. */
export function prefixLabel(prefix: string): string {
  return prefix.replace(/-/g, " ");
}

const blockTitle = "mb-2 text-xs font-bold tracking-wider text-water-900 uppercase";
const selectClass =
  "min-h-11 w-full rounded-md border border-line bg-white px-2 text-base text-ink focus:border-aqua-500 desk:min-h-9 desk:text-sm";

export function FilterSidebar({
  listing,
  query,
  limitInUrl,
  limitOptions,
  currency,
  onChange,
  showPrice,
}: FilterSidebarProps) {
  const id = useId();
  const groups = groupTags(listing.tagFilters);
  const root = useRef<HTMLDivElement>(null);
  // On a desktop page this part hydrates when its code arrives, after the page's: a choice made on its
  // server HTML before then (a radio checked, a select changed) is shown by the browser but reached no
  // handler, and a radio left checked could not be chosen again. Applied once the code runs. What the
  // server rendered is each control's default (an option's `selected`, a radio's `checked` attribute),
  // which a shopper's choice does not change. A control without one was not hydrated (a client render
  // sets properties only: the phone's drawer, a page reached by a link) or shows a URL value it does not
  // list: it is left alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the controls are read once, as hydrated.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const shown: SidebarControls = { sortBy: "", limit: "", vendor: null, tags: {} };
    const held: SidebarControls = { sortBy: "", limit: "", vendor: null, tags: {} };
    for (const select of element.querySelectorAll<HTMLSelectElement>("select[data-control]")) {
      const rendered = [...select.options].find((option) => option.defaultSelected);
      const name = select.dataset.control;
      if (!rendered || (name !== "sortBy" && name !== "limit" && name !== "vendor")) continue;
      shown[name] = rendered.value;
      held[name] = select.value;
    }
    for (const fieldset of element.querySelectorAll<HTMLFieldSetElement>("fieldset[data-prefix]")) {
      const radios = [...fieldset.querySelectorAll<HTMLInputElement>("input[type=radio]")];
      const rendered = radios.find((radio) => radio.defaultChecked);
      const picked = radios.find((radio) => radio.checked);
      const prefix = fieldset.dataset.prefix;
      if (!rendered || !picked || picked === rendered || prefix === undefined) continue;
      shown.tags[prefix] = rendered.value;
      held.tags[prefix] = picked.value;
    }
    const changes = earlyChoices(shown, held, query.tags);
    if (changes) onChange(changes);
  }, []);
  return (
    <div ref={root} className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3 desk:grid-cols-1">
        <div>
          <label htmlFor={`${id}-sort`} className={blockTitle}>
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            data-control="sortBy"
            value={query.sortBy}
            onChange={(event) => onChange({ sortBy: event.target.value === "default" ? null : event.target.value })}
            className={selectClass}
          >
            {(Object.keys(SORT_LABELS) as SortOption[]).map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-limit`} className={blockTitle}>
            Per page
          </label>
          <select
            id={`${id}-limit`}
            data-control="limit"
            value={limitInUrl ? String(query.limit) : ""}
            onChange={(event) => onChange({ limit: event.target.value || null })}
            className={selectClass}
          >
            <option value="">Default</option>
            {limitOptions.map((size) => (
              <option key={size} value={String(size)}>
                {size} per page
              </option>
            ))}
          </select>
        </div>
      </div>

      {showPrice && listing.productMaxPrice > 0 ? (
        <section aria-labelledby={`${id}-price`}>
          <div className="flex items-center justify-between gap-2">
            <h3 id={`${id}-price`} className={blockTitle}>
              Price
            </h3>
            {query.minPrice !== null || query.maxPrice !== null ? (
              <button
                type="button"
                onClick={() => onChange({ minPrice: null, maxPrice: null })}
                aria-label="Clear price filter"
                className="mb-2 min-h-11 px-1 text-sm font-semibold text-aqua-600 hover:underline desk:min-h-8"
              >
                Clear
              </button>
            ) : null}
          </div>
          <PriceRangeSlider
            maxPrice={listing.productMaxPrice}
            minValue={query.minPrice}
            maxValue={query.maxPrice}
            currency={currency}
            onCommit={(range) => onChange(range)}
          />
        </section>
      ) : null}

      {listing.vendors.length > 0 ? (
        <div>
          <label htmlFor={`${id}-vendor`} className={blockTitle}>
            Vendor
          </label>
          <select
            id={`${id}-vendor`}
            data-control="vendor"
            value={query.vendors[0] ?? ""}
            onChange={(event) => onChange({ v: event.target.value || null })}
            className={selectClass}
          >
            <option value="">All</option>
            {listing.vendors.map((vendor) => (
              <option key={vendor.vendor} value={vendor.vendor}>
                {vendor.vendor} ({facetCount(vendor.vendorCount, listing.countsEstimated)})
              </option>
            ))}
            {/* A vendor from the URL that no longer matches anything still shows as chosen. */}
            {query.vendors[0] && !listing.vendors.some((vendor) => vendor.vendor === query.vendors[0]) ? (
              <option value={query.vendors[0]}>{query.vendors[0]} (0)</option>
            ) : null}
          </select>
        </div>
      ) : null}

      {groups.map((group) => (
        <TagRadioGroup
          key={group.prefix}
          group={group}
          chosen={chosenTagValue(query.tags, group.prefix)}
          estimated={listing.countsEstimated}
          onChoose={(value) => onChange({ t: withTagChoice(query.tags, group.prefix, value) })}
        />
      ))}
    </div>
  );
}

function TagRadioGroup({
  group,
  chosen,
  estimated,
  onChoose,
}: {
  group: TagGroup;
  chosen: string | null;
  estimated: boolean | undefined;
  onChoose: (value: string | null) => void;
}) {
  const name = useId();
  const [expanded, setExpanded] = useState(false);
  // The chosen value stays visible even when it is beyond the first eight.
  const chosenIndex = group.values.findIndex((entry) => entry.value === chosen);
  const shown =
    expanded || group.values.length <= TAG_VALUES_SHOWN
      ? group.values
      : group.values.filter((_, index) => index < TAG_VALUES_SHOWN || index === chosenIndex);
  const radio = "size-4 shrink-0 accent-water-900";
  const row = "flex min-h-11 cursor-pointer items-center gap-2 rounded px-1 text-sm hover:bg-surface desk:min-h-8";
  return (
    <fieldset data-prefix={group.prefix}>
      <legend className={blockTitle}>{prefixLabel(group.prefix)}</legend>
      <div className="flex flex-col">
        <label className={row}>
          <input
            type="radio"
            name={name}
            value=""
            checked={chosen === null}
            onChange={() => onChoose(null)}
            className={radio}
          />
          None
        </label>
        {shown.map((entry) => (
          <label key={entry.value} className={row}>
            <input
              type="radio"
              name={name}
              value={entry.value}
              checked={chosen === entry.value}
              onChange={() => onChoose(entry.value)}
              className={radio}
            />
            <span className="min-w-0 flex-1 truncate">{entry.value}</span>
            <span className="tabular text-xs text-muted">({facetCount(entry.count, estimated)})</span>
          </label>
        ))}
      </div>
      {group.values.length > TAG_VALUES_SHOWN ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          className="mt-1 min-h-11 text-sm font-semibold text-aqua-600 hover:underline desk:min-h-8"
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      ) : null}
    </fieldset>
  );
}
