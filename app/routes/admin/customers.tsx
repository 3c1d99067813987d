// /admin/customers: search customers by name or e-mail; guests and accounts, disabled ones marked.
import { Link } from "react-router";
import { customerListQuerySchema } from "../../../shared/admin/customers.ts";
import { formatMoney } from "../../../shared/money.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { listCustomers } from "../../features/admin/customers/customers-data.server.ts";
import { adminColumns, DataTable, tableParams } from "../../features/admin/ui/data-table.tsx";
import { ListFilterForm } from "../../features/admin/ui/list-filter-form.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/customers";

const CUSTOMER_KINDS = [
  ["all", "Everyone"],
  ["registered", "With an account"],
  ["guest", "Guests"],
  ["disabled", "Disabled accounts"],
] as const;

const PAGE_SIZE = 25;

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "customers:read");
  const url = new URL(args.request.url);
  const parsed = customerListQuerySchema.safeParse({
    q: url.searchParams.get("q") || undefined,
    kind: url.searchParams.get("kind") || undefined,
    page: tableParams(url).page - 1,
    pageSize: PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : customerListQuerySchema.parse({ pageSize: PAGE_SIZE });
  return { ...(await listCustomers(services.database.db, query)), currency: displayCurrency(services.config.store) };
}

export const meta: Route.MetaFunction = () => [{ title: "Customers | Back office" }];

type Row = Route.ComponentProps["loaderData"]["customers"][number];

function columnsFor(currency: string) {
  return adminColumns<Row>((c) => [
    c.accessor("name", {
      enableSorting: false,
      header: "Customer",
      cell: (info) => (
        <div>
          <Link to={`/admin/customers/${info.row.original.id}`} className="font-semibold text-aqua-600 hover:underline">
            {info.getValue() || info.row.original.email}
          </Link>
          <p className="text-xs text-muted">{info.row.original.email}</p>
        </div>
      ),
    }),
    c.accessor("hasAccount", {
      enableSorting: false,
      header: "Account",
      cell: (info) =>
        info.row.original.disabled ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-sale">Disabled</span>
        ) : info.getValue() ? (
          "Account"
        ) : (
          <span className="text-muted">Guest</span>
        ),
    }),
    c.accessor("orderCount", {
      enableSorting: false,
      header: "Orders",
      cell: (info) => <span className="tabular">{info.getValue()}</span>,
    }),
    c.accessor("totalSpent", {
      enableSorting: false,
      header: "Spent",
      cell: (info) => <span className="tabular">{formatMoney(info.getValue(), currency)}</span>,
    }),
    c.accessor("lastOrderAt", {
      enableSorting: false,
      header: "Last order",
      cell: (info) => {
        const value = info.getValue();
        return value ? <time dateTime={value}>{new Date(value).toLocaleDateString("en-US")}</time> : "—";
      },
    }),
  ]);
}

let cachedColumns: { currency: string; columns: ReturnType<typeof columnsFor> } | null = null;

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  if (cachedColumns?.currency !== loaderData.currency) {
    cachedColumns = { currency: loaderData.currency, columns: columnsFor(loaderData.currency) };
  }
  return (
    <>
      <PageHeader title="Customers" description="Shoppers with an account, and guests who placed orders." />
      <ListFilterForm
        search={{ id: "customer-search", label: "Name or e-mail" }}
        choice={{ id: "customer-kind", name: "kind", label: "Show", options: CUSTOMER_KINDS }}
        submitLabel="Search"
      />
      <DataTable
        caption="Customers"
        mode="server"
        columns={cachedColumns.columns}
        data={loaderData.customers}
        rowId={(row) => String(row.id)}
        total={loaderData.total}
        pageSize={PAGE_SIZE}
        empty="No customers match. Try part of the name or the e-mail address."
      />
    </>
  );
}
