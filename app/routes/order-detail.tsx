// /account/orders/{id}: one order. The signed-in customer who placed it sees it; a guest through the signed
// link of the confirmation e-mail (?token=, exchanged on arrival for the session and removed from the
// address), and the browser that placed it right after placing it
// (?placed=1 shows the thank-you note). Anyone else gets the 404 page.
import { CircleCheck } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { formatAddressLine } from "../../shared/address-rules.ts";
import { formatMoney } from "../../shared/money.ts";
import { returnRequestSchema } from "../../shared/order-returns.ts";
import { displayCurrency } from "../../shared/store-config.ts";
import { appContext } from "../context.ts";
import {
  findOrderRelatedProductIds,
  findVisibleOrderId,
  getOrderDetail,
  loadProductCards,
  NotFound,
  ServiceError,
  withSessionOrder,
} from "../features/account/account-data.server.ts";
import { AccountPage, MY_ACCOUNT_CRUMB } from "../features/account/account-ui.tsx";
import { OrderRelatedProducts } from "../features/cart/order-related-products.tsx";
import { orderStatusLabel } from "../features/cart/order-status.ts";
import { pageVisitor } from "../features/cart/page-visitor.server.ts";
import { compactCard } from "../features/catalog/catalog-data.server.ts";
import { OrderRefunds, OrderReturns, OrderShipments } from "../features/orders/order-aftercare.tsx";
import {
  getOrderAftercare,
  orderActionContext,
  requestReturn,
} from "../features/orders/order-aftercare-data.server.ts";
import type { Route } from "./+types/order-detail";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db } = app.services.database;
  const visitor = await pageVisitor(app, request);
  const url = new URL(request.url);
  const orderId = Number.parseInt(params.orderId, 10);
  if (!/^\d{1,9}$/.test(params.orderId)) throw data(null, { status: 404 });
  try {
    const token = url.searchParams.get("token");
    const visible = await findVisibleOrderId(db, visitor, orderId, token);
    if (token !== null) {
      // The e-mailed link's token is exchanged once for this browser's session (which then sees the order,
      // as the browser that placed it does) and the address bar is cleaned: tokens in URLs end up in logs
      // and in analytics. Old links keep working the same way.
      await app.session.update(withSessionOrder(visitor.sessionData, visible));
      url.searchParams.delete("token");
      throw redirect(`${url.pathname}${url.search}`, { headers: { "cache-control": "no-store" } });
    }
    const order = await getOrderDetail(db, visible);
    const store = app.services.config.store;
    const aftercare = await getOrderAftercare(db, visible, {
      returnDays: store.merchantReturnDays,
      now: app.services.clock.now(),
    });
    // Suggestions only while the order can still take another product (Add to Order).
    const related = order.canAddProducts
      ? (await loadProductCards(db, await findOrderRelatedProductIds(db, order.id))).map(compactCard)
      : [];
    return {
      order,
      aftercare,
      related,
      // Add to Order is allowed by the session now; no token goes into the page.
      token: null,
      productPath: store.paths.products,
      placed: url.searchParams.get("placed") === "1",
      signedIn: visitor.customerId !== null,
      currency: order.currency || displayCurrency(store),
      storeName: store.storeName,
    };
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

/** A return request from the order page's form (the same rules as POST /api/orders/{id}/returns). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db } = app.services.database;
  const visitor = await pageVisitor(app, request);
  if (!/^\d{1,9}$/.test(params.orderId)) throw data(null, { status: 404 });
  let orderId: number;
  try {
    orderId = await findVisibleOrderId(db, visitor, Number.parseInt(params.orderId, 10), null);
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
  const form = await request.formData();
  const lines = [...form.entries()]
    .filter(([name, value]) => name.startsWith("qty-") && String(value) !== "0")
    .map(([name, value]) => ({ lineItemId: name.slice(4), quantity: String(value) }));
  const parsed = returnRequestSchema.safeParse({
    lines,
    reason: form.get("reason") ?? undefined,
    comment: form.get("comment") || null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const text =
      issue.path[0] === "lines"
        ? "Please choose at least one item to return."
        : issue.path[0] === "reason"
          ? "Please choose a reason."
          : issue.message;
    return data({ error: text }, { status: 400 });
  }
  const key = String(form.get("key") ?? "").slice(0, 200) || null;
  try {
    const created = await requestReturn(orderActionContext(app.services), orderId, parsed.data, key);
    return { returnNumber: created.number };
  } catch (error) {
    if (error instanceof ServiceError && error.status < 500)
      return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Order ${loaderData?.order.orderNumber ?? ""} | ${loaderData?.storeName ?? "Store"}` },
  { name: "robots", content: "noindex" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { order, aftercare, placed, signedIn, currency, related, token, productPath } = loaderData;
  const money = (value: number) => formatMoney(value, currency);
  const crumbs = signedIn
    ? [MY_ACCOUNT_CRUMB, { label: "Orders", href: "/orders.asp" }, { label: `Order ${order.orderNumber}` }]
    : [{ label: `Order ${order.orderNumber}` }];
  return (
    <AccountPage title={`Order ${order.orderNumber}`} crumbs={crumbs}>
      {placed ? (
        <section
          role="status"
          className="mb-6 flex items-start gap-3 rounded-lg border border-stock/30 bg-green-50 p-5"
        >
          <CircleCheck aria-hidden="true" size={28} className="shrink-0 text-stock" />
          <div>
            <p className="text-xl font-bold text-water-900">Thank you! Your order has been placed.</p>
            <p className="mt-1">
              We sent a confirmation to <strong>{order.email}</strong>
              {signedIn ? "." : ", with a private link to this page."}
            </p>
          </div>
        </section>
      ) : null}
      <div className="grid gap-8 desk:grid-cols-[1fr_360px]">
        <section aria-labelledby="order-items-title">
          <p className="mb-4 text-muted">
            Placed on {dateFormat.format(new Date(order.placedAt))} &middot; {orderStatusLabel(order.status)}
          </p>
          <h2 id="order-items-title" className="mb-2 text-xl font-bold text-water-900">
            Items
          </h2>
          <ul className="divide-y divide-line rounded-lg border border-line bg-white px-4">
            {order.LineItems.map((line) => (
              <li key={line.id} className="flex gap-3 py-4">
                <img
                  src={line.imageUrl ?? "/img/no-image.svg"}
                  alt=""
                  width={64}
                  height={64}
                  className="size-16 shrink-0 rounded border border-line bg-white object-contain"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{line.title}</p>
                  {line.variantTitle ? <p className="text-sm text-muted">{line.variantTitle}</p> : null}
                  {line.sku ? (
                    <p className="text-xs text-muted">
                      Part # <span className="part-number">{line.sku}</span>
                    </p>
                  ) : null}
                  <p className="tabular text-sm text-muted">
                    {line.quantity} &times; {money(line.unitPrice)}
                  </p>
                </div>
                <p className="tabular font-semibold">{money(line.totalPrice)}</p>
              </li>
            ))}
          </ul>
          <OrderShipments
            aftercare={aftercare}
            lines={order.LineItems.map((line) => ({ id: line.id, title: line.title, sku: line.sku }))}
          />
          <OrderRefunds aftercare={aftercare} currency={currency} />
          <OrderReturns aftercare={aftercare} />
          {signedIn ? null : (
            <p className="mt-4 text-sm text-muted">
              Keep the link from your confirmation e-mail to come back to this order.{" "}
              <Link to="/register" className="text-aqua-600 hover:underline">
                Create an account
              </Link>{" "}
              to see every order in one place.
            </p>
          )}
        </section>
        <aside className="space-y-4 self-start rounded-lg border border-line bg-surface p-5">
          <h2 className="text-xl font-bold text-water-900">Summary</h2>
          <dl className="tabular space-y-2">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{money(order.subtotalPrice)}</dd>
            </div>
            {order.totalDiscount > 0 ? (
              <div className="flex justify-between">
                <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
                <dd className="text-stock">-{money(order.totalDiscount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>{order.shippingPrice === 0 ? "FREE" : money(order.shippingPrice)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd>{money(order.totalTax)}</dd>
            </div>
            <div className="flex justify-between border-t border-line pt-2 text-lg font-bold">
              <dt>Total</dt>
              <dd>{money(order.totalPrice)}</dd>
            </div>
          </dl>
          {order.shippingAddress ? (
            <div>
              <h3 className="font-semibold">Ship to</h3>
              <p className="text-sm text-muted">{formatAddressLine(order.shippingAddress)}</p>
            </div>
          ) : null}
          {order.payment ? (
            <div>
              <h3 className="font-semibold">Paid with</h3>
              <p className="text-sm text-muted">
                <span className="capitalize">{order.payment.brand.replace("_", " ")}</span> ending in{" "}
                {order.payment.last4}
              </p>
            </div>
          ) : null}
        </aside>
      </div>
      <OrderRelatedProducts
        orderId={order.id}
        token={token}
        products={related}
        productPath={productPath}
        currency={currency}
      />
    </AccountPage>
  );
}
