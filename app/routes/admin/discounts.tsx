// /admin/discounts: every discount code with how it stands now (active, paused, scheduled, expired,
// used up), its uses, the orders placed with it and their revenue; pause, resume or delete from here.
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { DISCOUNT_STANDING_LABELS, discountListQuerySchema } from "../../../shared/admin/discounts.ts";
import { formatMoney } from "../../../shared/money.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { listDiscounts } from "../../features/admin/discounts/discounts-data.server.ts";
import { discountValueText, StandingBadge } from "../../features/admin/discounts/standing-badge.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { adminColumns, DataTable, tableParams } from "../../features/admin/ui/data-table.tsx";
import { ListFilterForm } from "../../features/admin/ui/list-filter-form.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/discounts";

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "discounts:write");
  const url = new URL(args.request.url);
  const parsed = discountListQuerySchema.safeParse({
    q: url.searchParams.get("q") || undefined,
    status: url.searchParams.get("status") || undefined,
    page: tableParams(url).page - 1,
    pageSize: PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : discountListQuerySchema.parse({ pageSize: PAGE_SIZE });
  const result = await listDiscounts(services.database.db, query);
  return { ...result, currency: displayCurrency(services.config.store) };
}

export const meta: Route.MetaFunction = () => [{ title: "Discounts | Back office" }];

type Row = Route.ComponentProps["loaderData"]["discounts"][number];

function RowActions({ row }: { row: Row }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  async function setActive(isActive: boolean) {
    setBusy(true);
    try {
      await adminApi(`/api/admin/discounts/${row.id}/active`, { method: "POST", body: { isActive } });
      toast.success(isActive ? `${row.code} is active again.` : `${row.code} is paused: the checkout refuses it.`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "The code could not be changed. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/admin/discounts/${row.id}`} className="btn-secondary min-h-9 px-3">
        Edit
      </Link>
      <button
        type="button"
        className="btn-secondary min-h-9 px-3"
        disabled={busy}
        onClick={() => setActive(!row.isActive)}
      >
        {row.isActive ? "Pause" : "Resume"}
      </button>
      <button
        type="button"
        className="min-h-9 rounded-md px-3 text-sm font-semibold text-sale hover:bg-red-50"
        onClick={() => setConfirmDelete(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${row.code}?`}
        description={
          row.orderCount > 0
            ? `${row.orderCount} order${row.orderCount === 1 ? "" : "s"} used this code; they keep its name and discount, but its usage history goes. Pausing keeps the history.`
            : "Carts that hold the code lose it. This cannot be undone."
        }
        confirmLabel="Delete code"
        busyLabel="Deleting..."
        danger
        onConfirm={async () => {
          await adminApi(`/api/admin/discounts/${row.id}`, { method: "DELETE" });
          toast.success(`${row.code} deleted.`);
          await revalidator.revalidate();
        }}
      />
    </div>
  );
}

function columnsFor(currency: string) {
  return adminColumns<Row>((c) => [
    c.accessor("code", {
      enableSorting: false,
      header: "Code",
      cell: (info) => (
        <div>
          <Link
            to={`/admin/discounts/${info.row.original.id}`}
            className="part-number font-semibold text-aqua-600 hover:underline"
          >
            {info.getValue()}
          </Link>
          <p className="text-xs text-muted">{info.row.original.title}</p>
        </div>
      ),
    }),
    c.accessor("standing", {
      enableSorting: false,
      header: "Status",
      cell: (info) => <StandingBadge standing={info.getValue()} />,
    }),
    c.accessor("kind", {
      enableSorting: false,
      header: "Discount",
      cell: (info) => discountValueText(info.row.original, currency),
    }),
    c.accessor("usageCount", {
      enableSorting: false,
      header: "Uses",
      cell: (info) => (
        <span className="tabular">
          {info.getValue()}
          {info.row.original.usageLimit !== null ? ` / ${info.row.original.usageLimit}` : ""}
        </span>
      ),
    }),
    c.accessor("orderCount", {
      enableSorting: false,
      header: "Orders",
      cell: (info) => <span className="tabular">{info.getValue()}</span>,
    }),
    c.accessor("revenue", {
      enableSorting: false,
      header: "Revenue",
      cell: (info) => <span className="tabular">{formatMoney(info.getValue(), currency)}</span>,
    }),
    c.accessor("id", {
      id: "actions",
      enableSorting: false,
      header: "Actions",
      cell: (info) => <RowActions row={info.row.original} />,
    }),
  ]);
}

let cachedColumns: { currency: string; columns: ReturnType<typeof columnsFor> } | null = null;

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  if (cachedColumns?.currency !== loaderData.currency) {
    cachedColumns = { currency: loaderData.currency, columns: columnsFor(loaderData.currency) };
  }
  return (
    <>
      <PageHeader
        title="Discounts"
        description="Codes shoppers type at the cart. The checkout applies every rule set here."
        actions={
          <Link to="/admin/discounts/new" className="btn-primary">
            <Plus aria-hidden="true" size={18} /> New discount code
          </Link>
        }
      />
      <ListFilterForm
        search={{ id: "discount-search", label: "Code or title" }}
        choice={{
          id: "discount-status",
          name: "status",
          label: "Status",
          options: [["all", "All"], ...Object.entries(DISCOUNT_STANDING_LABELS)],
        }}
        submitLabel="Filter"
      />
      <DataTable
        caption="Discount codes"
        mode="server"
        columns={cachedColumns.columns}
        data={loaderData.discounts}
        rowId={(row) => String(row.id)}
        total={loaderData.total}
        pageSize={PAGE_SIZE}
        empty="No discount codes match. Create one with “New discount code”."
      />
    </>
  );
}
