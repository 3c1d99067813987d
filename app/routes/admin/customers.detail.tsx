// /admin/customers/{id}: one customer: orders, addresses, newsletter, saved cards (brand and last 4
// only); disable or enable the account, send a password-reset e-mail.
import { useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { getCustomer } from "../../features/admin/customers/customers-data.server.ts";
import { adminApi } from "../../features/admin/ui/admin-api.ts";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/customers.detail";

export async function loader(args: Route.LoaderArgs) {
  const { services, staff } = requireStaffPage(args, "customers:read");
  const idText = args.params.id ?? "";
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  try {
    const customer = await getCustomer(services.database.db, id);
    return {
      customer,
      currency: displayCurrency(services.config.store),
      canWrite: staffCan(staff, "customers:write"),
      canSeeOrders: staffCan(staff, "orders:read"),
    };
  } catch {
    throw data({ message: "This customer does not exist." }, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.customer.name || loaderData?.customer.email || "Customer"} | Back office` },
];

const NEWSLETTER_LABELS: Record<string, string> = {
  confirmed: "Subscribed",
  pending: "Asked, not yet confirmed",
  unsubscribed: "Unsubscribed",
};

export default function CustomerDetail({ loaderData }: Route.ComponentProps) {
  const { customer, currency, canWrite, canSeeOrders } = loaderData;
  const revalidator = useRevalidator();
  const [confirmAccess, setConfirmAccess] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  return (
    <>
      <PageHeader
        title={customer.name || customer.email}
        breadcrumbs={[{ label: "Customers", to: "/admin/customers" }]}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {customer.email}
            {customer.disabled ? (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-sale">
                Account disabled
              </span>
            ) : null}
          </span>
        }
        actions={
          canWrite && customer.account ? (
            <>
              {!customer.disabled ? (
                <button type="button" className="btn-secondary" onClick={() => setConfirmReset(true)}>
                  Send password reset
                </button>
              ) : null}
              <button
                type="button"
                className={customer.disabled ? "btn-primary" : "btn-secondary text-sale"}
                onClick={() => setConfirmAccess(true)}
              >
                {customer.disabled ? "Enable account" : "Disable account"}
              </button>
            </>
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Panel title={`Orders (${customer.orderCount})`}>
            {customer.orders.length === 0 ? (
              <p className="text-muted">No orders yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Orders</caption>
                  <thead className="border-b border-line text-xs text-muted uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-3">
                        Order
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Placed
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Status
                      </th>
                      <th scope="col" className="py-2 text-right">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {customer.orders.map((order) => (
                      <tr key={order.id} className="border-b border-line last:border-0">
                        <td className="py-2 pr-3">
                          {canSeeOrders ? (
                            <Link
                              to={`/admin/orders/${order.id}`}
                              className="part-number text-aqua-600 hover:underline"
                            >
                              {order.orderNumber}
                            </Link>
                          ) : (
                            <span className="part-number">{order.orderNumber}</span>
                          )}
                        </td>
                        <td className="py-2 pr-3">
                          <time dateTime={order.placedAt}>{new Date(order.placedAt).toLocaleDateString("en-US")}</time>
                        </td>
                        <td className="py-2 pr-3">{order.status.replace(/_/g, " ")}</td>
                        <td className="tabular py-2 text-right">{formatMoney(order.total, currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
          <Panel title="Addresses">
            {customer.addresses.length === 0 ? (
              <p className="text-muted">No saved addresses.</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {customer.addresses.map((address) => (
                  <li key={address.id} className="rounded-md border border-line p-3 text-sm">
                    {address.isDefault ? <p className="mb-1 text-xs font-semibold text-stock">Default</p> : null}
                    <p className="font-semibold">{address.name}</p>
                    {address.company ? <p>{address.company}</p> : null}
                    <p>{address.address1}</p>
                    {address.address2 ? <p>{address.address2}</p> : null}
                    <p>
                      {[address.city, address.stateCode, address.zip].filter(Boolean).join(", ")} {address.countryCode}
                    </p>
                    {address.phone ? <p className="text-muted">{address.phone}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="space-y-4">
          <Panel title="Summary">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">Spent</dt>
              <dd className="tabular">{formatMoney(customer.totalSpent, currency)}</dd>
              <dt className="text-muted">Account</dt>
              <dd>
                {customer.account
                  ? `${customer.account.emailVerified ? "Confirmed" : "Not confirmed"} · since ${new Date(customer.account.createdAt).toLocaleDateString("en-US")}`
                  : "Guest (no account)"}
              </dd>
              <dt className="text-muted">Phone</dt>
              <dd>{customer.phone ?? "—"}</dd>
              <dt className="text-muted">Newsletter</dt>
              <dd>
                {customer.newsletter
                  ? `${NEWSLETTER_LABELS[customer.newsletter.status] ?? customer.newsletter.status} (${new Date(customer.newsletter.since).toLocaleDateString("en-US")})`
                  : "Not subscribed"}
              </dd>
            </dl>
          </Panel>
          <Panel title="Saved cards">
            {customer.savedCards.length === 0 ? (
              <p className="text-sm text-muted">No saved cards.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {customer.savedCards.map((card) => (
                  <li key={card.id} className="flex justify-between gap-2">
                    <span className="capitalize">{card.brand.replace(/_/g, " ")}</span>
                    <span className="tabular">
                      •••• {card.last4 ?? "????"}
                      {card.expMonth && card.expYear
                        ? ` · ${String(card.expMonth).padStart(2, "0")}/${card.expYear}`
                        : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
      <ConfirmDialog
        open={confirmAccess}
        onOpenChange={setConfirmAccess}
        title={customer.disabled ? "Enable this account?" : "Disable this account?"}
        description={
          customer.disabled
            ? `${customer.email} can sign in again.`
            : `${customer.email} is signed out everywhere at once and cannot sign in until the account is enabled. Their orders stay.`
        }
        confirmLabel={customer.disabled ? "Enable account" : "Disable account"}
        danger={!customer.disabled}
        onConfirm={async () => {
          await adminApi(`/api/admin/customers/${customer.id}/access`, {
            method: "POST",
            body: { disabled: !customer.disabled },
          });
          toast.success(customer.disabled ? "Account enabled." : "Account disabled and signed out.");
          await revalidator.revalidate();
        }}
      />
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Send a password-reset e-mail?"
        description={`${customer.email} gets a link to choose a new password, the same as "Forgot password" sends.`}
        confirmLabel="Send e-mail"
        busyLabel="Sending..."
        onConfirm={async () => {
          const result = await adminApi<{ message: string }>(`/api/admin/customers/${customer.id}/password-reset`, {
            method: "POST",
          });
          toast.success(result.message);
        }}
      />
    </>
  );
}
