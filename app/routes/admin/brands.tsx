// /admin/brands: the store's brands (vendors): name, logo and description as the storefront's brand
// pages show them. Choose one to change it, or add one.
import { Plus } from "lucide-react";
import { useRevalidator, useSearchParams } from "react-router";
import { type BrandInput, brandInputSchema } from "../../../shared/admin/catalog.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { listBrands } from "../../features/admin/catalog/catalog-admin.server.ts";
import {
  DescriptionField,
  PictureField,
  RecordFormFooter,
  saveRecord,
} from "../../features/admin/catalog/record-form-parts.tsx";
import { DeleteSection } from "../../features/admin/ui/delete-section.tsx";
import { AdminForm, FormField, useZodForm } from "../../features/admin/ui/form-field.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { RecordSidebar } from "../../features/admin/ui/record-sidebar.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/brands";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  return { brands: await listBrands(services.database.db), canWrite: staffCan(staff, "catalog:write") };
}

export const meta: Route.MetaFunction = () => [{ title: "Brands | Back office" }];

type Brand = Route.ComponentProps["loaderData"]["brands"][number];

export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { brands, canWrite } = loaderData;
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const selectedId = Number(params.get("brand")) || null;
  const creating = params.get("new") === "1";
  const selected = brands.find((brand) => brand.id === selectedId) ?? null;
  const choose = (id: number | null, isNew = false) =>
    setParams(() => {
      const copy = new URLSearchParams();
      if (id !== null) copy.set("brand", String(id));
      if (isNew) copy.set("new", "1");
      return copy;
    });
  return (
    <div>
      <PageHeader
        title="Brands"
        description="Makers of the parts the store sells. Brands with published products are listed on the store's brand page."
        breadcrumbs={[{ label: "Categories", to: "/admin/categories" }]}
        actions={
          canWrite ? (
            <button type="button" className="btn-primary" onClick={() => choose(null, true)}>
              <Plus size={18} aria-hidden="true" />
              New brand
            </button>
          ) : null
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="overflow-x-auto rounded-lg border border-line bg-white shadow-sm">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Brands</caption>
            <thead className="border-b border-line bg-surface text-xs font-semibold text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Brand
                </th>
                <th scope="col" className="px-3 py-2">
                  Handle
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Published products
                </th>
              </tr>
            </thead>
            <tbody>
              {brands.length === 0 ? (
                <tr>
                  <td colSpan={3} className="px-3 py-8 text-center text-muted">
                    No brands yet.
                  </td>
                </tr>
              ) : null}
              {brands.map((brand) => (
                <tr
                  key={brand.id}
                  className={`border-b border-line last:border-b-0 ${brand.id === selectedId ? "bg-aqua-100/40" : ""}`}
                >
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="min-h-8 text-left font-semibold text-aqua-600 hover:underline"
                      onClick={() => choose(brand.id)}
                    >
                      {brand.name}
                    </button>
                  </td>
                  <td className="px-3 py-2 font-mono text-muted">{brand.handle}</td>
                  <td className="px-3 py-2 text-right tabular">{brand.productCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <RecordSidebar
          open={Boolean(selected || creating)}
          hint={`Choose a brand to change it${canWrite ? ', or add one with "New brand"' : ""}.`}
        >
          <BrandForm
            key={selected?.id ?? "new"}
            brand={creating ? null : selected}
            canWrite={canWrite}
            onSaved={(id) => {
              revalidator.revalidate();
              choose(id);
            }}
          />
          {selected && !creating && canWrite ? (
            <DeleteSection
              key={`delete-${selected.id}`}
              what="brand"
              summary="Its products stay in the store, without a brand."
              details={
                <>
                  <strong>{selected.name}</strong> will be deleted. Its products stay in the store without a brand, and
                  its brand page will answer "not found". A brand that equipment models are of cannot be deleted.
                </>
              }
              path={`/api/admin/brands/${selected.id}`}
              onDeleted={() => {
                toast.success(`Deleted the brand ${selected.name}.`);
                choose(null);
                revalidator.revalidate();
              }}
            />
          ) : null}
        </RecordSidebar>
      </div>
    </div>
  );
}

function BrandForm({
  brand,
  canWrite,
  onSaved,
}: {
  brand: Brand | null;
  canWrite: boolean;
  onSaved: (id: number) => void;
}) {
  const initial: BrandInput = {
    name: brand?.name ?? "",
    handle: brand?.handle ?? "",
    descriptionHtml: brand?.descriptionHtml ?? "",
    logoUrl: brand?.logoUrl ?? null,
  };
  const form = useZodForm(brandInputSchema, initial);
  return (
    <Panel title={brand ? `Edit "${brand.name}"` : "New brand"}>
      <AdminForm form={form} onSubmit={async (values) => onSaved(await saveRecord("brand", brand?.id ?? null, values))}>
        <fieldset disabled={!canWrite} className="space-y-4">
          <FormField name="name" label="Name" required />
          <FormField
            name="handle"
            label="Handle"
            hint="The end of the brand page's address. Blank: made from the name."
          />
          <PictureField name="logoUrl" label="Logo" readOnly={!canWrite} />
          <DescriptionField id="brand-description" readOnly={!canWrite} />
          <RecordFormFooter storeHref={brand ? `/brands/${brand.handle}` : null} canWrite={canWrite}>
            {brand ? "Save brand" : "Add brand"}
          </RecordFormFooter>
        </fieldset>
      </AdminForm>
    </Panel>
  );
}
