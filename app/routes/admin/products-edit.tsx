// /admin/products/new and /admin/products/:id: the product editor (app/features/admin/catalog/product-editor.tsx).
import { data } from "react-router";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import {
  listBrands,
  listCategories,
  loadProductForEditing,
} from "../../features/admin/catalog/catalog-admin.server.ts";
import { categoryLabels } from "../../features/admin/catalog/catalog-types.ts";
import { ProductEditor, toEditorProduct } from "../../features/admin/catalog/product-editor.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/products-edit";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  const db = services.database.db;
  const store = services.config.store;
  const creating = args.params.id === undefined;
  if (creating && !staffCan(staff, "catalog:write")) {
    throw data(
      { message: "Your role can look at products but not add them. Ask a manager or the owner." },
      { status: 403 },
    );
  }
  let product = null;
  if (!creating) {
    const id = Number(args.params.id);
    if (!Number.isSafeInteger(id) || id <= 0)
      throw data({ message: "There is no product at this address." }, { status: 404 });
    try {
      product = toEditorProduct(await loadProductForEditing(db, id));
    } catch {
      throw data({ message: `There is no product ${id}. It may have been deleted.` }, { status: 404 });
    }
  }
  const [categories, brands] = await Promise.all([
    listCategories(db, store.themeConfig.imagePlacements.collection.topBanner),
    listBrands(db),
  ]);
  return {
    product,
    categories: categoryLabels(categories),
    brands: brands.map((brand) => ({ id: brand.id, name: brand.name })),
    canWrite: staffCan(staff, "catalog:write"),
    productsPath: store.paths.products,
    currency: displayCurrency(store),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.product ? loaderData.product.values.title : "New product"} | Back office` },
];

export default function ProductEditPage({ loaderData }: Route.ComponentProps) {
  const { product, categories, brands, canWrite, productsPath } = loaderData;
  return (
    <div>
      <PageHeader
        title={product ? product.values.title : "New product"}
        breadcrumbs={[{ label: "Products", to: "/admin/products" }]}
      />
      <ProductEditor
        // A different product (after creating one) starts a fresh form.
        key={product?.id ?? "new"}
        product={product}
        brands={brands}
        categories={categories}
        canWrite={canWrite}
        productsPath={productsPath}
      />
    </div>
  );
}
