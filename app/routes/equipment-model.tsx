// /equipment/{handle}: one model's exploded diagram with numbered hotspots, its parts list with Add
// to Cart, its rebuild kit, and "Save to My equipment". Server-rendered with Product-group structured
// data (the model and the parts it takes) and listed in the sitemap.
import { data } from "react-router";
import { displayCurrency } from "../../shared/store-config.ts";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { storeOf } from "../features/content/content-route.server.ts";
import { getEquipmentByHandle, NotFound } from "../features/equipment/equipment-data.server.ts";
import { ExplodedDiagram, RebuildKitButton } from "../features/equipment/exploded-diagram.tsx";
import { SaveEquipmentForm } from "../features/equipment/my-equipment.tsx";
import { absoluteUrl, notFoundMeta, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/equipment-model";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, store, page } = storeOf(context);
  // The page cache drops this page when the equipment (models, their parts) changes.
  page.tag("equipment");
  const handle = params.handle ?? "";
  if (!/^[a-z0-9-]{1,160}$/.test(handle)) throw data(null, { status: 404 });
  try {
    const equipment = await getEquipmentByHandle(db, handle);
    return { equipment, currency: displayCurrency(store), productsPath: store.paths.products };
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

function crumbsOf(equipment: { brand: string; brandHandle: string; title: string }): Crumb[] {
  return [
    { label: "Find parts by model", href: "/equipment" },
    { label: equipment.brand, href: `/equipment?brand=${equipment.brandHandle}` },
    { label: equipment.title },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { equipment, currency, productsPath } = loaderData;
  const { publicUrl } = rootMetaData(matches);
  const path = `/equipment/${equipment.handle}`;
  const parts = equipment.diagrams.flatMap((d) => d.callouts.flatMap((c) => c.parts));
  const unique = [...new Map(parts.map((p) => [p.id, p])).values()];
  return pageMeta(matches, {
    title: `${equipment.title} parts diagram`,
    description: `Exploded parts diagram and ${unique.length} replacement parts for the ${equipment.title} (${equipment.name}). Pick a numbered part, see its price and stock, add it to your cart.`,
    path,
    image: equipment.imageUrl,
    jsonLd: [
      breadcrumbJsonLd(crumbsOf(equipment), publicUrl, absoluteUrl(path, publicUrl)),
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: equipment.title,
        model: equipment.modelNumber,
        mpn: equipment.modelNumber,
        brand: { "@type": "Brand", name: equipment.brand },
        category: equipment.typeName,
        image: equipment.imageUrl ? absoluteUrl(equipment.imageUrl, publicUrl) : undefined,
        url: absoluteUrl(path, publicUrl),
        isRelatedTo: unique.slice(0, 40).map((p) => ({
          "@type": "Product",
          name: p.title,
          mpn: p.partNumber ?? undefined,
          url: absoluteUrl(`${productsPath}/${encodeURIComponent(p.handle)}`, publicUrl),
          offers: {
            "@type": "Offer",
            price: p.price.toFixed(2),
            priceCurrency: currency,
            availability: p.availableInventoryLevels[0]?.availableForSale
              ? "https://schema.org/InStock"
              : "https://schema.org/OutOfStock",
          },
        })),
      },
    ],
  });
};

export default function EquipmentModel({ loaderData }: Route.ComponentProps) {
  const { equipment, currency, productsPath } = loaderData;
  const years = equipment.yearFrom ? `${equipment.yearFrom}–${equipment.yearTo ?? "today"}` : null;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={crumbsOf(equipment)} />
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex items-start gap-4">
          {equipment.imageUrl && (
            <img
              src={equipment.imageUrl}
              alt=""
              width={96}
              height={96}
              className="size-20 shrink-0 rounded-lg border border-line bg-white object-contain sm:size-24"
            />
          )}
          <div>
            <h1 className="text-2xl font-extrabold text-water-900 sm:text-3xl">
              {equipment.brand} {equipment.series} <span className="part-number">{equipment.modelNumber}</span> parts
            </h1>
            <p className="mt-1 text-muted">
              {equipment.name}
              {years ? ` · made ${years}` : ""} · {equipment.typeName.replace(/s$/, "")}
            </p>
            {equipment.aliases.length > 0 && (
              <p className="mt-1 text-sm text-muted">
                Also printed as:{" "}
                {equipment.aliases.map((alias, i) => (
                  <span key={alias}>
                    {i > 0 ? ", " : ""}
                    <span className="part-number">{alias}</span>
                  </span>
                ))}
              </p>
            )}
          </div>
        </div>
        <div className="md:w-96">
          <SaveEquipmentForm handle={equipment.handle} title={equipment.title} modelNumber={equipment.modelNumber} />
        </div>
      </div>

      {equipment.diagrams.map((diagram) => (
        <section key={diagram.id} aria-label={diagram.title} className="mt-6">
          <ExplodedDiagram
            diagram={diagram}
            modelTitle={equipment.title}
            currency={currency}
            productsPath={productsPath}
          />
        </section>
      ))}

      {equipment.rebuildKits.length > 0 && (
        <section aria-labelledby="rebuild-kits" className="mt-8">
          <h2 id="rebuild-kits" className="text-xl font-bold text-water-900">
            Rebuild kit
          </h2>
          <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2">
            {equipment.rebuildKits.map((kit) => (
              <RebuildKitButton key={kit.id} kit={kit} currency={currency} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
