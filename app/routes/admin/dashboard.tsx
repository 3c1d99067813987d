// /admin: the back office's front page. Revenue, orders and average order value for today, 7 and 30
// days against the period before; daily revenue; best sellers; low stock; the latest orders; open returns.
import { TrendingDown, TrendingUp } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { changeRatio } from "../../features/admin/dashboard/change-ratio.ts";
import { loadDashboard } from "../../features/admin/dashboard/dashboard-data.server.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import type { Route } from "./+types/dashboard";

// uPlot is fetched by this page only, after it renders.
const RevenueChart = lazy(() =>
  import("../../features/admin/dashboard/revenue-chart.tsx").then((module) => ({ default: module.RevenueChart })),
);

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = requireStaffPage(args);
  const store = services.config.store;
  const canSeeOrders = staffCan(staff, "orders:read");
  const dashboard = canSeeOrders
    ? await loadDashboard(services.database.db, { timeZone: store.appTimeZone, currency: displayCurrency(store) })
    : null;
  return {
    name: staff.name,
    dashboard,
    canSeeCatalog: staffCan(staff, "catalog:read"),
    productPath: store.paths.products,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Back office" }];

function Change({ current, previous, money }: { current: number; previous: number; money?: boolean }) {
  const ratio = changeRatio(current, previous);
  if (ratio === null) return <span className="text-sm text-muted">nothing the period before</span>;
  const percent = Math.round(ratio * 100);
  const up = percent > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span
      className={`inline-flex items-center gap-1 text-sm font-semibold ${percent === 0 ? "text-muted" : up ? "text-stock" : "text-sale"}`}
    >
      {percent !== 0 ? <Icon aria-hidden="true" size={16} /> : null}
      {percent > 0 ? "+" : ""}
      {percent}% <span className="font-normal text-muted">vs the period before{money ? "" : ""}</span>
    </span>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  if (!dashboard) {
    return (
      <>
        <PageHeader title={`Welcome, ${loaderData.name}`} />
        <Panel>
          <p className="text-muted">Sales figures are shown to staff who can read orders.</p>
        </Panel>
      </>
    );
  }
  const currency = dashboard.currency;
  const money = (value: number) => formatMoney(value, currency);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Figures by the store's days (${dashboard.timeZone}); revenue less refunds.`}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        {dashboard.periods.map((period) => (
          <Panel key={period.key} title={period.label}>
            <dl className="grid gap-3">
              <div>
                <dt className="text-sm text-muted">Revenue</dt>
                <dd className="tabular text-2xl font-bold text-water-900">{money(period.current.revenue)}</dd>
                <dd>
                  <Change current={period.current.revenue} previous={period.previous.revenue} money />
                </dd>
              </div>
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <dt className="text-sm text-muted">Orders</dt>
                  <dd className="tabular text-lg font-semibold">{period.current.orders}</dd>
                  <dd>
                    <Change current={period.current.orders} previous={period.previous.orders} />
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">Average order</dt>
                  <dd className="tabular text-lg font-semibold">{money(period.current.averageOrderValue)}</dd>
                  <dd>
                    <Change
                      current={period.current.averageOrderValue}
                      previous={period.previous.averageOrderValue}
                      money
                    />
                  </dd>
                </div>
              </div>
            </dl>
          </Panel>
        ))}
      </div>

      <Panel title="Daily revenue, last 30 days" className="mt-4">
        <Suspense fallback={<div className="min-h-[290px]" />}>
          <RevenueChart days={dashboard.dailyRevenue} currency={currency} />
        </Suspense>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-aqua-600">The figures as a table</summary>
          <table className="mt-2 w-full max-w-md text-left">
            <caption className="sr-only">Daily revenue</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col">Day</th>
                <th scope="col" className="text-right">
                  Orders
                </th>
                <th scope="col" className="text-right">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboard.dailyRevenue.map((day) => (
                <tr key={day.day}>
                  <td className="tabular">{day.day}</td>
                  <td className="tabular text-right">{day.orders}</td>
                  <td className="tabular text-right">{money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </Panel>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel title="Top products, last 30 days">
          {dashboard.topProducts.length === 0 ? (
            <p className="text-muted">No sales in the last 30 days.</p>
          ) : (
            <ol className="divide-y divide-line text-sm">
              {dashboard.topProducts.map((product, index) => (
                <li
                  key={product.productId ?? `title-${product.title}`}
                  className="flex items-center justify-between gap-3 py-2"
                >
                  <span className="min-w-0">
                    <span className="tabular mr-2 text-muted">{index + 1}.</span>
                    {product.handle ? (
                      <a
                        href={`${loaderData.productPath}/${encodeURIComponent(product.handle)}`}
                        target="_blank"
                        rel="noreferrer"
                        className="text-aqua-600 hover:underline"
                      >
                        {product.title}
                      </a>
                    ) : (
                      product.title
                    )}
                  </span>
                  <span className="tabular shrink-0 text-right">
                    {product.quantity} sold · {money(product.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel title="Low stock">
          {dashboard.lowStock.length === 0 ? (
            <p className="text-muted">Nothing is running low.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {dashboard.lowStock.map((item) => (
                <li
                  key={`${item.productId}-${item.sku ?? item.variantTitle}`}
                  className="flex items-center justify-between gap-3 py-2"
                >
                  <span className="min-w-0">
                    {loaderData.canSeeCatalog ? (
                      <Link to={`/admin/products/${item.productId}`} className="text-aqua-600 hover:underline">
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                    {item.variantTitle ? <span className="text-muted"> · {item.variantTitle}</span> : null}
                    {item.sku ? <span className="part-number ml-2 text-xs text-muted">{item.sku}</span> : null}
                  </span>
                  <span className={`tabular shrink-0 font-semibold ${item.available <= 0 ? "text-sale" : "text-ink"}`}>
                    {item.available <= 0 ? "Out of stock" : `${item.available} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Recent orders">
          {dashboard.recentOrders.length === 0 ? (
            <p className="text-muted">No orders yet.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {dashboard.recentOrders.map((order) => (
                <li key={order.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <Link to={`/admin/orders/${order.id}`} className="part-number text-aqua-600 hover:underline">
                      {order.orderNumber}
                    </Link>
                    <span className="ml-2 text-muted">{order.email}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="mr-2 text-xs text-muted">{order.status.replace(/_/g, " ")}</span>
                    <span className="tabular">{money(order.total)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title={`Open returns (${dashboard.openReturns.count})`}>
          {dashboard.openReturns.count === 0 ? (
            <p className="text-muted">No returns are waiting.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {dashboard.openReturns.latest.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 py-2">
                  <Link to={`/admin/orders/${item.orderId}`} className="part-number text-aqua-600 hover:underline">
                    {item.orderNumber}
                  </Link>
                  <span className="text-muted">
                    {item.status} ·{" "}
                    <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleDateString("en-US")}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}
