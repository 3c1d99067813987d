// Category page: {collectionPath}/{handle}, with an optional
// trailing tag filter segment (prefix_value) and the query string page, q, t, c, v, sortBy, minPrice,
// maxPrice, limit. The heading, banner, subcategories, featured products and the filtered product list
// are all in the first HTML.
import { useState } from "react";
import { data, Link } from "react-router";
import { formatTagFilter, LIMIT_OPTIONS, tagPrefixKey } from "../../shared/catalog-query.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { PaginationControls } from "../components/pagination-controls.tsx";
import { ProductCarousel } from "../components/product-carousel.tsx";
import { SkeletonCardGrid } from "../components/skeleton-card.tsx";
import { appContext } from "../context.ts";
import { useAddToCart } from "../features/cart/cart-context.tsx";
import {
  type CollectionDetail,
  cachedCollectionByHandle,
  cachedCollectionHierarchy,
  cachedCollectionImage,
  cachedCollectionIndex,
  compactCard,
  emptyListing,
  getFeaturedProducts,
  loadErrorMessage,
  loadListing,
  NotFound,
} from "../features/catalog/catalog-data.server.ts";
import { CategoryDescription, DESCRIPTION_FOLD_PX } from "../features/catalog/category-description.tsx";
import { FilterDrawerButton } from "../features/catalog/filter-drawer-button.tsx";
import { LazyFilterDrawer } from "../features/catalog/lazy-filter-drawer.tsx";
import { readListingQuery, tagFromPathSegment } from "../features/catalog/listing-query.server.ts";
import { displayQuery, prefixKey } from "../features/catalog/listing-query.ts";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { categorySidebar, filterSidebar } from "../features/catalog/sidebar-parts.ts";
import { SubCategories, type SubCategory } from "../features/catalog/sub-categories.tsx";
import { useListingNavigation } from "../features/catalog/use-listing-navigation.ts";
import { loadStorefrontConfig } from "../features/content/store-content.server.ts";
import { FitsMyEquipmentFilter } from "../features/equipment/fits-my-equipment-filter.tsx";
import { PHONE_BANNER_MEDIA } from "../lib/banner-media.ts";
import { LatePart } from "../lib/deferred-hydration.tsx";
import {
  absoluteUrl,
  breadcrumbListLd,
  errorMeta,
  itemListLd,
  ogImageUrl,
  type PageSeo,
  plainDescription,
  seoMeta,
  withStoreName,
} from "../lib/seo.ts";
import { useMobileAgent } from "../lib/use-mobile-agent.ts";
import type { Route } from "./+types/category";

const RESULTS_ID = "category-products";
const HEADING_ID = "category-top";
/** Featured products shown in the carousel. */
const FEATURED_LIMIT = 10;
/**
 * Roughly how much text fills the folded description (28 px lines of about 110 characters on a desktop,
 * 45 on a phone); the browser measures the real height. A close guess keeps the description from
 * folding, and the page below it from jumping, when the page hydrates.
 */
const foldTextLength = (phone: boolean) => Math.round((DESCRIPTION_FOLD_PX / 28) * (phone ? 45 : 110));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, logger, page } = context.get(appContext);
  // Catalog only: from the read replica when DATABASE_READ_URL names one.
  const db = services.database.readDb;
  const store = await loadStorefrontConfig(services);
  const theme = store.themeConfig;
  const publicUrl = services.config.publicUrl;
  const collectionPath = store.paths.collections;
  const handle = params.handle ?? "";
  const url = new URL(request.url);

  const pathTag = tagFromPathSegment(params.tagFilter);
  // A failed category list shows 'Error loading categories: {message}' in the sidebar.
  const { index, categoriesError } = await cachedCollectionIndex(db).then(
    (entries) => ({ index: entries, categoriesError: null as string | null }),
    (error: unknown) => ({ index: [], categoriesError: loadErrorMessage(logger, "Category index", error) }),
  );
  let collection: CollectionDetail | null = null;
  // A trailing segment that is not prefix_value is not a page of ours.
  if (!params.tagFilter || pathTag) {
    collection = await cachedCollectionByHandle(db, handle).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
  }
  // An empty or unknown category shows a fallback page (an unknown one with a real 404 for
  // crawlers; an empty one is not indexed until it has products).
  const fallback = (emptyTitle: string | null) =>
    data(
      {
        kind: "missing" as const,
        seo: null,
        storeName: store.storeName,
        emptyTitle,
        categories: index.filter((entry) => entry.parentId === null),
        collectionPath,
      },
      { status: emptyTitle === null ? 404 : 200 },
    );
  if (!collection) return fallback(null);

  const query = readListingQuery(url.searchParams, theme.defaultLimitPerPage);
  if (query.collectionId === null) query.collectionId = collection.id;
  if (pathTag && !query.tags.some((tag) => tagPrefixKey(tag.prefix) === tagPrefixKey(pathTag.prefix))) {
    query.tags = [pathTag, ...query.tags];
  }
  const id = collection.id;
  const [listing, featured, hierarchy, banner, phoneBanner] = await Promise.all([
    loadListing(db, query).catch((error: unknown) => {
      // The collection's product failures are swallowed; the page shows its empty state.
      logger.error({ err: error }, "Category listing failed");
      page.markUncacheable("category listing failed");
      return emptyListing(query);
    }),
    getFeaturedProducts(db, id, FEATURED_LIMIT, { knownCollection: true }).catch(() => []),
    collection.childCollectionsCount > 0 ? cachedCollectionHierarchy(db, id).catch(() => []) : Promise.resolve([]),
    cachedCollectionImage(db, id, theme.imagePlacements.collection.topBanner).catch(() => null),
    cachedCollectionImage(db, id, theme.imagePlacements.collection.topBannerPhone).catch(() => null),
  ]);

  // No product here even without the shopper's filters: an empty category, not an empty result.
  if (listing.totalObjects === 0 && (await isEmptyCollection(db, id, theme.defaultLimitPerPage))) {
    return fallback(collection.title);
  }

  // The page cache drops this page when one of its products, or the category, changes.
  page.tag("listing", `category:${id}`);
  page.tagProducts([...listing.products, ...featured].map((product) => product.id));

  const subCategories: SubCategory[] = hierarchy
    .filter((entry) => entry.LEVEL === 2)
    .map((entry) => ({
      id: entry.id,
      title: entry.title,
      handle: entry.handle,
      imageUrl:
        entry.images.find((image) => image.placement === theme.imagePlacements.collection.menuImage)?.imagePath ?? null,
      productCount: entry.productCount,
    }));

  const basePath = `${collectionPath}/${collection.handle}`;
  const pagePath = pathTag ? `${basePath}/${encodeURIComponent(formatTagFilter(pathTag))}` : basePath;
  const canonical = absoluteUrl(query.page > 0 ? `${pagePath}?page=${query.page}` : pagePath, publicUrl);
  const productPath = store.paths.products;
  const description =
    collection.seoDescription?.trim() || plainDescription(collection.descriptionHtml) || theme.seoDescription;
  const seo: PageSeo = {
    title: withStoreName(collection.seoTitle || collection.title, store.storeName),
    description,
    canonical,
    indexed: collection.isIndexed,
    image: ogImageUrl(banner?.imagePath ?? collection.imageUrl, publicUrl),
    ogType: "website",
    siteName: store.storeName,
    jsonLd: [
      breadcrumbListLd([
        { name: "Home", url: absoluteUrl("/", publicUrl) },
        { name: "Collections", url: absoluteUrl(collectionPath, publicUrl) },
        { name: collection.title, url: absoluteUrl(basePath, publicUrl) },
      ]),
      itemListLd(listing.products.map((product) => absoluteUrl(`${productPath}/${product.handle}`, publicUrl))),
    ],
  };

  const descriptionText = plainDescription(collection.descriptionHtml, 10_000);
  return {
    kind: "found" as const,
    seo,
    collection: {
      id: collection.id,
      title: collection.title,
      handle: collection.handle,
      descriptionHtml: collection.descriptionHtml,
    },
    /** The description's text length: with the visitor's line length it guesses the fold (foldTextLength). */
    descriptionLength: descriptionText.length,
    banner: banner
      ? {
          imagePath: banner.imagePath,
          phoneImagePath: phoneBanner?.imagePath ?? null,
          altText: banner.altText || collection.title,
        }
      : null,
    subCategories,
    featured: featured.map(compactCard),
    // A banner tile linking to the configured featured products.
    featuredBanner: theme.featuredProducts ?? null,
    listing,
    query,
    pathTag,
    basePath,
    defaultLimit: readListingQuery(new URLSearchParams(), theme.defaultLimitPerPage).limit,
    limitOptions: [...LIMIT_OPTIONS],
    categories: index.map(({ id: entryId, parentId, title, handle: entryHandle }) => ({
      id: entryId,
      parentId,
      title,
      handle: entryHandle,
    })),
    categoriesError,
    currency: displayCurrency(store),
    productPath,
    collectionPath,
    noImageUrl: theme.productNoImageUrl,
  };
}

/** Whether the collection (with its subcategories) lists no product at all; a failed check says no. */
async function isEmptyCollection(db: Parameters<typeof loadListing>[0], collectionId: number, defaultLimit: number) {
  const query = readListingQuery(new URLSearchParams(), defaultLimit);
  query.collectionId = collectionId;
  return loadListing(db, query).then(
    (listing) => listing.totalObjects === 0,
    () => false,
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData?.kind === "found") return seoMeta(loaderData.seo);
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { store?: { storeName: string } }
    | undefined;
  return errorMeta(root?.store?.storeName, loaderData?.emptyTitle ?? "Category not found");
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "missing") {
    return (
      <MissingCategory
        emptyTitle={loaderData.emptyTitle}
        categories={loaderData.categories}
        collectionPath={loaderData.collectionPath}
      />
    );
  }
  return <CategoryView key={loaderData.collection.id} data={loaderData} />;
}

type FoundData = Extract<Route.ComponentProps["loaderData"], { kind: "found" }>;

function CategoryView({ data: page }: { data: FoundData }) {
  const { collection, listing, currency, productPath, collectionPath, noImageUrl, pathTag, basePath } = page;
  const nav = useListingNavigation();
  const mobileAgent = useMobileAgent();
  const cart = useAddToCart();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const shown = displayQuery(page.query, nav.search, page.defaultLimit);
  // The tag of the path segment is one of the filters; it shows as chosen until changed.
  if (
    pathTag &&
    nav.pathname !== basePath &&
    !shown.tags.some((tag) => prefixKey(tag.prefix) === prefixKey(pathTag.prefix))
  ) {
    shown.tags = [pathTag, ...shown.tags];
  }
  const loading = nav.loading;
  const total = listing.totalObjects;
  const filtered =
    shown.tags.length > 0 ||
    shown.vendors.length > 0 ||
    shown.minPrice !== null ||
    shown.maxPrice !== null ||
    shown.q !== "";

  const sidebarProps = {
    listing,
    query: shown,
    limitInUrl: new URLSearchParams(nav.search).has("limit"),
    limitOptions: page.limitOptions,
    currency,
    // A tag change moves the path's tag into the query string, so one place holds all of them.
    onChange: (changes: Parameters<typeof nav.change>[0]) =>
      nav.change(changes, "t" in changes && pathTag ? { pathname: basePath } : {}),
    showPrice: total > 0 || loading,
  };
  // The category list: the desktop sidebar's and the phone's filter drawer's.
  const categoryListProps = {
    categories: page.categories,
    error: page.categoriesError,
    collectionPath,
    currentHandle: collection.handle,
  };

  return (
    <>
      <div className="container-store py-4 desk:py-6">
        <Breadcrumbs
          items={[
            { label: "Collections", href: collectionPath },
            { label: collection.title, href: basePath },
          ]}
        />
        <div className="mt-4 desk:grid desk:grid-cols-[250px_minmax(0,1fr)] desk:gap-8">
          {/* Desktop only; a phone filters in the drawer (useMobileAgent). */}
          {mobileAgent ? null : (
            <aside aria-label="Categories and filters" className="hidden flex-col gap-6 desk:flex">
              <LatePart part={categorySidebar} props={categoryListProps} />
              <LatePart part={filterSidebar} props={sidebarProps} />
            </aside>
          )}

          <div className="min-w-0">
            <div id={HEADING_ID} className="scroll-mt-4">
              {page.banner ? (
                // The phone version on phones (art direction, like the home page's slides); the wide one whole.
                <picture>
                  {page.banner.phoneImagePath ? (
                    <source media={PHONE_BANNER_MEDIA} srcSet={page.banner.phoneImagePath} />
                  ) : null}
                  <img
                    src={page.banner.imagePath}
                    alt={page.banner.altText}
                    width={1600}
                    height={400}
                    fetchPriority="high"
                    decoding="async"
                    className={`mb-4 block w-full rounded-lg bg-surface object-cover ${
                      page.banner.phoneImagePath ? "aspect-[8/5] sm:aspect-[4/1]" : "aspect-[4/1]"
                    }`}
                  />
                </picture>
              ) : null}
              <h1 className="text-2xl font-extrabold text-water-900 desk:text-3xl">{collection.title}</h1>
              {collection.descriptionHtml ? (
                <CategoryDescription
                  html={collection.descriptionHtml}
                  foldedOnServer={page.descriptionLength > foldTextLength(mobileAgent)}
                  scrollTargetId={RESULTS_ID}
                />
              ) : null}
            </div>

            <SubCategories categories={page.subCategories} collectionPath={collectionPath} />

            {page.featured.length > 0 ? (
              <ProductCarousel
                title="Featured Products"
                products={page.featured}
                featuredBanner={page.featuredBanner}
                productPath={productPath}
                currency={currency}
                onAddToCart={cart.onCardAddToCart}
                cartBusy={cart.busy}
                quantityInCart={(product) => cart.quantityInCart(product.inventoryLevelId)}
                className="mt-8"
              />
            ) : null}

            <section aria-labelledby="category-products-heading" id={RESULTS_ID} className="mt-8 scroll-mt-4">
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line pb-3">
                <h2 id="category-products-heading" className="text-xl font-extrabold text-water-900">
                  All {collection.title}
                </h2>
                <div className="flex items-center gap-3">
                  <FitsMyEquipmentFilter />
                  <span className="tabular text-sm text-muted">
                    {total} {total === 1 ? "product" : "products"}
                  </span>
                  <FilterDrawerButton
                    onClick={() => setDrawerOpen(true)}
                    activeCount={
                      shown.tags.length +
                      shown.vendors.length +
                      (shown.minPrice !== null || shown.maxPrice !== null ? 1 : 0)
                    }
                  />
                </div>
              </div>

              <div className="mt-4" aria-busy={loading || undefined}>
                {loading ? (
                  <SkeletonCardGrid label="Loading products…" />
                ) : listing.products.length > 0 ? (
                  <ProductGrid
                    products={listing.products}
                    productPath={productPath}
                    currency={currency}
                    noImageUrl={noImageUrl}
                    label={`${collection.title} products`}
                  />
                ) : (
                  <EmptyCategory filtered={filtered} clearHref={basePath} />
                )}
              </div>

              {total > 0 ? (
                <PaginationControls
                  page={listing.page}
                  totalPages={listing.totalPages}
                  totalObjects={total}
                  limit={listing.limit}
                  showPrevNext
                  scrollTargetId={RESULTS_ID}
                  className="mt-6"
                />
              ) : null}
            </section>
          </div>
        </div>
      </div>
      <LazyFilterDrawer
        {...sidebarProps}
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        total={total}
        loading={loading}
      >
        <LatePart part={categorySidebar} props={categoryListProps} />
      </LazyFilterDrawer>
    </>
  );
}

function EmptyCategory({ filtered, clearHref }: { filtered: boolean; clearHref: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-6 text-center">
      {filtered ? (
        <>
          <p className="text-lg font-semibold text-water-900">No products match these filters.</p>
          <Link to={clearHref} className="btn-secondary mt-4 bg-white">
            Clear all filters
          </Link>
        </>
      ) : (
        <>
          <p className="text-lg font-semibold text-water-900">There are no products in this category yet.</p>
          <p className="mt-2 text-muted">
            Search by keyword or by the part number on your equipment's label, or call us: we stock more than we list.
          </p>
        </>
      )}
    </div>
  );
}

function MissingCategory({
  emptyTitle,
  categories,
  collectionPath,
}: {
  /** The title of a category that exists but has no products; null for an unknown one. */
  emptyTitle: string | null;
  categories: ReadonlyArray<{ id: number; title: string; handle: string }>;
  collectionPath: string;
}) {
  return (
    <section className="container-store py-12 text-center">
      <h1 className="text-3xl font-extrabold text-water-900">{emptyTitle ?? "Category not found"}</h1>
      <p className="mt-3 text-muted">
        {emptyTitle
          ? "There are no parts in this category yet. Search by keyword or by the part number on your equipment's label, or pick a category below."
          : "This category does not exist or has moved. Search by keyword or part number, or pick a category below."}
      </p>
      {categories.length > 0 ? (
        <ul className="mx-auto mt-8 flex max-w-3xl flex-wrap justify-center gap-2">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`${collectionPath}/${category.handle}`}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold text-water-900 hover:border-aqua-500 hover:text-aqua-600"
              >
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/" className="btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}
