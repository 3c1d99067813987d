// /admin/orders: every order, newest first. Search by order number, e-mail, name or part number; filter by
// payment, fulfilment and date; page through; export what the filters show as CSV.
import { Download, Search } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { FULFILMENT_FILTERS, orderListQuerySchema, PAYMENT_FILTERS } from "../../../shared/admin/orders.ts";
import { formatMoney } from "../../../shared/money.ts";
import { inputClass, SelectField } from "../../components/ui/text-field.tsx";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { type AdminOrderRow, listAdminOrders } from "../../features/admin/orders/order-admin-data.server.ts";
import { FulfilmentBadge, PaymentBadge } from "../../features/admin/orders/order-badges.tsx";
import { adminColumns, DataTable } from "../../features/admin/ui/data-table.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import { Notice } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/orders";

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "orders:read");
  const url = new URL(args.request.url);
  const raw = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ""));
  const parsed = orderListQuerySchema.safeParse({ ...raw, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : orderListQuerySchema.parse({ limit: PAGE_SIZE });
  let problem = parsed.success ? null : "Some filters were not understood and were left out.";
  let result: Awaited<ReturnType<typeof listAdminOrders>>;
  try {
    result = await listAdminOrders(services.database.db, query);
  } catch (error) {
    problem = (error as Error).message;
    result = await listAdminOrders(services.database.db, { page: 1, limit: PAGE_SIZE });
  }
  const exportParams = new URLSearchParams(
    Object.entries({ q: query.q, payment: query.payment, fulfilment: query.fulfilment, from: query.from, to: query.to })
      .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
      .map(([key, value]) => [key, value]),
  );
  return {
    rows: result.orders,
    total: result.total,
    problem,
    exportUrl: `/api/admin/orders/export.csv${exportParams.size ? `?${exportParams}` : ""}`,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | Back office" }];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const columns = adminColumns<AdminOrderRow>((c) => [
  c.accessor("orderNumber", {
    header: "Order",
    enableSorting: false,
    cell: (info) => (
      <Link
        to={`/admin/orders/${info.row.original.id}`}
        className="part-number font-semibold text-aqua-600 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  c.accessor("placedAt", {
    id: "placedAt",
    header: "Date",
    cell: (info) => <span className="whitespace-nowrap">{dateTime.format(new Date(info.getValue()))}</span>,
  }),
  c.accessor("customerName", {
    header: "Customer",
    enableSorting: false,
    cell: (info) => (
      <div className="min-w-40">
        <p className="font-medium">{info.getValue() || "—"}</p>
        <p className="text-xs text-muted">{info.row.original.email}</p>
      </div>
    ),
  }),
  c.accessor("itemCount", {
    header: "Items",
    enableSorting: false,
    cell: (info) => <span className="tabular">{info.getValue()}</span>,
  }),
  c.accessor("total", {
    id: "total",
    header: "Total",
    cell: (info) => (
      <span className="tabular whitespace-nowrap">{formatMoney(info.getValue(), info.row.original.currency)}</span>
    ),
  }),
  c.accessor("financialStatus", {
    header: "Payment",
    enableSorting: false,
    cell: (info) => <PaymentBadge status={info.getValue()} />,
  }),
  c.accessor("fulfillmentStatus", {
    header: "Fulfilment",
    enableSorting: false,
    cell: (info) => <FulfilmentBadge status={info.getValue()} cancelled={info.row.original.status === "cancelled"} />,
  }),
]);

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const filtered = ["q", "payment", "fulfilment", "from", "to"].some((key) => params.get(key));
  return (
    <>
      <PageHeader
        title="Orders"
        description={`${loaderData.total.toLocaleString("en-US")} order${loaderData.total === 1 ? "" : "s"}${filtered ? ` ${loaderData.total === 1 ? "matches" : "match"} these filters` : ""}`}
        actions={
          <a href={loaderData.exportUrl} className="btn-secondary" download>
            <Download aria-hidden="true" size={18} /> Export CSV
          </a>
        }
      />
      <Form
        method="get"
        role="search"
        className="mb-4 grid gap-3 rounded-lg border border-line bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="sm:col-span-2 lg:col-span-3">
          <label htmlFor="orders-q" className="mb-1 block text-sm font-semibold">
            Search
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder="Order number, e-mail, name or part number"
            className={`${inputClass} border-line`}
          />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            <Search aria-hidden="true" size={18} /> Search
          </button>
          {filtered ? (
            <Link to="/admin/orders" className="btn-secondary">
              Clear
            </Link>
          ) : null}
        </div>
        <SelectField id="orders-payment" name="payment" label="Payment" defaultValue={params.get("payment") ?? ""}>
          <option value="">Any</option>
          {PAYMENT_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="orders-fulfilment"
          name="fulfilment"
          label="Fulfilment"
          defaultValue={params.get("fulfilment") ?? ""}
        >
          <option value="">Any</option>
          {FULFILMENT_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <div>
          <label htmlFor="orders-from" className="mb-1 block text-sm font-semibold">
            From
          </label>
          <input
            id="orders-from"
            name="from"
            type="date"
            defaultValue={params.get("from") ?? ""}
            className={`${inputClass} border-line`}
          />
        </div>
        <div>
          <label htmlFor="orders-to" className="mb-1 block text-sm font-semibold">
            To
          </label>
          <input
            id="orders-to"
            name="to"
            type="date"
            defaultValue={params.get("to") ?? ""}
            className={`${inputClass} border-line`}
          />
        </div>
      </Form>
      {loaderData.problem ? (
        <Notice tone="danger" className="mb-4">
          {loaderData.problem}
        </Notice>
      ) : null}
      <DataTable
        caption="Orders"
        mode="server"
        columns={columns}
        data={loaderData.rows}
        rowId={(row) => String(row.id)}
        total={loaderData.total}
        pageSize={PAGE_SIZE}
        empty={filtered ? "No order matches these filters. Clear them to see every order." : "No orders yet."}
      />
    </>
  );
}
