// /pindex.asp: every product on the store, A-Z by title, 200 to a page: a plain map of the catalog for
// shoppers and crawlers.
import { Link } from "react-router";
import { productPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { listProductIndex } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, pageOf, storeOf } from "../features/content/content-route.server.ts";
import { PrevNextNav, pagedPath } from "../features/content/prev-next-nav.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/index-products";

const PATH = "/pindex.asp";
const CRUMBS: Crumb[] = [{ label: "Product Index" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const page = pageOf(request);
  const { products, pageInfo } = await listProductIndex(db, { page });
  if (page > 0 && page >= pageInfo.totalPages) notFound();
  return { products, pageInfo, page, paths: store.paths };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { publicUrl } = rootMetaData(matches);
  const path = pagedPath(PATH, loaderData.page);
  return pageMeta(matches, {
    title: `Product Index${loaderData.page > 0 ? ` - Page ${loaderData.page + 1}` : ""}`,
    description: "Every pool and spa part we sell, A to Z.",
    path,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function ProductIndex({ loaderData }: Route.ComponentProps) {
  const { products, pageInfo, page, paths } = loaderData;
  const first = page * pageInfo.limitPerPage + 1;
  const last = Math.min((page + 1) * pageInfo.limitPerPage, pageInfo.totalObjects);
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Product Index</h1>
      <p className="tabular mt-1 text-sm text-muted">
        {pageInfo.totalObjects > 0
          ? `Products ${first} - ${last} of ${pageInfo.totalObjects}, A to Z.`
          : "No products yet."}{" "}
        <Link to="/cindex.asp" className="text-aqua-600 underline">
          Category index
        </Link>
      </p>
      <ul className="mt-4 gap-x-8 text-sm sm:max-desk:columns-2 desk:columns-3">
        {products.map((product) => (
          <li key={product.id} className="break-inside-avoid">
            <Link
              to={productPath(product.handle, paths)}
              className="inline-flex min-h-8 items-center py-0.5 hover:text-aqua-600 hover:underline"
            >
              {product.title}
            </Link>
          </li>
        ))}
      </ul>
      <PrevNextNav
        page={page}
        totalPages={pageInfo.totalPages}
        hrefFor={(target) => pagedPath(PATH, target)}
        label="Index pages"
      />
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
