// /productslist.asp: the whole catalog as product cards, A-Z by title, with the standard pagination.
import { parsePage } from "../../shared/catalog-query.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { PaginationControls } from "../components/pagination-controls.tsx";
import { toProductCardData } from "../components/product-card.tsx";
import { filterProducts } from "../features/catalog/catalog-data.server.ts";
import { ProductGrid } from "../features/catalog/product-grid.tsx";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, requestUrl, storeOf } from "../features/content/content-route.server.ts";
import { pagedPath } from "../features/content/prev-next-nav.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/index-products-list";

const PATH = "/productslist.asp";
export const PRODUCTS_LIST_PAGE_SIZE = 24;
const CRUMBS: Crumb[] = [{ label: "All Products" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const text = requestUrl(request).searchParams.get("page") ?? undefined;
  const page = text && /^\d{1,6}$/.test(text) ? parsePage(text) : 0;
  const result = await filterProducts(db, {
    q: "",
    vendors: [],
    minPrice: null,
    maxPrice: null,
    sortBy: "title_asc",
    limit: PRODUCTS_LIST_PAGE_SIZE,
    page,
    tags: [],
    collectionId: null,
    isFeatured: null,
    fields: null,
    availableForSaleOnly: false,
  });
  if (page > 0 && page >= result.pageInfo.totalPages) notFound();
  return {
    products: result.products,
    pageInfo: result.pageInfo,
    page,
    paths: store.paths,
    currency: displayCurrency(store),
    noImageUrl: store.themeConfig.productNoImageUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { publicUrl } = rootMetaData(matches);
  const path = pagedPath(PATH, loaderData.page);
  return pageMeta(matches, {
    title: `All Products${loaderData.page > 0 ? ` - Page ${loaderData.page + 1}` : ""}`,
    description: "Every pool and spa part in the store: pumps, filters, heaters, cleaners and more.",
    path,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function ProductsList({ loaderData }: Route.ComponentProps) {
  const { products, pageInfo, page, paths } = loaderData;
  return (
    <div className="container-store py-6" id="products-list">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">All Products</h1>
      <PaginationControls
        className="my-4"
        page={page}
        totalPages={pageInfo.totalPages}
        totalObjects={pageInfo.totalObjects}
        limit={pageInfo.limitPerPage}
        scrollOnChange={false}
        label="Pagination, top"
      />
      <ProductGrid
        products={products.map(toProductCardData)}
        quickView={false}
        productPath={paths.products}
        currency={loaderData.currency}
        noImageUrl={loaderData.noImageUrl}
      />
      <PaginationControls
        className="mt-6"
        page={page}
        totalPages={pageInfo.totalPages}
        totalObjects={pageInfo.totalObjects}
        limit={pageInfo.limitPerPage}
        scrollTargetId="products-list"
        label="Pagination, bottom"
      />
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
