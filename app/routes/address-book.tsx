// /address.asp: the address book, fed by the customer's mailing addresses.
// Rendered on the server; changes go through the API and the list is reloaded from the loader.
import { MapPin, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { redirect, useRevalidator } from "react-router";
import { Notice } from "../components/ui/notice.tsx";
import { appContext } from "../context.ts";
import { apiJson, messageOf } from "../features/account/account-api.ts";
import {
  getCustomerIdForUser,
  getUserSummary,
  listMailingAddresses,
  type MailingAddressView,
} from "../features/account/account-data.server.ts";
import { AccountPage, MY_ACCOUNT_CRUMB } from "../features/account/account-ui.tsx";
import { AddressDialog } from "../features/account/address-dialog.tsx";
import { ConfirmDialog } from "../features/account/modal.tsx";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import { loginPath } from "../features/account/use-current-user.ts";
import type { Route } from "./+types/address-book";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, session } = context.get(appContext);
  const current = await session.get();
  const user = current?.userId ? await getUserSummary(services.database.db, current.userId) : null;
  if (!user) throw redirect(loginPath("/address.asp"));
  const customerId = await getCustomerIdForUser(services.database.db, user.id);
  return {
    customerId,
    addresses: customerId ? await listMailingAddresses(services.database.db, customerId) : [],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Addresses", storeNameOf(matches));

function AddressLines({ address }: { address: MailingAddressView }) {
  const cityLine = [address.city, address.State?.stateCode ?? null, address.zip].filter(Boolean).join(" ");
  return (
    <address className="not-italic leading-relaxed">
      <span className="block font-semibold text-ink">
        {[address.firstName, address.lastName].filter(Boolean).join(" ")}
      </span>
      {address.company ? <span className="block">{address.company}</span> : null}
      <span className="block">{address.address1}</span>
      {address.address2 ? <span className="block">{address.address2}</span> : null}
      <span className="block">{cityLine}</span>
      <span className="block">{address.Country.title}</span>
      {address.phone ? <span className="tabular block text-muted">{address.phone}</span> : null}
    </address>
  );
}

export default function AddressBook({ loaderData }: Route.ComponentProps) {
  const { addresses, customerId } = loaderData;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<MailingAddressView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<MailingAddressView | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);

  function openEditor(address: MailingAddressView | null) {
    setEditing(address);
    setNotice(null);
    setDialogOpen(true);
  }

  async function saved(message: string) {
    setNotice({ tone: "success", text: message });
    await revalidator.revalidate();
  }

  async function makeDefault(address: MailingAddressView) {
    try {
      await apiJson(`/api/mailingAddresses/${address.id}`, {
        method: "PUT",
        body: {
          ...Object.fromEntries(
            Object.entries({
              firstName: address.firstName,
              lastName: address.lastName,
              company: address.company,
              address1: address.address1,
              address2: address.address2,
              city: address.city,
              zip: address.zip,
              phone: address.phone,
              countryCode: address.countryCode,
              stateCode: address.stateCode,
            }).filter(([, value]) => value !== null && value !== ""),
          ),
          makeDefault: true,
          Country: null,
          State: null,
        },
      });
      await saved("Address updated successfully");
    } catch (error) {
      setNotice({ tone: "danger", text: messageOf(error, "Address not updated") });
    }
  }

  async function confirmDelete() {
    if (!deleting || deleteBusy) return;
    setDeleteBusy(true);
    try {
      await apiJson(`/api/customer/${customerId}/mailingAddresses/${deleting.id}`, { method: "DELETE" });
      setDeleting(null);
      await saved("Address removed.");
    } catch (error) {
      setDeleting(null);
      setNotice({ tone: "danger", text: messageOf(error, "Failed to remove address.") });
    } finally {
      setDeleteBusy(false);
    }
  }

  return (
    <AccountPage title="Addresses" crumbs={[MY_ACCOUNT_CRUMB, { label: "Addresses" }]}>
      {notice ? (
        <Notice tone={notice.tone} className="mb-4">
          {notice.text}
        </Notice>
      ) : null}
      <div className="mb-6">
        <button type="button" className="btn-primary" onClick={() => openEditor(null)}>
          <Plus aria-hidden="true" size={18} /> Add a new address
        </button>
      </div>
      {addresses.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-line bg-surface p-10 text-center">
          <MapPin aria-hidden="true" size={36} className="text-muted" />
          <p className="mt-3 text-lg font-semibold text-water-900">Account has no addresses.</p>
          <p className="mt-1 text-muted">Add one now and checkout fills it in for you.</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 desk:grid-cols-3" aria-label="Your addresses">
          {addresses.map((address) => (
            <li
              key={address.id}
              data-testid="address-card"
              className={`flex flex-col rounded-lg border bg-white p-5 shadow-sm ${address.isDefault ? "border-aqua-500" : "border-line"}`}
            >
              {address.isDefault ? (
                <p className="mb-2 inline-flex items-center gap-1 self-start rounded-full bg-aqua-100 px-2 py-0.5 text-xs font-bold text-water-900">
                  <Star aria-hidden="true" size={12} /> Default address
                </p>
              ) : null}
              <AddressLines address={address} />
              <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 border-t border-line pt-3 text-sm">
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-aqua-600 hover:underline"
                  onClick={() => openEditor(address)}
                  aria-label={`Edit address ${address.address1}`}
                >
                  <Pencil aria-hidden="true" size={16} /> Edit
                </button>
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-sale hover:underline"
                  onClick={() => setDeleting(address)}
                  aria-label={`Delete address ${address.address1}`}
                >
                  <Trash2 aria-hidden="true" size={16} /> Delete
                </button>
                {address.isDefault ? null : (
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-1 text-water-800 hover:underline"
                    onClick={() => makeDefault(address)}
                  >
                    Make default
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddressDialog open={dialogOpen} onOpenChange={setDialogOpen} address={editing} onSaved={saved} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this address?"
        description={
          deleting ? `${deleting.address1}, ${deleting.city ?? ""} will be removed from your address book.` : ""
        }
        confirmLabel="Delete"
        busy={deleteBusy}
        onConfirm={confirmDelete}
      />
    </AccountPage>
  );
}
