// /admin/products: every product (drafts too) with search (the store's own, part numbers and SKUs
// included), filters, sorting and paging in the address, and bulk actions on the selected rows.
import type { RowSelectionState } from "@tanstack/react-table";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useRevalidator, useSearchParams, useSubmit } from "react-router";
import { productListQuerySchema } from "../../../shared/admin/catalog.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { Notice } from "../../components/ui/notice.tsx";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { BulkActions } from "../../features/admin/catalog/bulk-actions.tsx";
import { listBrands, listCategories, listProductsForAdmin } from "../../features/admin/catalog/catalog-admin.server.ts";
import { categoryLabels } from "../../features/admin/catalog/catalog-types.ts";
import { ProductTable } from "../../features/admin/catalog/product-table.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/products";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  const url = new URL(args.request.url);
  const parsed = productListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : productListQuerySchema.parse({});
  const db = services.database.db;
  const store = services.config.store;
  const [page, categories, brands] = await Promise.all([
    listProductsForAdmin(db, query, store.lowStockThreshold),
    listCategories(db, store.themeConfig.imagePlacements.collection.topBanner),
    listBrands(db),
  ]);
  return {
    page,
    query,
    queryError: parsed.success
      ? null
      : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
    categories: categoryLabels(categories),
    brands: brands.map((brand) => ({ id: brand.id, name: brand.name })),
    canWrite: staffCan(staff, "catalog:write"),
    canWriteStock: staffCan(staff, "stock:write"),
    currency: displayCurrency(store),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Products | Back office" }];

const selectClass =
  "min-h-11 w-full min-w-0 rounded-md border border-line bg-white px-3 text-base text-ink focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500";

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { page, query, categories, brands, canWrite, canWriteStock, currency, queryError } = loaderData;
  const [params] = useSearchParams();
  const submit = useSubmit();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  // A new page of results starts with nothing selected.
  const listKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what the selection belongs to.
  useEffect(() => setSelection({}), [listKey]);

  const pageLink = (target: number) => {
    const copy = new URLSearchParams(params);
    if (target > 1) copy.set("page", String(target));
    else copy.delete("page");
    return `?${copy.toString()}`;
  };
  const filtered = Boolean(query.q || query.category || query.brand || query.status || query.stock);

  return (
    <div>
      <PageHeader
        title="Products"
        description={`${page.total.toLocaleString("en-US")} ${page.total === 1 ? "product" : "products"}${filtered ? " match" : " in the catalog"}.`}
        actions={
          canWrite ? (
            <Link to="/admin/products/new" className="btn-primary">
              <Plus aria-hidden="true" size={18} />
              Add product
            </Link>
          ) : null
        }
      />
      {queryError ? (
        <Notice tone="info">Some filters in the address were not understood ({queryError}) and were left out.</Notice>
      ) : null}
      <Form
        method="get"
        role="search"
        aria-label="Find products"
        className="mb-4 flex flex-wrap gap-3 rounded-lg border border-line bg-white p-3 shadow-sm [&>input]:flex-[2_1_16rem] [&>select]:flex-[1_1_9.5rem]"
        onChange={(event) => {
          // Choices apply at once; the search box applies on Enter or the button.
          if ((event.target as HTMLElement).tagName === "SELECT") submit(event.currentTarget);
        }}
      >
        <label className="sr-only" htmlFor="product-search">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="Title, part number or SKU"
          className={`${selectClass} w-full`}
        />
        <label className="sr-only" htmlFor="filter-category">
          Category
        </label>
        <select id="filter-category" name="category" defaultValue={query.category ?? ""} className={selectClass}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="filter-brand">
          Brand
        </label>
        <select id="filter-brand" name="brand" defaultValue={query.brand ?? ""} className={selectClass}>
          <option value="">All brands</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="filter-status">
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={query.status ?? ""} className={selectClass}>
          <option value="">Any status</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </select>
        <label className="sr-only" htmlFor="filter-stock">
          Stock
        </label>
        <select id="filter-stock" name="stock" defaultValue={query.stock ?? ""} className={selectClass}>
          <option value="">Any stock</option>
          <option value="in">In stock</option>
          <option value="low">Low stock</option>
          <option value="out">Out of stock</option>
          <option value="backorder">Backorder</option>
          <option value="untracked">Not tracked</option>
        </select>
        {params.get("sort") ? <input type="hidden" name="sort" value={params.get("sort") ?? ""} /> : null}
        {params.get("dir") ? <input type="hidden" name="dir" value={params.get("dir") ?? ""} /> : null}
        <div className="flex gap-2">
          <button type="submit" className="btn-secondary">
            Search
          </button>
          {filtered ? (
            <Link to="/admin/products" className="btn-secondary">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {canWrite ? (
        <BulkActions
          selectedIds={selectedIds}
          canSetStock={canWriteStock}
          onDone={() => {
            setSelection({});
            revalidator.revalidate();
          }}
        />
      ) : null}

      <div
        aria-busy={navigation.state === "loading"}
        className={navigation.state === "loading" ? "opacity-70" : undefined}
      >
        <ProductTable
          rows={page.products}
          currency={currency}
          selection={selection}
          onSelectionChange={setSelection}
          selectable={canWrite}
        />
      </div>

      {pages > 1 ? (
        <nav aria-label="Product pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted tabular">
            {(page.page - 1) * page.size + 1}–{Math.min(page.total, page.page * page.size)} of{" "}
            {page.total.toLocaleString("en-US")}
          </p>
          <div className="flex items-center gap-2">
            {page.page > 1 ? (
              <Link to={pageLink(page.page - 1)} className="btn-secondary min-h-9 px-3">
                Previous
              </Link>
            ) : null}
            <span className="tabular">
              Page {page.page} of {pages}
            </span>
            {page.page < pages ? (
              <Link to={pageLink(page.page + 1)} className="btn-secondary min-h-9 px-3">
                Next
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}
    </div>
  );
}
