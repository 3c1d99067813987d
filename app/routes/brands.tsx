// /brands: every brand with products, as 200x220 cards, A-Z, with Prev/Next paging.
import { Link } from "react-router";
import { brandPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { listVendors } from "../features/content/content-data.server.ts";
import { ContentErrorBoundary } from "../features/content/content-error-boundary.tsx";
import { notFound, pageOf, storeOf } from "../features/content/content-route.server.ts";
import { PrevNextNav, pagedPath } from "../features/content/prev-next-nav.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/brands";

export const BRANDS_PER_PAGE = 24;
const CRUMBS: Crumb[] = [{ label: "All Brands" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const page = pageOf(request);
  const { vendors, pageInfo } = await listVendors(db, { page, limit: BRANDS_PER_PAGE, sortBy: "NAME" });
  if (page > 0 && page >= pageInfo.totalPages) notFound();
  return { vendors, pageInfo, page, noImageUrl: store.themeConfig.productNoImageUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const path = pagedPath("/brands", loaderData.page);
  const { publicUrl } = rootMetaData(matches);
  return pageMeta(matches, {
    title: loaderData.page > 0 ? `Brands - Page ${loaderData.page + 1}` : "Brands",
    description: "Shop pool and spa parts by brand: Hayward, Pentair, Jandy, Zodiac, Sta-Rite and more.",
    path,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { vendors, pageInfo, page, noImageUrl } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Brands</h1>
      <p className="mt-2 text-muted">Find genuine replacement parts from the manufacturers of your equipment.</p>
      <ul className="mt-6 grid grid-cols-[repeat(auto-fill,200px)] justify-center gap-4 sm:justify-start">
        {vendors.map((vendor) => (
          <li key={vendor.id}>
            <Link
              to={brandPath(vendor.name)}
              className="flex h-[220px] w-[200px] flex-col items-center justify-between rounded-lg border border-line bg-white p-3 text-center shadow-sm hover:border-aqua-500 hover:shadow-md"
              data-testid="brand-card"
            >
              <img
                src={vendor.imageUrl || noImageUrl}
                alt=""
                width={176}
                height={140}
                loading="lazy"
                className="h-[140px] w-[176px] object-contain"
              />
              <span className="font-semibold text-water-900">{vendor.name}</span>
              <span className="tabular text-xs text-muted">{vendor.productCount} products</span>
            </Link>
          </li>
        ))}
      </ul>
      <PrevNextNav
        page={page}
        totalPages={pageInfo.totalPages}
        hrefFor={(target) => pagedPath("/brands", target)}
        label="Brand pages"
      />
    </div>
  );
}

export const ErrorBoundary = ContentErrorBoundary;
