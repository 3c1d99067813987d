// The back office's tables: @tanstack/react-table (v9) for the model, our markup for the look. Two modes:
// - "server" (lists that grow: products, orders, customers, the audit log): the loader sorts and pages;
//   the table writes `sort`, `dir` and `page` into the address and the loader reads them back with
//   `tableParams(url)`. Links work, the back button works, and nothing but one page is sent.
// - "client" (short lists: staff, a product's variants): all rows given, sorted and paged here.
//
//   const columns = adminColumns<StaffRow>((c) => [
//     c.accessor("name", { header: "Name" }),
//     c.accessor("role", { header: "Role", cell: (info) => ROLE_LABELS[info.getValue()] }),
//   ]);
//   <DataTable caption="Staff" columns={columns} data={rows} mode="client" />
import {
  type ColumnDef,
  type ColumnHelper,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";

export const adminTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime, text: sortFn_text },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
export type AdminTableFeatures = typeof adminTableFeatures;
export type AdminColumn<T extends RowData> = ColumnDef<AdminTableFeatures, T>;

/** Columns for a row type, built once (call at module scope: columns must keep their identity). */
export function adminColumns<T extends RowData>(
  // Each column is typed by the helper; the list mixes value types, which ColumnDef's variance cannot hold.
  build: (helper: ColumnHelper<AdminTableFeatures, T>) => readonly unknown[],
): Array<AdminColumn<T>> {
  return build(createColumnHelper<AdminTableFeatures, T>()) as Array<AdminColumn<T>>;
}

export interface TableParams {
  /** A column id the loader allows, or null for its default order. */
  sort: string | null;
  dir: "asc" | "desc";
  /** 1-based. */
  page: number;
}

/** The table's sort and page from the address (for a loader of a "server" table). */
export function tableParams(url: URL, allowedSorts: readonly string[] = []): TableParams {
  const sort = url.searchParams.get("sort");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    sort: sort && allowedSorts.includes(sort) ? sort : null,
    dir: url.searchParams.get("dir") === "desc" ? "desc" : "asc",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

interface CommonProps<T extends RowData> {
  /** What the table lists, for screen readers (shown visually hidden). */
  caption: string;
  columns: Array<AdminColumn<T>>;
  data: T[];
  /** A stable id per row (a record id); the index by default. */
  rowId?: (row: T) => string;
  /** Shown in place of rows when there are none (say what to do next). */
  empty?: ReactNode;
  /**
   * On a phone, each row is a card with its cells one under another, each under its column's name,
   * instead of a table that scrolls sideways: for a few wide columns (a review, an answer form).
   */
  stacked?: boolean;
}

interface ServerProps<T extends RowData> extends CommonProps<T> {
  mode: "server";
  /** Rows in all pages together. */
  total: number;
  pageSize: number;
}

interface ClientProps<T extends RowData> extends CommonProps<T> {
  mode: "client";
  pageSize?: number;
}

export function DataTable<T extends RowData>(props: ServerProps<T> | ClientProps<T>) {
  return props.mode === "server" ? <ServerTable {...props} /> : <ClientTable {...props} />;
}

function ServerTable<T extends RowData>(props: ServerProps<T>) {
  const { columns, data, rowId, total, pageSize } = props;
  const [params, setParams] = useSearchParams();
  const sort = params.get("sort");
  const sorting: SortingState = sort ? [{ id: sort, desc: params.get("dir") === "desc" }] : [];
  const pageIndex = Math.max(Number.parseInt(params.get("page") ?? "1", 10) || 1, 1) - 1;
  const pagination: PaginationState = { pageIndex, pageSize };
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data,
    getRowId: rowId ? (row: T) => rowId(row) : undefined,
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      setParams((current) => {
        const copy = new URLSearchParams(current);
        const first = next[0];
        if (first) {
          copy.set("sort", first.id);
          copy.set("dir", first.desc ? "desc" : "asc");
        } else {
          copy.delete("sort");
          copy.delete("dir");
        }
        copy.delete("page");
        return copy;
      });
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === "function" ? updater(pagination) : updater;
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next.pageIndex > 0) copy.set("page", String(next.pageIndex + 1));
        else copy.delete("page");
        return copy;
      });
    },
  });
  return <TableView table={table} view={props} total={total} />;
}

function ClientTable<T extends RowData>(props: ClientProps<T>) {
  const { columns, data, rowId, pageSize = 50 } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data,
    getRowId: rowId ? (row: T) => rowId(row) : undefined,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
  });
  return <TableView table={table} view={props} total={data.length} />;
}

type AnyTable = ReturnType<typeof useTable<AdminTableFeatures, never>>;

function TableView({
  table: typed,
  view: { caption, empty, stacked = false },
  total,
}: {
  table: unknown;
  view: Pick<CommonProps<never>, "caption" | "empty" | "stacked">;
  total: number;
}) {
  const table = typed as AnyTable;
  const rows = table.getRowModel().rows;
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <div className="rounded-lg border border-line bg-white shadow-sm">
      {/* relative: the cells' screen-reader-only text scrolls with the table instead of widening the page. */}
      <div className="relative overflow-x-auto">
        <table className={`w-full border-collapse text-left text-sm ${stacked ? "max-sm:block" : ""}`}>
          <caption className="sr-only">{caption}</caption>
          <thead
            className={`border-b border-line bg-surface text-xs font-semibold tracking-wide text-muted uppercase ${
              stacked ? "max-sm:sr-only" : ""
            }`}
          >
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 whitespace-nowrap"
                      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex min-h-8 items-center gap-1 rounded px-1 uppercase hover:text-ink"
                        >
                          {label}
                          {direction === "asc" ? (
                            <ArrowUp aria-hidden="true" size={14} />
                          ) : direction === "desc" ? (
                            <ArrowDown aria-hidden="true" size={14} />
                          ) : (
                            <ArrowUpDown aria-hidden="true" size={14} className="opacity-40" />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={stacked ? "max-sm:block" : undefined}>
            {rows.length === 0 ? (
              <tr className={stacked ? "max-sm:block" : undefined}>
                <td
                  colSpan={table.getAllLeafColumns().length}
                  className={`px-3 py-8 text-center text-muted ${stacked ? "max-sm:block" : ""}`}
                >
                  {empty ?? "Nothing here yet."}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={`border-b border-line last:border-b-0 hover:bg-surface/60 ${stacked ? "max-sm:block max-sm:py-2" : ""}`}
                >
                  {row.getAllCells().map((cell) => {
                    const header = cell.column.columnDef.header;
                    return (
                      <td key={cell.id} className={`px-3 py-2 align-top ${stacked ? "max-sm:block" : ""}`}>
                        {stacked && typeof header === "string" ? (
                          // The column's name over the cell where the header row is hidden; screen readers
                          // have the (visually hidden) header row.
                          <span
                            aria-hidden="true"
                            className="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase sm:hidden"
                          >
                            {header}
                          </span>
                        ) : null}
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {total > pageSize ? (
        <nav
          aria-label={`${caption}: pages`}
          className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-3 py-2 text-sm"
        >
          <p className="text-muted tabular">
            {first}–{last} of {total}
          </p>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="btn-secondary min-h-9 px-3"
              onClick={() => table.previousPage()}
              disabled={pageIndex === 0}
            >
              <ChevronLeft aria-hidden="true" size={16} />
              Previous
            </button>
            <span className="tabular">
              Page {pageIndex + 1} of {pageCount}
            </span>
            <button
              type="button"
              className="btn-secondary min-h-9 px-3"
              onClick={() => table.nextPage()}
              disabled={pageIndex + 1 >= pageCount}
            >
              Next
              <ChevronRight aria-hidden="true" size={16} />
            </button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
