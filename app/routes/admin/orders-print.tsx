// /admin/orders/:id/packing-slip and /admin/orders/:id/invoice: printable pages (A4 / Letter), outside the
// back office's shell. The packing slip lists what is still to ship (everything, before the first
// shipment) without prices; the invoice lists every line with prices, tax, payments and refunds.
import { Printer } from "lucide-react";
import { data } from "react-router";
import { formatAddressLine } from "../../../shared/address-rules.ts";
import { formatMoney } from "../../../shared/money.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { getAdminOrder, NotFound } from "../../features/admin/orders/order-admin-data.server.ts";
import { OrderTotalRows } from "../../features/admin/orders/order-totals.tsx";
import type { Route } from "./+types/orders-print";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "orders:read");
  if (!/^\d{1,9}$/.test(args.params.id)) throw data({ message: "No such order." }, { status: 404 });
  const kind = new URL(args.request.url).pathname.endsWith("/invoice") ? "invoice" : "packing-slip";
  try {
    const order = await getAdminOrder(services.database.db, Number(args.params.id));
    const store = services.config.store;
    return {
      kind: kind as "invoice" | "packing-slip",
      order,
      store: {
        name: store.storeName,
        address: store.storeAddress,
        email: store.storeEmail,
        phone: store.contactPhoneNumber,
      },
    };
  } catch (error) {
    if (error instanceof NotFound) throw data({ message: "This order was not found." }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.kind === "invoice" ? "Invoice" : "Packing slip"} ${loaderData?.order.orderNumber ?? ""}`,
  },
  { name: "robots", content: "noindex" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  const { kind, order, store } = loaderData;
  const money = (value: number) => formatMoney(value, order.currency);
  const invoice = kind === "invoice";
  const anyShipped = order.lines.some((line) => line.shipped > 0);
  const slipLines = order.lines
    .map((line) => ({ ...line, count: anyShipped && line.toShip > 0 ? line.toShip : line.quantity - line.refunded }))
    .filter((line) => line.count > 0);
  const paid = order.transactions
    .filter((t) => t.status === "SUCCESS" && (t.kind === "capture" || t.kind === "sale"))
    .reduce((sum, t) => sum + t.amount, 0);
  const refunded = order.transactions
    .filter((t) => t.status === "SUCCESS" && t.kind === "refund")
    .reduce((sum, t) => sum + t.amount, 0);
  return (
    <main className="mx-auto max-w-3xl bg-white p-8 text-ink print:max-w-none print:p-0">
      <div className="mb-6 flex justify-end print:hidden">
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          <Printer aria-hidden="true" size={18} /> Print
        </button>
      </div>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-b-2 border-water-900 pb-4">
        <div>
          <p className="text-2xl font-bold text-water-900">{store.name}</p>
          {store.address ? <p className="text-sm">{store.address}</p> : null}
          <p className="text-sm">
            {store.email}
            {store.phone ? ` · ${store.phone}` : ""}
          </p>
        </div>
        <div className="text-right">
          <h1 className="text-2xl font-bold uppercase tracking-wide">{invoice ? "Invoice" : "Packing slip"}</h1>
          <p className="part-number">Order {order.orderNumber}</p>
          <p className="text-sm">{dateFormat.format(new Date(order.placedAt))}</p>
        </div>
      </header>
      <section className="mb-6 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <h2 className="text-xs font-semibold text-muted uppercase">Ship to</h2>
          <p>{order.shippingAddress ? formatAddressLine(order.shippingAddress) : "—"}</p>
        </div>
        <div>
          <h2 className="text-xs font-semibold text-muted uppercase">{invoice ? "Bill to" : "Customer"}</h2>
          <p>{invoice && order.billingAddress ? formatAddressLine(order.billingAddress) : order.email}</p>
          {invoice ? <p>{order.email}</p> : null}
        </div>
      </section>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{invoice ? "Invoice lines" : "Items in this parcel"}</caption>
        <thead>
          <tr className="border-b border-ink text-left">
            {invoice ? null : (
              <th scope="col" className="w-10 py-2">
                <span className="sr-only">Packed</span>
              </th>
            )}
            <th scope="col" className="py-2">
              Part #
            </th>
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
            {invoice ? (
              <>
                <th scope="col" className="py-2 text-right">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {(invoice ? order.lines.map((line) => ({ ...line, count: line.quantity })) : slipLines).map((line) => (
            <tr key={line.id} className="border-b border-line break-inside-avoid">
              {invoice ? null : (
                <td className="py-2">
                  <span aria-hidden="true" className="inline-block size-4 border border-ink" />
                </td>
              )}
              <td className="part-number py-2 pr-2">{line.sku ?? "—"}</td>
              <td className="py-2 pr-2">
                {line.title}
                {line.variantTitle && line.variantTitle !== "Default Title" ? ` (${line.variantTitle})` : ""}
              </td>
              <td className="tabular py-2 text-right">{line.count}</td>
              {invoice ? (
                <>
                  <td className="tabular py-2 text-right">{money(line.unitPrice)}</td>
                  <td className="tabular py-2 text-right">{money(line.total)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {invoice ? (
        <dl className="tabular mt-4 ml-auto max-w-xs space-y-1 text-sm">
          <OrderTotalRows order={order} money={money} totalRule="border-ink" />
          <div className="flex justify-between">
            <dt>Paid{order.card ? ` (${order.card.brand.replace("_", " ")} ${order.card.last4})` : ""}</dt>
            <dd>{money(paid)}</dd>
          </div>
          {refunded > 0 ? (
            <div className="flex justify-between">
              <dt>Refunded</dt>
              <dd>-{money(refunded)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="mt-6 text-sm">
          Thank you for your order. Wrong part? Ask for a return from your order page within the return window.
        </p>
      )}
    </main>
  );
}
