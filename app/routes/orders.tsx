// /orders.asp: the signed-in customer's orders, newest first. Anonymous visitors are sent to sign in.
import { Package } from "lucide-react";
import { Link, redirect } from "react-router";
import { formatMoney } from "../../shared/money.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { appContext } from "../context.ts";
import { listCustomerOrders } from "../features/account/account-data.server.ts";
import { AccountPage, MY_ACCOUNT_CRUMB } from "../features/account/account-ui.tsx";
import { loginPath } from "../features/account/use-current-user.ts";
import { orderStatusLabel } from "../features/cart/order-status.ts";
import { pageVisitor } from "../features/cart/page-visitor.server.ts";
import { formatShortUtcDate } from "../lib/format-date.ts";
import type { Route } from "./+types/orders";

const PAGE_SIZE = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const visitor = await pageVisitor(app, request);
  if (visitor.customerId === null) throw redirect(loginPath("/orders.asp"));
  const pageParam = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "0", 10);
  const page = Number.isInteger(pageParam) && pageParam >= 0 && pageParam < 100_000 ? pageParam : 0;
  const { orders, total } = await listCustomerOrders(app.services.database.db, visitor.customerId, {
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const store = app.services.config.store;
  return {
    orders,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    currency: displayCurrency(store),
    storeName: store.storeName,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Orders | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex" },
];

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pages, currency } = loaderData;
  return (
    <AccountPage title="Orders" crumbs={[MY_ACCOUNT_CRUMB, { label: "Orders" }]}>
      {orders.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-line bg-surface px-4 py-12 text-center">
          <Package aria-hidden="true" size={36} className="text-water-800" />
          <p className="mt-3 text-lg font-bold text-water-900">You have no orders yet.</p>
          <Link to="/" className="btn-primary mt-5">
            Start shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">
            {total} {total === 1 ? "order" : "orders"}
          </p>
          <div className="overflow-x-auto rounded-lg border border-line">
            <table className="tabular w-full min-w-[560px] text-left text-sm">
              <thead className="bg-surface text-water-900">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Items
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line bg-white">
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td className="px-4 py-3">
                      <Link
                        to={`/account/orders/${order.id}`}
                        className="inline-flex min-h-11 items-center font-semibold text-aqua-600 hover:underline"
                      >
                        {order.orderNumber}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{formatShortUtcDate(order.placedAt)}</td>
                    <td className="px-4 py-3">{orderStatusLabel(order.status)}</td>
                    <td className="px-4 py-3 text-right">{order.itemCount}</td>
                    <td className="px-4 py-3 text-right font-semibold">{formatMoney(order.totalPrice, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Order pages" className="mt-4 flex items-center justify-between">
              {page > 0 ? (
                <Link to={`/orders.asp?page=${page - 1}`} className="btn-secondary">
                  Newer orders
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-muted">
                Page {page + 1} of {pages}
              </span>
              {page + 1 < pages ? (
                <Link to={`/orders.asp?page=${page + 1}`} className="btn-secondary">
                  Older orders
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </AccountPage>
  );
}
