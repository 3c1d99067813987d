// {collectionPath}/vendors: every vendor (brand) A-Z with its number of products, grouped by first letter.
import { Link } from "react-router";
import { brandPath } from "../../shared/content-paths.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { listAllVendors } from "../features/content/content-data.server.ts";
import { storeOf } from "../features/content/content-route.server.ts";
import { absoluteUrl, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/vendors";

function crumbsFor(collectionPath: string): Crumb[] {
  return [{ label: "Collections", href: collectionPath }, { label: "Vendors" }];
}

/** The letter a vendor is listed under; digits and signs share '#'. */
export function indexLetter(name: string): string {
  const first = name.trim().charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, store } = storeOf(context);
  const vendors = await listAllVendors(db);
  const groups = new Map<string, { name: string; productCount: number }[]>();
  for (const vendor of vendors) {
    const letter = indexLetter(vendor.name);
    const list = groups.get(letter) ?? [];
    list.push({ name: vendor.name, productCount: vendor.productCount });
    groups.set(letter, list);
  }
  return {
    groups: [...groups].map(([letter, list]) => ({ letter, vendors: list })),
    collectionPath: store.paths.collections,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const collectionPath = loaderData?.collectionPath ?? "/collections";
  const path = `${collectionPath}/vendors`;
  const { publicUrl } = rootMetaData(matches);
  return pageMeta(matches, {
    title: "Shop by Vendor",
    description: "Every manufacturer we carry, from Hayward and Pentair to Jandy and Waterway.",
    path,
    jsonLd: [breadcrumbJsonLd(crumbsFor(collectionPath), publicUrl, absoluteUrl(path, publicUrl))],
  });
};

export default function Vendors({ loaderData }: Route.ComponentProps) {
  const { groups, collectionPath } = loaderData;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbsFor(collectionPath)} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Shop by Vendor</h1>
      <nav aria-label="Vendors by letter" className="mt-4">
        <ul className="flex flex-wrap gap-1">
          {groups.map((group) => (
            <li key={group.letter}>
              <a
                href={`#letter-${group.letter === "#" ? "other" : group.letter}`}
                className="flex size-11 items-center justify-center rounded-md border border-line font-semibold text-water-900 hover:bg-surface desk:size-9"
              >
                {group.letter}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6 sm:max-desk:grid-cols-2 desk:grid-cols-4">
        {groups.map((group) => (
          <section key={group.letter} aria-labelledby={`letter-${group.letter === "#" ? "other" : group.letter}`}>
            <h2
              id={`letter-${group.letter === "#" ? "other" : group.letter}`}
              className="border-b border-line pb-1 text-xl font-bold text-water-900"
            >
              {group.letter}
            </h2>
            <ul className="mt-2 space-y-0.5">
              {group.vendors.map((vendor) => (
                <li key={vendor.name}>
                  <Link
                    to={brandPath(vendor.name)}
                    className="inline-flex min-h-8 items-center gap-1 hover:text-aqua-600 hover:underline"
                  >
                    {vendor.name} <span className="tabular text-sm text-muted">({vendor.productCount})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
