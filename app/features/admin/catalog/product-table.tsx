// The product list's table: @tanstack/react-table with row selection for bulk actions; sorting and
// paging live in the address (the loader reads them back), so a filtered page can be bookmarked.
import {
  type ColumnDef,
  createColumnHelper,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { StockState } from "../../../../shared/admin/catalog.ts";
import { imageUrlForWidth } from "../../../../shared/image-srcset.ts";
import { formatMoney } from "../../../../shared/money.ts";

export interface ProductTableRow {
  id: number;
  title: string;
  handle: string;
  partNumber: string | null;
  vendor: string | null;
  status: "draft" | "published";
  minPrice: number;
  maxPrice: number;
  stock: number;
  variantCount: number;
  stockState: StockState;
  imageUrl: string | null;
  updatedAt: string;
}

const features = tableFeatures({ rowSelectionFeature, rowSortingFeature });
const helper = createColumnHelper<typeof features, ProductTableRow>();

const STOCK_LABEL: Record<StockState, string> = {
  in: "In stock",
  low: "Low",
  out: "Out",
  backorder: "Backorder",
  untracked: "Not tracked",
};
const STOCK_CLASS: Record<StockState, string> = {
  in: "bg-green-50 text-stock",
  low: "bg-amber-50 text-amber-800",
  out: "bg-red-50 text-sale",
  backorder: "bg-sky-50 text-sky-800",
  untracked: "bg-slate-100 text-slate-700",
};

/** Sortable column id → the list's `sort` parameter. */
const SORTS: Record<string, string> = { title: "title", price: "price", stock: "stock", updated: "updated" };

function priceText(row: ProductTableRow, currency: string): string {
  return row.minPrice === row.maxPrice
    ? formatMoney(row.minPrice, currency)
    : `${formatMoney(row.minPrice, currency)}–${formatMoney(row.maxPrice, currency)}`;
}

export function ProductTable({
  rows,
  currency,
  selection,
  onSelectionChange,
  selectable,
}: {
  rows: ProductTableRow[];
  currency: string;
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  selectable: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const sort = params.get("sort") ?? "updated";
  const desc = (params.get("dir") ?? "desc") === "desc";
  const columns = [
    ...(selectable
      ? [
          helper.display({
            id: "select",
            header: ({ table }) => (
              <input
                type="checkbox"
                className="size-5 accent-aqua-600"
                aria-label="Select every product on this page"
                checked={table.getIsAllPageRowsSelected()}
                ref={(element) => {
                  if (element)
                    element.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
                }}
                onChange={table.getToggleAllPageRowsSelectedHandler()}
              />
            ),
            cell: ({ row }) => (
              <input
                type="checkbox"
                className="size-5 accent-aqua-600"
                aria-label={`Select ${row.original.title}`}
                checked={row.getIsSelected()}
                onChange={row.getToggleSelectedHandler()}
              />
            ),
          }),
        ]
      : []),
    helper.accessor("title", {
      id: "title",
      header: "Product",
      cell: ({ row }) => (
        <div className="flex min-w-56 items-center gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-white">
            {row.original.imageUrl ? (
              <img
                src={imageUrlForWidth(row.original.imageUrl, 80)}
                alt=""
                width={48}
                height={48}
                className="size-12 object-contain"
              />
            ) : (
              <span className="text-xs text-muted">No image</span>
            )}
          </div>
          <div className="min-w-0">
            <Link to={`/admin/products/${row.original.id}`} className="font-semibold text-aqua-600 hover:underline">
              {row.original.title}
            </Link>
            <p className="text-xs text-muted">
              {row.original.partNumber ? <span className="font-mono">{row.original.partNumber}</span> : null}
              {row.original.partNumber && row.original.vendor ? " · " : null}
              {row.original.vendor}
            </p>
          </div>
        </div>
      ),
    }),
    helper.accessor("status", {
      id: "status",
      header: "Status",
      cell: ({ getValue }) =>
        getValue() === "published" ? (
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-stock">Published</span>
        ) : (
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-muted">Draft</span>
        ),
    }),
    helper.accessor("minPrice", {
      id: "price",
      header: "Price",
      cell: ({ row }) => <span className="tabular whitespace-nowrap">{priceText(row.original, currency)}</span>,
    }),
    helper.accessor("stock", {
      id: "stock",
      header: "Stock",
      cell: ({ row }) => (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span className="tabular">{row.original.stock}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STOCK_CLASS[row.original.stockState]}`}>
            {STOCK_LABEL[row.original.stockState]}
          </span>
          {row.original.variantCount > 1 ? (
            <span className="text-xs text-muted">{row.original.variantCount} variants</span>
          ) : null}
        </span>
      ),
    }),
    helper.accessor("updatedAt", {
      id: "updated",
      header: "Updated",
      cell: ({ getValue }) => (
        <time dateTime={getValue()} className="whitespace-nowrap text-muted tabular">
          {new Date(getValue()).toISOString().slice(0, 10)}
        </time>
      ),
    }),
  ];

  const table = useTable({
    features,
    columns: columns as unknown as Array<ColumnDef<typeof features, ProductTableRow>>,
    data: rows,
    getRowId: (row) => String(row.id),
    enableRowSelection: selectable,
    manualSorting: true,
    state: { rowSelection: selection, sorting: [{ id: sort, desc }] },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === "function" ? updater(selection) : updater),
    onSortingChange: () => {},
  });

  function sortBy(id: string) {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      const nextDesc = sort === id ? !desc : id === "updated";
      copy.set("sort", id);
      copy.set("dir", nextDesc ? "desc" : "asc");
      copy.delete("page");
      return copy;
    });
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="border-b border-line bg-surface text-xs font-semibold tracking-wide text-muted uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = SORTS[header.column.id] !== undefined;
                const active = sort === header.column.id;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`px-3 py-2 whitespace-nowrap ${header.column.id === "select" ? "w-10" : ""}`}
                    aria-sort={active ? (desc ? "descending" : "ascending") : undefined}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => sortBy(header.column.id)}
                        className="-mx-1 inline-flex min-h-8 items-center gap-1 rounded px-1 uppercase hover:text-ink"
                      >
                        <table.FlexRender header={header} />
                        {active ? (
                          desc ? (
                            <ArrowDown aria-hidden="true" size={14} />
                          ) : (
                            <ArrowUp aria-hidden="true" size={14} />
                          )
                        ) : (
                          <ArrowUpDown aria-hidden="true" size={14} className="opacity-40" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-muted">
                No products match. Clear a filter or search by another word or part number.
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={`border-b border-line last:border-b-0 ${row.getIsSelected() ? "bg-aqua-100/40" : "hover:bg-surface/60"}`}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
