// Search results page: /searchresults.asp
// with q, v, minPrice, maxPrice, sortBy, limit, page, t and cat. `search` is renamed q; cat sends the
// shopper to that category. The results are rendered on the server; filter changes rewrite the URL.
import { LayoutGrid, List, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, redirect } from "react-router";
import { LIMIT_OPTIONS, MIN_SEARCH_LENGTH } from "../../shared/catalog-query.ts";
import { priceChips } from "../../shared/price-phrase.ts";
import {
  attributeLabel,
  attributeNameLabel,
  formatAttributeFilter,
  priceLabel,
} from "../../shared/search-understanding.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { Breadcrumbs, searchCrumbLabel } from "../components/breadcrumbs.tsx";
import { PaginationControls } from "../components/pagination-controls.tsx";
import { SkeletonCardGrid } from "../components/skeleton-card.tsx";
import { appContext } from "../context.ts";
import {
  emptyListing,
  getCollection,
  isQueryTooShort,
  loadListing,
  NotFound,
  splitAttributes,
  withoutPriceWords,
} from "../features/catalog/catalog-data.server.ts";
import { FilterDrawerButton } from "../features/catalog/filter-drawer-button.tsx";
import { LazyFilterDrawer } from "../features/catalog/lazy-filter-drawer.tsx";
import { readListingQuery } from "../features/catalog/listing-query.server.ts";
import { displayQuery, type ParamChanges } from "../features/catalog/listing-query.ts";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { filterSidebar } from "../features/catalog/sidebar-parts.ts";
import { RESULTS_DEBOUNCE_MS, useListingNavigation } from "../features/catalog/use-listing-navigation.ts";
import { useViewMode } from "../features/catalog/use-view-mode.ts";
import { ModelMatchCard } from "../features/equipment/model-match-card.tsx";
import { LatePart } from "../lib/deferred-hydration.tsx";
import {
  absoluteUrl,
  breadcrumbListLd,
  canonicalListingUrl,
  type PageSeo,
  seoMeta,
  withStoreName,
} from "../lib/seo.ts";
import { useMobileAgent } from "../lib/use-mobile-agent.ts";
import type { Route } from "./+types/search-results";

export const EXPERT_ASSISTANCE_URL = "/Articles.asp?ID=355";
export const NO_RESULTS_TEXT = "No products match your search criteria, please try again.";
const RESULTS_ID = "search-results";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, logger, page } = context.get(appContext);
  // Catalog and search only: from the read replica when DATABASE_READ_URL names one.
  const db = services.database.readDb;
  const store = services.config.store;
  const theme = store.themeConfig;
  const url = new URL(request.url);
  const params = url.searchParams;

  // Old links say ?search=: the same page under its one name, q.
  if (params.has("search")) {
    const text = params.get("search") ?? "";
    params.delete("search");
    if (!params.get("q")) params.set("q", text);
    throw redirect(`${url.pathname}?${params.toString()}`, 301);
  }
  // ?cat= names a category (id or handle): its page is the better answer.
  const cat = params.get("cat")?.trim();
  if (cat) {
    try {
      const collection = await getCollection(db, cat);
      throw redirect(`${store.paths.collections}/${collection.handle}`);
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
      params.delete("cat");
    }
  }

  // Measured attributes typed into q ("3 hp pool pump") become attribute filters (a=horsepower_3): the
  // filter shows and can be removed, and the address says what the page lists. The search is the same.
  const typed = params.get("q") ?? "";
  const split = typed ? splitAttributes(typed) : null;
  if (split && split.attributes.length > 0 && [...split.text].length >= MIN_SEARCH_LENGTH) {
    const filters = new Set(params.getAll("a"));
    for (const attribute of split.attributes) filters.add(formatAttributeFilter(attribute));
    params.set("q", split.text);
    params.delete("a");
    for (const filter of filters) params.append("a", filter);
    params.delete("page");
    // Once: what is left of q reads no attribute of its own.
    if (splitAttributes(split.text).attributes.length === 0) throw redirect(`${url.pathname}?${params.toString()}`);
  }

  const query = readListingQuery(params, theme.defaultLimitPerPage);
  const attributeFilters = query.attributes ?? [];
  const hasText = query.q !== "" || query.vendors.length > 0 || attributeFilters.length > 0;
  // A search runs only when q or v has at least 3 characters; a vendor the store sells counts
  // whatever the length of its name (a brand called GE).
  const runs = hasText && !(await isQueryTooShort(db, query));
  const listing = runs
    ? await loadListing(db, query).catch((error: unknown) => {
        // Search failures are only logged; the page shows no results.
        logger.error({ err: error }, "Search failed");
        page.markUncacheable("search failed");
        return emptyListing(query);
      })
    : emptyListing(query);
  // Any product change may change what a search finds; price and stock changes reach the products shown.
  page.tag("listing");
  page.tagProducts(listing.products.map((product) => product.id));

  const publicUrl = services.config.publicUrl;
  const label = query.q ? searchCrumbLabel(query.q) : query.vendors[0] ? query.vendors[0] : "Search";
  const canonical = canonicalListingUrl(url.pathname, params, ["q", "v", "t", "page"], publicUrl);
  const seo: PageSeo = {
    title: withStoreName(
      query.q ? `Search results for "${query.q}"` : query.vendors[0] ? `${query.vendors[0]} parts` : "Search",
      store.storeName,
    ),
    description: query.q
      ? `${listing.totalObjects} pool and spa parts matching "${query.q}". Find your part by keyword or part number.`
      : theme.seoDescription,
    canonical,
    // Result pages are endless variations of one another: crawlers index the categories and products instead.
    indexed: false,
    image: null,
    ogType: "website",
    siteName: store.storeName,
    jsonLd: [breadcrumbListLd([{ name: "Home", url: absoluteUrl("/", publicUrl) }, { name: label }])],
  };

  return {
    seo,
    query,
    hasText,
    tooShort: hasText && !runs,
    defaultLimit: readListingQuery(new URLSearchParams(), theme.defaultLimitPerPage).limit,
    limitOptions: [...LIMIT_OPTIONS],
    tooShortText: `Type at least ${MIN_SEARCH_LENGTH} characters of a keyword or part number.`,
    listing,
    // The query without its typed price ("pool pump under 600" -> "pool pump"): removing the price chip.
    queryWithoutPrice: query.q ? withoutPriceWords(query.q) : "",
    // The same, keeping "cheap" (lowest prices first): the price filter's own controls replace the bound only.
    queryWithoutPriceBounds: query.q ? withoutPriceWords(query.q, { keepLowFirst: true }) : "",
    currency: displayCurrency(store),
    productPath: store.paths.products,
    collectionPath: store.paths.collections,
    noImageUrl: theme.productNoImageUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seoMeta(loaderData.seo) : []);

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { listing, hasText, tooShort, currency, productPath, collectionPath, noImageUrl, defaultLimit } = loaderData;
  const query = loaderData.query;
  const nav = useListingNavigation(RESULTS_DEBOUNCE_MS);
  const mobileAgent = useMobileAgent();
  const [view, setView] = useViewMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [within, setWithin] = useState("");

  // The controls show a pending change at once; the list follows when the new page arrives.
  const shown = displayQuery(query, nav.search, defaultLimit);
  const loading = nav.loading;
  const total = listing.totalObjects;
  const chips = query.q ? priceChips(query.q, query) : [];
  const understanding = listing.understanding;
  // A price typed into q is the price filter in force: the sidebar shows its bounds, and moving or
  // clearing them replaces the typed words (the explicit bounds win from then on).
  const typedPrice = understanding?.price && shown.q === query.q ? understanding.price : null;
  const filterQuery = typedPrice
    ? {
        ...shown,
        minPrice: shown.minPrice ?? typedPrice.minPrice,
        maxPrice: shown.maxPrice ?? typedPrice.maxPrice,
      }
    : shown;
  const changeFilters = (changes: ParamChanges) =>
    nav.change(
      typedPrice && ("minPrice" in changes || "maxPrice" in changes)
        ? { ...changes, q: loaderData.queryWithoutPriceBounds }
        : changes,
    );
  const activeFilters =
    filterQuery.tags.length +
    filterQuery.vendors.length +
    (filterQuery.minPrice !== null || filterQuery.maxPrice !== null ? 1 : 0);
  const attributeFilters = understanding?.attributes.filter((attribute) => attribute.filter) ?? [];

  function searchWithin(event: FormEvent) {
    event.preventDefault();
    const words = within.trim();
    if (!words) return;
    // Search Within sets q to the words typed (and clears the field).
    nav.change({ q: words }, { immediate: true });
    setWithin("");
  }

  const sidebarProps = {
    listing,
    query: filterQuery,
    limitInUrl: new URLSearchParams(nav.search).has("limit"),
    limitOptions: loaderData.limitOptions,
    currency,
    onChange: changeFilters,
    showPrice: total > 0 || loading,
  };

  return (
    <>
      <div className="container-store py-4 desk:py-6">
        <Breadcrumbs items={[{ label: query.q ? searchCrumbLabel(query.q) : "Search" }]} />
        <div className="mt-4 desk:grid desk:grid-cols-[250px_minmax(0,1fr)] desk:gap-8">
          {/* Desktop only; a phone filters in the drawer (useMobileAgent). */}
          {mobileAgent ? null : (
            <aside aria-label="Filters" className="hidden desk:block">
              <LatePart part={filterSidebar} props={sidebarProps} />
            </aside>
          )}

          <div id={RESULTS_ID} className="min-w-0 scroll-mt-4">
            <h1 className="text-2xl font-extrabold text-water-900 desk:text-3xl">
              {query.q ? (
                <>
                  Search results for <span className="break-words">"{query.q}"</span>
                </>
              ) : query.vendors[0] ? (
                `${query.vendors[0]} parts`
              ) : (
                "Search our catalog"
              )}
            </h1>

            {hasText && !tooShort ? (
              <p className="mt-2 text-ink" data-testid="match-count">
                {listing.countsEstimated ? "About " : null}
                <span className="tabular font-semibold">
                  {listing.countsEstimated ? total.toLocaleString("en-US") : total}
                </span>{" "}
                matches found. Can't find your part? Click{" "}
                <Link to={EXPERT_ASSISTANCE_URL} className="font-bold text-aqua-600 underline">
                  HERE
                </Link>{" "}
                to request expert assistance!
              </p>
            ) : (
              <p className="mt-2 text-muted">
                {tooShort
                  ? loaderData.tooShortText
                  : "Type a keyword or the part number from your equipment's label in the search box above."}
              </p>
            )}
            {listing.equipment ? <ModelMatchCard match={listing.equipment} /> : null}
            {listing.relaxedQuery !== null && listing.droppedWords.length > 0 && total > 0 ? (
              <p className="mt-1 text-sm text-muted" data-testid="relaxed-notice">
                Showing results for <strong className="text-ink">{listing.relaxedQuery}</strong> — no matches for{" "}
                {listing.droppedWords.map((word, index) => (
                  <span key={word}>
                    {index > 0 ? ", " : null}
                    <strong className="text-ink">'{word}'</strong>
                  </span>
                ))}
                .
              </p>
            ) : null}
            {understanding &&
            (understanding.price || understanding.lowPriceFirst || understanding.attributes.length > 0) ? (
              <ul aria-label="Search understood as" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                {understanding.price ? (
                  <li className="flex min-h-9 items-center gap-1 rounded-full border border-aqua-500 bg-aqua-100/50 pl-3 text-water-900">
                    <span>
                      Price: <strong>{priceLabel(understanding.price, currency)}</strong>
                    </span>
                    <button
                      type="button"
                      onClick={() => nav.change({ q: loaderData.queryWithoutPrice }, { immediate: true })}
                      aria-label={`Remove price filter ${priceLabel(understanding.price, currency)}`}
                      className="flex size-9 items-center justify-center rounded-full text-aqua-600 hover:bg-aqua-100"
                    >
                      <X aria-hidden="true" size={16} />
                    </button>
                  </li>
                ) : null}
                {understanding.lowPriceFirst ? (
                  <li className="flex min-h-9 items-center gap-1 rounded-full border border-aqua-500 bg-aqua-100/50 pl-3 text-water-900">
                    <span>Lowest price first</span>
                    <button
                      type="button"
                      onClick={() => nav.change({ q: loaderData.queryWithoutPrice }, { immediate: true })}
                      aria-label="Remove lowest price first"
                      className="flex size-9 items-center justify-center rounded-full text-aqua-600 hover:bg-aqua-100"
                    >
                      <X aria-hidden="true" size={16} />
                    </button>
                  </li>
                ) : null}
                {understanding.attributes.map((attribute) =>
                  attribute.filter ? (
                    <li
                      key={`${attribute.name}-${attribute.value}`}
                      className="flex min-h-9 items-center gap-1 rounded-full border border-aqua-500 bg-aqua-100/50 pl-3 text-water-900"
                    >
                      <span>
                        {attributeNameLabel(attribute.name)}: <strong>{attributeLabel(attribute)}</strong>
                      </span>
                      <button
                        type="button"
                        onClick={() =>
                          nav.change(
                            {
                              a: attributeFilters
                                .filter((other) => other !== attribute)
                                .map((other) => formatAttributeFilter(other)),
                            },
                            { immediate: true },
                          )
                        }
                        aria-label={`Remove filter ${attributeNameLabel(attribute.name)} ${attributeLabel(attribute)}`}
                        className="flex size-9 items-center justify-center rounded-full text-aqua-600 hover:bg-aqua-100"
                      >
                        <X aria-hidden="true" size={16} />
                      </button>
                    </li>
                  ) : (
                    <li
                      key={`${attribute.name}-${attribute.value}`}
                      className="flex min-h-9 items-center rounded-full border border-line px-3 text-water-900"
                    >
                      {attributeLabel(attribute)}
                    </li>
                  ),
                )}
              </ul>
            ) : null}
            {listing.correctedQuery ? (
              <p className="mt-1 text-sm text-muted">
                Showing results for <strong className="text-ink">"{listing.correctedQuery}"</strong>.
              </p>
            ) : null}

            {chips.length > 0 ? (
              <ul aria-label="Price suggestions" className="mt-3 flex flex-wrap gap-2">
                {chips.map((chip) => (
                  <li key={chip.bound}>
                    <button
                      type="button"
                      onClick={() =>
                        nav.change(
                          {
                            q: query.q.replace(chip.text, " ").replace(/\s+/g, " ").trim(),
                            [chip.bound === "min" ? "minPrice" : "maxPrice"]: chip.amount.toFixed(2),
                          },
                          { immediate: true },
                        )
                      }
                      className="flex min-h-11 items-center gap-2 rounded-full border border-aqua-500 bg-aqua-100/50 px-4 text-sm text-water-900 hover:bg-aqua-100"
                    >
                      Price filter: {chip.text}
                      <span className="font-semibold text-aqua-600">Accept suggestion?</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}

            {listing.collections.length > 0 ? (
              <nav aria-label="Matching categories" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold text-muted">Categories:</span>
                {listing.collections.map((collection) => (
                  <Link
                    key={collection.id}
                    to={`${collectionPath}/${collection.handle}`}
                    className="inline-flex min-h-9 items-center rounded-full border border-line px-3 text-water-900 hover:border-aqua-500 hover:text-aqua-600"
                  >
                    {collection.title}
                  </Link>
                ))}
              </nav>
            ) : null}

            <div className="mt-4 flex flex-wrap items-center gap-3 border-y border-line py-3">
              <FilterDrawerButton onClick={() => setDrawerOpen(true)} activeCount={activeFilters} />
              {/* Phones: the field takes the first line, Filter & Sort and the layout buttons the second. */}
              <form
                onSubmit={searchWithin}
                className="order-first flex min-w-0 basis-full items-center gap-2 desk:order-none desk:max-w-md desk:flex-1 desk:basis-auto"
              >
                <label htmlFor="search-within" className="shrink-0 text-sm font-semibold text-ink">
                  Search Within
                </label>
                <input
                  id="search-within"
                  type="search"
                  value={within}
                  onChange={(event) => setWithin(event.target.value)}
                  className="min-h-11 min-w-0 flex-1 rounded-md border border-line px-3 text-base desk:min-h-9 desk:text-sm"
                />
                <button
                  type="submit"
                  className="min-h-11 rounded-md bg-water-900 px-4 font-semibold text-white hover:bg-water-800 desk:min-h-9"
                >
                  Go
                </button>
              </form>
              <fieldset className="ml-auto flex items-center gap-1">
                <legend className="sr-only">Layout</legend>
                <button
                  type="button"
                  onClick={() => setView("grid")}
                  aria-pressed={view === "grid"}
                  className={`flex size-11 items-center justify-center rounded-md border desk:size-9 ${
                    view === "grid"
                      ? "border-water-900 bg-water-900 text-white"
                      : "border-line text-water-900 hover:bg-surface"
                  }`}
                >
                  <LayoutGrid aria-hidden="true" size={18} />
                  <span className="sr-only">Grid view</span>
                </button>
                <button
                  type="button"
                  onClick={() => setView("list")}
                  aria-pressed={view === "list"}
                  className={`flex size-11 items-center justify-center rounded-md border desk:size-9 ${
                    view === "list"
                      ? "border-water-900 bg-water-900 text-white"
                      : "border-line text-water-900 hover:bg-surface"
                  }`}
                >
                  <List aria-hidden="true" size={18} />
                  <span className="sr-only">List view</span>
                </button>
              </fieldset>
            </div>

            {listing.totalPages > 1 ? (
              <PaginationControls
                page={listing.page}
                totalPages={listing.totalPages}
                totalObjects={total}
                limit={listing.limit}
                showPrevNext
                showSummary={false}
                scrollOnChange={false}
                label="Pagination, top"
                className="mt-3"
              />
            ) : null}

            <div className="mt-4" aria-busy={loading || undefined}>
              {/* The cards' titles are h3: the outline goes h1, h2, h3 on a phone too (no filter sidebar there). */}
              <h2 className="sr-only">Results</h2>
              {loading ? (
                <SkeletonCardGrid label="Loading results…" />
              ) : listing.products.length > 0 ? (
                <ProductGrid
                  products={listing.products}
                  productPath={productPath}
                  currency={currency}
                  layout={view}
                  onSearchPage
                  noImageUrl={noImageUrl}
                  label="Search results"
                />
              ) : hasText ? (
                <div className="rounded-lg border border-line bg-surface p-6 text-center">
                  <p className="text-lg font-semibold text-water-900">{NO_RESULTS_TEXT}</p>
                  <p className="mt-2 text-muted">
                    Check the spelling, try fewer words, or search by the part number on your equipment's label. Our
                    techs can also{" "}
                    <Link to={EXPERT_ASSISTANCE_URL} className="text-aqua-600 underline">
                      find it for you
                    </Link>
                    .
                  </p>
                </div>
              ) : null}
            </div>

            {total > 0 ? (
              <PaginationControls
                page={listing.page}
                totalPages={listing.totalPages}
                totalObjects={total}
                limit={listing.limit}
                showPrevNext
                scrollTargetId={RESULTS_ID}
                label="Pagination"
                className="mt-6"
              />
            ) : null}
          </div>
        </div>
      </div>
      <LazyFilterDrawer
        {...sidebarProps}
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        total={total}
        loading={loading}
      />
    </>
  );
}
