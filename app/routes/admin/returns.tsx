// /admin/returns: returns asked for by shoppers, open ones first by default; each with its next step.
import { Link, useSearchParams } from "react-router";
import { returnListQuerySchema } from "../../../shared/admin/orders.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { listReturns } from "../../features/admin/orders/order-admin-data.server.ts";
import { ReturnBadge } from "../../features/admin/orders/order-badges.tsx";
import { ReturnActions } from "../../features/admin/orders/return-actions.tsx";
import { PageHeader } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/returns";

const FILTERS = [
  { value: "open", label: "Open" },
  { value: "requested", label: "Requested" },
  { value: "approved", label: "Approved" },
  { value: "received", label: "Received" },
  { value: "refunded", label: "Refunded" },
  { value: "refused", label: "Refused" },
  { value: "", label: "All" },
];

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "orders:read");
  const url = new URL(args.request.url);
  const status = url.searchParams.get("status") ?? "open";
  const parsed = returnListQuerySchema.safeParse({
    status: status || undefined,
    page: url.searchParams.get("page") ?? undefined,
    limit: 50,
  });
  const query = parsed.success ? parsed.data : returnListQuerySchema.parse({ status: "open", limit: 50 });
  const result = await listReturns(services.database.db, {
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    ...result,
    status: query.status ?? "",
    canWrite: staffCan(staff, "orders:write"),
    currency: displayCurrency(services.config.store),
    returnDays: services.config.store.merchantReturnDays,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Returns | Back office" }];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  const { returns, total, status, canWrite, currency, returnDays } = loaderData;
  return (
    <>
      <PageHeader
        title="Returns"
        description={`Shoppers may ask for a return within ${returnDays} days of shipping. ${total} return${total === 1 ? "" : "s"} here.`}
      />
      <nav aria-label="Return status" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={status === filter.value}
            onClick={() => setParams(filter.value === "open" ? {} : { status: filter.value })}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${status === filter.value ? "border-water-900 bg-water-900 text-white" : "border-line bg-white hover:border-aqua-500"}`}
          >
            {filter.label}
          </button>
        ))}
      </nav>
      {returns.length === 0 ? (
        <p className="rounded-lg border border-line bg-white p-6 text-muted">
          No returns{" "}
          {status ? `that are ${FILTERS.find((filter) => filter.value === status)?.label.toLowerCase()}` : "yet"}.
        </p>
      ) : (
        <ul className="space-y-3">
          {returns.map((item) => (
            <li key={item.id} className="rounded-lg border border-line bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {item.number} <ReturnBadge status={item.status} />
                  <span className="font-normal text-muted">
                    Order{" "}
                    <Link to={`/admin/orders/${item.orderId}`} className="part-number text-aqua-600 hover:underline">
                      {item.orderNumber}
                    </Link>{" "}
                    &middot; {item.email}
                  </span>
                </p>
                <p className="text-sm text-muted">Asked {dateFormat.format(new Date(item.createdAt))}</p>
              </div>
              <p className="mt-1 text-sm">
                <span className="font-medium">{item.reasonLabel}</span>
                {item.comment ? <> &middot; &ldquo;{item.comment}&rdquo;</> : null}
              </p>
              <ul className="mt-1 text-sm text-muted">
                {item.lines.map((line) => (
                  <li key={line.lineItemId}>
                    {line.quantity} &times; {line.title}{" "}
                    {line.sku ? <span className="part-number">({line.sku})</span> : null}
                  </li>
                ))}
              </ul>
              {item.staffMessage ? <p className="mt-1 text-sm">Our message: {item.staffMessage}</p> : null}
              {canWrite ? <ReturnActions item={item} currency={currency} /> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
