// /equipment: find the parts of your pump, filter, heater... by the model number on its label, or
// browse brand → type → series → model. ?q= answers the "Find your model" box (server-rendered, so it
// works before the scripts load); a single clear match goes straight to the model's page.
import { Search } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../components/breadcrumbs.tsx";
import { storeOf } from "../features/content/content-route.server.ts";
import { equipmentBrowseTree, findModelsByNumber, listEquipment } from "../features/equipment/equipment-data.server.ts";
import { MyEquipmentList } from "../features/equipment/my-equipment.tsx";
import { absoluteUrl, pageMeta, rootMetaData } from "../features/shell/page-meta.ts";
import type { Route } from "./+types/equipment";

const CRUMBS: Crumb[] = [{ label: "Find parts by model" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, page } = storeOf(context);
  // The page cache drops this page when the equipment (models, their parts) changes.
  page.tag("equipment");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const brand = url.searchParams.get("brand")?.trim() ?? "";
  if (q !== "") {
    const exact = await findModelsByNumber(db, q, 2);
    // One model whose number (in any label form) is what was typed: its page.
    if (exact.length === 1 && exact[0].strength <= 2) {
      const { equipment } = await listEquipment(db, { q, page: 0, limit: 1 });
      if (equipment[0]) throw redirect(equipment[0].url);
    }
  }
  const [tree, results] = await Promise.all([
    equipmentBrowseTree(db),
    q === "" ? null : listEquipment(db, { q, page: 0, limit: 24 }),
  ]);
  return { tree, q, brand, results: results?.equipment ?? null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { publicUrl } = rootMetaData(matches);
  return pageMeta(matches, {
    title: "Find parts by equipment model",
    description:
      "Find the parts of your pool pump, filter, heater or spa pack by the model number on its label: exploded diagrams with every part numbered.",
    path: "/equipment",
    noindex: Boolean(loaderData?.q),
    jsonLd: [breadcrumbJsonLd(CRUMBS, publicUrl, absoluteUrl("/equipment", publicUrl))],
  });
};

export default function EquipmentIndex({ loaderData }: Route.ComponentProps) {
  const { tree, q, results, brand } = loaderData;
  const shown = brand ? tree.filter((b) => b.brandHandle === brand) : tree;
  return (
    <div className="container-store py-6">
      <Breadcrumbs items={CRUMBS} />
      <h1 className="mt-4 text-3xl font-extrabold text-water-900">Find parts by model</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Find your part by the model number: it is on the label of the pump, filter or heater. Open the model's exploded
        diagram and pick the numbered part you need.
      </p>

      <section aria-labelledby="find-model" className="mt-6 rounded-lg border border-line bg-surface p-4 sm:p-6">
        <h2 id="find-model" className="text-xl font-bold text-water-900">
          Find your model
        </h2>
        <Form method="get" action="/equipment" className="mt-3 flex max-w-2xl gap-2" role="search">
          <label htmlFor="model-number" className="sr-only">
            Model number from the label
          </label>
          <input
            id="model-number"
            name="q"
            defaultValue={q}
            placeholder="Model number, e.g. SP2610X15"
            autoComplete="off"
            className="part-number min-h-11 w-full flex-1 rounded-md border border-line bg-white px-3 text-base"
          />
          <button type="submit" className="btn-secondary">
            <Search aria-hidden="true" className="size-4" />
            Find
          </button>
        </Form>
        <p className="mt-2 text-sm text-muted">
          Type it as printed: dashes, spaces and the letters after the number may be left out.
        </p>
      </section>

      {results !== null && (
        <section aria-labelledby="model-results" className="mt-6">
          <h2 id="model-results" className="text-xl font-bold text-water-900">
            {results.length === 0 ? `No model matches "${q}"` : `Models matching "${q}"`}
          </h2>
          {results.length === 0 ? (
            <p className="mt-2 text-muted">
              Check the number on the label, or browse by brand below. Still stuck? Call us with the model and serial
              number and we will find the part.
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {results.map((model) => (
                <li key={model.handle}>
                  <Link
                    to={model.url}
                    className="flex items-center gap-3 rounded-lg border border-line bg-white p-3 hover:border-aqua-500"
                  >
                    <img src={model.imageUrl ?? ""} alt="" width={64} height={64} className="size-16 object-contain" />
                    <span>
                      <span className="block font-semibold text-water-900">{model.title}</span>
                      <span className="block text-sm text-muted">{model.name}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <MyEquipmentList heading="Your equipment" compact />

      <section aria-labelledby="browse-models" className="mt-8">
        <h2 id="browse-models" className="text-xl font-bold text-water-900">
          Browse by brand
        </h2>
        <nav aria-label="Brands" className="mt-3 flex flex-wrap gap-2">
          <Link
            to="/equipment"
            aria-current={brand === "" ? "page" : undefined}
            className="rounded-full border border-line px-3 py-2 text-sm aria-[current=page]:border-water-900 aria-[current=page]:bg-water-900 aria-[current=page]:text-white"
          >
            All brands
          </Link>
          {tree.map((b) => (
            <Link
              key={b.brandHandle}
              to={`/equipment?brand=${b.brandHandle}`}
              aria-current={brand === b.brandHandle ? "page" : undefined}
              className="rounded-full border border-line px-3 py-2 text-sm aria-[current=page]:border-water-900 aria-[current=page]:bg-water-900 aria-[current=page]:text-white"
            >
              {b.brand} <span className="tabular text-muted">({b.modelCount})</span>
            </Link>
          ))}
        </nav>
        <div className="mt-4 space-y-6">
          {shown.map((b) => (
            <section key={b.brandHandle} aria-labelledby={`brand-${b.brandHandle}`}>
              <h3 id={`brand-${b.brandHandle}`} className="text-lg font-bold text-water-900">
                {b.brand}
              </h3>
              <div className="mt-2 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
                {b.types.map((type) => (
                  <details key={type.type} className="rounded-lg border border-line bg-white p-3" open={Boolean(brand)}>
                    <summary className="min-h-11 cursor-pointer py-2 font-semibold text-water-900">
                      {type.typeName}{" "}
                      <span className="tabular text-sm font-normal text-muted">
                        ({type.series.reduce((n, s) => n + s.models.length, 0)} models)
                      </span>
                    </summary>
                    {type.series.map((series) => (
                      <div key={series.series} className="mt-2">
                        <h4 className="text-sm font-semibold text-muted">{series.series}</h4>
                        <ul className="mt-1 flex flex-wrap gap-2">
                          {series.models.map((model) => (
                            <li key={model.handle}>
                              <Link
                                to={`/equipment/${model.handle}`}
                                title={model.name}
                                className="part-number inline-flex min-h-11 items-center rounded border border-line px-2 text-sm text-aqua-600 hover:border-aqua-500"
                              >
                                {model.modelNumber}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </details>
                ))}
              </div>
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
