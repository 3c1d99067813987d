// The collection path prefix itself (/collections): every top-level category with its picture and
// subcategories: the store's map for shoppers who browse rather than search.
import { Link } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { getNavigation } from "../features/catalog/catalog-data.server.ts";
import { storeOf } from "../features/content/content-route.server.ts";
import { absoluteUrl, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/collections-list";

const CRUMBS: Crumb[] = [{ label: "Collections" }];
const SUBCATEGORIES_SHOWN = 6;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const navigation = await getNavigation(db, {
    collectionUrlPrefix: store.paths.collections,
    imagePlacement: store.themeConfig.imagePlacements.collection.menuImage,
    depth: 2,
  });
  const categories = navigation
    .filter((item) => item.collectionId !== null && item.url)
    .map((item) => ({
      id: item.id,
      title: item.title,
      url: item.url ?? "",
      imageUrl: item.imageUrl ?? null,
      children: item.children
        .filter((child) => child.url)
        .map((child) => ({ id: child.id, title: child.title, url: child.url ?? "" })),
    }));
  return { categories, path: store.paths.collections, noImageUrl: store.themeConfig.productNoImageUrl };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const path = loaderData?.path ?? "/collections";
  const { publicUrl } = rootMetaData(matches);
  return pageMeta(matches, {
    title: "All Categories",
    description:
      "Browse every category of pool and spa parts: pumps, filters, heaters, cleaners, salt systems and more.",
    path,
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function CollectionsList({ loaderData }: Route.ComponentProps) {
  const { categories, path, noImageUrl } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-water-900">All Categories</h1>
        <Link to={`${path}/vendors`} className="font-semibold text-aqua-600 hover:underline">
          Shop by vendor
        </Link>
      </div>
      <ul className="mt-6 grid gap-4 sm:max-desk:grid-cols-2 desk:grid-cols-3">
        {categories.map((category) => (
          <li
            key={category.id}
            className="flex gap-4 rounded-lg border border-line bg-white p-4"
            data-testid="collection-card"
          >
            <img
              src={category.imageUrl || noImageUrl}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              className="size-24 shrink-0 rounded-md object-contain"
            />
            <div className="min-w-0">
              <h2 className="text-lg font-bold">
                <Link to={category.url} className="text-water-900 hover:text-aqua-600 hover:underline">
                  {category.title}
                </Link>
              </h2>
              {category.children.length > 0 ? (
                <ul className="mt-1 space-y-0.5 text-sm">
                  {category.children.slice(0, SUBCATEGORIES_SHOWN).map((child) => (
                    <li key={child.id}>
                      <Link
                        to={child.url}
                        className="inline-flex min-h-8 items-center text-ink hover:text-aqua-600 hover:underline"
                      >
                        {child.title}
                      </Link>
                    </li>
                  ))}
                  {category.children.length > SUBCATEGORIES_SHOWN ? (
                    <li>
                      <Link
                        to={category.url}
                        className="inline-flex min-h-8 items-center font-semibold text-aqua-600 hover:underline"
                      >
                        All {category.children.length} in {category.title}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
