// /admin/orders/:id: one order. Lines with what shipped and was refunded, customer, addresses, payment and
// its transactions, shipments, refunds, returns, notes and the timeline; the actions staff may take
// (fulfil, refund, cancel for orders:write; notes for orders:note); the packing slip and the invoice.
import { FileText, Printer } from "lucide-react";
import { data, Link } from "react-router";
import { formatAddressLine } from "../../../shared/address-rules.ts";
import { formatMoney } from "../../../shared/money.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { CancelDialog, FulfilDialog, NoteForm, RefundDialog } from "../../features/admin/orders/order-actions.tsx";
import { getAdminOrder, NotFound } from "../../features/admin/orders/order-admin-data.server.ts";
import {
  FulfilmentBadge,
  OrderStatusBadge,
  PaymentBadge,
  ReturnBadge,
} from "../../features/admin/orders/order-badges.tsx";
import { OrderTotalRows } from "../../features/admin/orders/order-totals.tsx";
import { ReturnActions } from "../../features/admin/orders/return-actions.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { Notice } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/orders-detail";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "orders:read");
  if (!/^\d{1,9}$/.test(args.params.id)) throw data({ message: "No such order." }, { status: 404 });
  try {
    const order = await getAdminOrder(services.database.db, Number(args.params.id));
    return {
      order,
      canWrite: staffCan(staff, "orders:write"),
      canNote: staffCan(staff, "orders:note"),
    };
  } catch (error) {
    if (error instanceof NotFound) throw data({ message: "This order was not found." }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Order ${loaderData?.order.orderNumber ?? ""} | Back office` },
];

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

const TIMELINE_DOT: Record<string, string> = {
  placed: "bg-water-900",
  paid: "bg-stock",
  shipped: "bg-aqua-600",
  refunded: "bg-sale",
  refund_failed: "bg-sale",
  cancelled: "bg-muted",
  note: "bg-amber-500",
  email: "bg-line",
};

export default function AdminOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, canWrite, canNote } = loaderData;
  const money = (value: number) => formatMoney(value, order.currency);
  const cancelled = order.cancelledAt !== null;
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Orders", to: "/admin/orders" }]}
        title={`Order ${order.orderNumber}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {when(order.placedAt)} <OrderStatusBadge status={order.status} />{" "}
            <PaymentBadge status={order.financialStatus} />
            <FulfilmentBadge status={order.fulfillmentStatus} cancelled={cancelled} />
          </span>
        }
        actions={
          <>
            {canWrite && order.canFulfil ? <FulfilDialog orderId={order.id} lines={order.lines} /> : null}
            {canWrite ? (
              <RefundDialog
                orderId={order.id}
                lines={order.lines}
                refundable={order.refundable}
                currency={order.currency}
              />
            ) : null}
            {canWrite && order.canCancel ? <CancelDialog orderId={order.id} orderNumber={order.orderNumber} /> : null}
            <Link
              to={`/admin/orders/${order.id}/packing-slip`}
              className="btn-secondary"
              target="_blank"
              rel="noopener"
            >
              <Printer aria-hidden="true" size={18} /> Packing slip
            </Link>
            <Link to={`/admin/orders/${order.id}/invoice`} className="btn-secondary" target="_blank" rel="noopener">
              <FileText aria-hidden="true" size={18} /> Invoice
            </Link>
          </>
        }
      />
      {order.staffFlag ? (
        <Notice tone="danger" className="mb-4">
          {order.staffFlag}
        </Notice>
      ) : null}
      {cancelled ? (
        <Notice tone="info" className="mb-4">
          Cancelled {when(order.cancelledAt as string)}
          {order.cancelReason ? `: ${order.cancelReason}` : ""}
        </Notice>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-6">
          <Panel title="Items">
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Items of this order</caption>
                <thead className="border-b border-line text-left text-xs text-muted uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Item
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Price
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Qty
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Shipped
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Refunded
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.id} className="border-b border-line last:border-0">
                      <td className="py-2 pr-3">
                        <div className="flex items-center gap-3">
                          <img
                            src={line.imageUrl ?? "/img/no-image.svg"}
                            alt=""
                            width={40}
                            height={40}
                            className="size-10 shrink-0 rounded border border-line object-contain"
                          />
                          <div className="min-w-0">
                            <p className="font-medium">{line.title}</p>
                            {line.variantTitle && line.variantTitle !== "Default Title" ? (
                              <p className="text-xs text-muted">{line.variantTitle}</p>
                            ) : null}
                            {line.sku ? <p className="part-number text-xs text-muted">{line.sku}</p> : null}
                          </div>
                        </div>
                      </td>
                      <td className="tabular py-2 pr-3 text-right">{money(line.unitPrice)}</td>
                      <td className="tabular py-2 pr-3 text-right">{line.quantity}</td>
                      <td className="tabular py-2 pr-3 text-right">{line.shipped}</td>
                      <td className="tabular py-2 pr-3 text-right">{line.refunded}</td>
                      <td className="tabular py-2 text-right">{money(line.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="tabular mt-3 ml-auto max-w-xs space-y-1 text-sm">
              <OrderTotalRows order={order} money={money} totalRule="border-line" />
              <div className="flex justify-between text-muted">
                <dt>Still refundable</dt>
                <dd>{money(order.refundable)}</dd>
              </div>
            </dl>
          </Panel>

          {order.shipments.length > 0 ? (
            <Panel title="Shipments">
              <ul className="space-y-3">
                {order.shipments.map((shipment) => (
                  <li key={shipment.id} className="rounded-md border border-line p-3 text-sm">
                    <p className="font-semibold">
                      {shipment.carrierLabel} <span className="part-number">{shipment.trackingNumber}</span>{" "}
                      <span className="font-normal text-muted">&middot; {when(shipment.shippedAt)}</span>
                    </p>
                    {shipment.trackingUrl ? (
                      <a
                        href={shipment.trackingUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-aqua-600 hover:underline"
                      >
                        Track package
                      </a>
                    ) : null}
                    <ul className="mt-1 text-muted">
                      {shipment.lines.map((item) => (
                        <li key={item.lineItemId}>
                          {item.quantity} &times; {order.lines.find((line) => line.id === item.lineItemId)?.title}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}

          {order.refunds.length > 0 ? (
            <Panel title="Refunds">
              <ul className="divide-y divide-line text-sm">
                {order.refunds.map((refund) => (
                  <li key={refund.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      <span className="font-semibold tabular">{money(refund.amount)}</span>{" "}
                      <span className={refund.status === "failed" ? "text-sale" : "text-muted"}>
                        {refund.status === "succeeded" ? "refunded" : refund.status}
                        {refund.restock ? ", restocked" : ""}
                        {refund.note ? ` · ${refund.note}` : ""}
                        {refund.errorMessage ? ` · ${refund.errorMessage}` : ""}
                      </span>
                    </span>
                    <span className="text-muted">
                      {refund.transaction ? (
                        <>
                          Transaction <span className="part-number">{refund.transaction.displayableId}</span> &middot;{" "}
                        </>
                      ) : null}
                      {when(refund.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}

          {order.returns.length > 0 ? (
            <Panel title="Returns">
              <ul className="space-y-3">
                {order.returns.map((item) => (
                  <li key={item.id} className="rounded-md border border-line p-3 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      {item.number} <ReturnBadge status={item.status} />{" "}
                      <span className="font-normal text-muted">{item.reasonLabel}</span>
                    </p>
                    {item.comment ? <p className="mt-1">&ldquo;{item.comment}&rdquo;</p> : null}
                    <ul className="mt-1 text-muted">
                      {item.lines.map((line) => (
                        <li key={line.lineItemId}>
                          {line.quantity} &times; {line.title}
                        </li>
                      ))}
                    </ul>
                    {canWrite ? <ReturnActions item={item} currency={order.currency} /> : null}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}

          <Panel title="Timeline">
            <ol className="relative space-y-3 border-l border-line pl-5 text-sm">
              {order.timeline.map((entry) => (
                <li key={entry.id} className="relative">
                  <span
                    aria-hidden="true"
                    className={`absolute top-1.5 -left-[1.56rem] size-2.5 rounded-full ${TIMELINE_DOT[entry.kind] ?? "bg-aqua-600"}`}
                  />
                  <p>{entry.message}</p>
                  <p className="text-xs text-muted">
                    {when(entry.at)}
                    {entry.by ? ` · ${entry.by}` : ""}
                  </p>
                </li>
              ))}
            </ol>
          </Panel>
        </div>

        <div className="space-y-6">
          <Panel title="Customer">
            {order.customer ? (
              <div className="space-y-1 text-sm">
                <p className="font-semibold">{order.customer.name || order.email}</p>
                <p>
                  <a href={`mailto:${order.email}`} className="text-aqua-600 hover:underline">
                    {order.email}
                  </a>
                </p>
                {order.customer.phone ? <p>{order.customer.phone}</p> : null}
                <p className="text-muted">
                  {order.customer.hasAccount ? "Has an account" : "Guest"} &middot; {order.customer.orderCount} order
                  {order.customer.orderCount === 1 ? "" : "s"}
                </p>
              </div>
            ) : (
              <p className="text-sm">{order.email}</p>
            )}
          </Panel>
          <Panel title="Addresses">
            <h3 className="text-sm font-semibold">Ship to</h3>
            <p className="mb-3 text-sm text-muted">
              {order.shippingAddress ? formatAddressLine(order.shippingAddress) : "No shipping address"}
            </p>
            <h3 className="text-sm font-semibold">Bill to</h3>
            <p className="text-sm text-muted">
              {order.billingAddress ? formatAddressLine(order.billingAddress) : "Same as shipping"}
            </p>
          </Panel>
          <Panel title="Payment">
            {order.card ? (
              <p className="mb-2 text-sm">
                <span className="capitalize">{order.card.brand.replace("_", " ")}</span> ending in {order.card.last4}
              </p>
            ) : null}
            <ul className="divide-y divide-line text-sm">
              {order.transactions.map((transaction) => (
                <li key={transaction.id} className="flex justify-between gap-2 py-1.5">
                  <span>
                    <span className="capitalize">{transaction.kind}</span>{" "}
                    <span className="part-number text-xs text-muted">{transaction.displayableId}</span>
                    <span
                      className={`ml-1 text-xs ${transaction.status === "SUCCESS" ? "text-stock" : transaction.status === "FAILURE" ? "text-sale" : "text-amber-700"}`}
                    >
                      {transaction.status}
                    </span>
                  </span>
                  <span className="tabular">{money(transaction.amount)}</span>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title="Notes">
            {order.notes.length > 0 ? (
              <ul className="mb-3 space-y-2 text-sm">
                {order.notes.map((note) => (
                  <li key={note.id} className="rounded-md bg-surface p-2">
                    <p className="whitespace-pre-line">{note.body}</p>
                    <p className="text-xs text-muted">
                      {note.by ?? "Staff"} &middot; {when(note.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mb-3 text-sm text-muted">No notes yet.</p>
            )}
            {canNote ? <NoteForm orderId={order.id} /> : null}
          </Panel>
        </div>
      </div>
    </>
  );
}
