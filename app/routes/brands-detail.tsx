// /brands/{brand}: the brand's products, 25 a page, A-Z by title, with the category sidebar and a product
// filter; the page number lives in ?page=.

import { formatTagFilter, MAX_PAGE, type RawCatalogQuery, safeParseCatalogQuery } from "../../shared/catalog-query.ts";
import { brandPath } from "../../shared/content-paths.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { CategorySidebar } from "../components/category-sidebar.tsx";
import { PaginationControls } from "../components/pagination-controls.tsx";
import { toProductCardData } from "../components/product-card.tsx";
import { RichText } from "../components/rich-text.tsx";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { BrandFilters } from "../features/content/brand-filters.tsx";
import { filterProducts, findVendor, listCollectionIndex } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { movedPermanently, notFound, pageOf, requestUrl, storeOf } from "../features/content/content-route.server.ts";
import { pagedPath } from "../features/content/prev-next-nav.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/brands-detail";

/** Brand product page size 25, sorted by title ascending. */
export const BRAND_PAGE_SIZE = 25;
const PRODUCT_FIELDS = [
  "id",
  "title",
  "vendor",
  "imageUrl",
  "handle",
  "avgRating",
  "totalReviews",
  "price",
  "compareAtPrice",
  "isFeatured",
  "Images",
  "availableInventoryLevels",
] as const;

function crumbsFor(name: string): Crumb[] {
  return [{ label: "Brands", href: "/brands" }, { label: name }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const vendor = await findVendor(db, params.brand);
  if (!vendor) notFound();
  const url = requestUrl(request);
  // One address per brand: /brands/hayward and /brands/HAYWARD go to /brands/Hayward.
  if (params.brand !== vendor.name) movedPermanently(`${brandPath(vendor.name)}${url.search}`);

  // The shopper's filters; the brand, the order and the page size are the page's own. A page number that
  // is not one (`?page=x`, `?page=-1`) is the first page, as on the other content lists.
  const page = pageOf(request);
  if (page > MAX_PAGE) notFound();
  const raw: RawCatalogQuery = {
    t: url.searchParams.getAll("t"),
    minPrice: url.searchParams.get("minPrice") ?? undefined,
    maxPrice: url.searchParams.get("maxPrice") ?? undefined,
    page: String(page),
  };
  const parsed = safeParseCatalogQuery(raw);
  const query = parsed.success ? parsed.data : null;
  const [result, categories] = await Promise.all([
    query
      ? filterProducts(
          db,
          {
            ...query,
            q: "",
            vendors: [vendor.name],
            sortBy: "title_asc",
            limit: BRAND_PAGE_SIZE,
            availableForSaleOnly: false,
            collectionId: null,
            isFeatured: null,
            fields: [...PRODUCT_FIELDS],
          },
          { exactVendors: true },
        )
      : null,
    listCollectionIndex(db),
  ]);
  // Past the last page there is nothing to show: the 404 page, not an empty list with a 200.
  if (result && query && query.page > 0 && query.page >= result.pageInfo.totalPages) notFound();
  return {
    vendor,
    products: result?.products ?? [],
    pageInfo: result?.pageInfo ?? null,
    filterError: parsed.success ? null : parsed.error,
    page: query?.page ?? 0,
    selectedTags: (query?.tags ?? []).map(formatTagFilter),
    minPrice: query?.minPrice ?? null,
    maxPrice: query?.maxPrice ?? null,
    filtered: (query?.tags.length ?? 0) > 0 || query?.minPrice != null || query?.maxPrice != null,
    categories: categories.map(({ id, parentId, title, handle }) => ({ id, parentId, title, handle })),
    paths: store.paths,
    currency: displayCurrency(store),
    noImageUrl: store.themeConfig.productNoImageUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { vendor, page, filtered } = loaderData;
  const { publicUrl } = rootMetaData(matches);
  const path = pagedPath(brandPath(vendor.name), page);
  return pageMeta(matches, {
    title: page > 0 ? `${vendor.name} Parts - Page ${page + 1}` : `${vendor.name} Pool & Spa Parts`,
    description: `Genuine ${vendor.name} pool and spa parts: ${vendor.productCount} products, shipped fast. Find yours by part number.`,
    path,
    image: vendor.imageUrl,
    // Filtered views repeat the brand's products: only the plain pages are indexed.
    noindex: filtered,
    jsonLd: [
      breadcrumbJsonLd(crumbsFor(vendor.name), publicUrl, absoluteUrl(path, publicUrl)),
      {
        "@context": "https://schema.org",
        "@type": "Brand",
        name: vendor.name,
        url: absoluteUrl(brandPath(vendor.name), publicUrl),
        ...(vendor.imageUrl ? { logo: absoluteUrl(vendor.imageUrl, publicUrl) } : {}),
      },
    ],
  });
};

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { vendor, products, pageInfo, page, categories, paths } = loaderData;
  const total = pageInfo?.totalObjects ?? 0;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbsFor(vendor.name)} />
      <div className="mt-4 grid gap-6 desk:grid-cols-[260px_1fr]">
        <aside className="order-last space-y-4 desk:order-none">
          <BrandFilters
            facets={{
              availableTagFilters: pageInfo?.availableTagFilters ?? [],
              productMaxPrice: pageInfo?.productMaxPrice ?? 0,
            }}
            selectedTags={loaderData.selectedTags}
            minPrice={loaderData.minPrice}
            maxPrice={loaderData.maxPrice}
            clearHref={brandPath(vendor.name)}
            total={vendor.productCount}
          />
          <CategorySidebar categories={categories} collectionPath={paths.collections} />
        </aside>
        <section aria-labelledby="brand-heading" id="brand-products">
          <div className="flex flex-wrap items-center gap-4">
            {vendor.imageUrl ? (
              <img src={vendor.imageUrl} alt="" width={120} height={60} className="h-14 w-auto object-contain" />
            ) : null}
            <div>
              <h1 id="brand-heading" className="text-3xl font-extrabold text-water-900">
                {vendor.name}
              </h1>
              <p className="tabular text-sm text-muted" data-testid="brand-count">
                {total} {total === 1 ? "item" : "items"}
              </p>
            </div>
          </div>
          {vendor.descriptionHtml && page === 0 ? (
            <RichText html={vendor.descriptionHtml} className="mt-3 text-muted" />
          ) : null}
          {loaderData.filterError ? (
            <p role="alert" className="mt-4 rounded-md border border-sale/30 bg-red-50 px-4 py-3 text-sale">
              {loaderData.filterError}
            </p>
          ) : null}
          {pageInfo ? (
            <PaginationControls
              className="my-4"
              page={page}
              totalPages={pageInfo.totalPages}
              totalObjects={pageInfo.totalObjects}
              limit={pageInfo.limitPerPage}
              scrollOnChange={false}
              label="Pagination, top"
            />
          ) : null}
          {products.length > 0 ? (
            <ProductGrid
              products={products.map(toProductCardData)}
              quickView={false}
              productPath={paths.products}
              currency={loaderData.currency}
              noImageUrl={loaderData.noImageUrl}
            />
          ) : (
            <p className="rounded-md bg-surface px-4 py-6 text-center text-muted">
              No {vendor.name} products match these filters. Clear a filter or search by part number.
            </p>
          )}
          {pageInfo ? (
            <PaginationControls
              className="mt-6"
              page={page}
              totalPages={pageInfo.totalPages}
              totalObjects={pageInfo.totalObjects}
              limit={pageInfo.limitPerPage}
              scrollTargetId="brand-products"
              label="Pagination, bottom"
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
