// Wallet tab "Payment methods": one card per method with brand, last 4 and
// expiry; delete with a confirmation (never for gift cards); edit billing address; add a card in a popup
// (600x400, polled every 400 ms; the list reloads once it closes).
import { MapPin, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Notice } from "../../components/ui/notice.tsx";
import { apiJson, messageOf } from "./account-api.ts";
import type { PaymentMethodView } from "./account-data.server.ts";
import { BillingAddressDialog } from "./billing-address-dialog.tsx";
import { CardBrandIcon } from "./card-brand-icon.tsx";
import { ConfirmDialog } from "./modal.tsx";

export const POPUP_FEATURES = "width=600,height=400";
export const POPUP_POLL_MS = 400;
export const MISSING_TARGET_URL = "Cannot add payment method. Missing target URL";

interface MethodsAnswer {
  paymentMethods: PaymentMethodView[];
  _links?: { addPaymentMethod?: { href?: string } };
}

function expiry(method: PaymentMethodView): string {
  if (!method.expMonth || !method.expYear) return "";
  return `${String(method.expMonth).padStart(2, "0")}/${method.expYear}`;
}

export function PaymentMethodsTab({ userId }: { userId: number }) {
  const [methods, setMethods] = useState<PaymentMethodView[] | null>(null);
  const [addHref, setAddHref] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<{ tone: "success" | "danger" | "info"; text: string } | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethodView | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [editing, setEditing] = useState<PaymentMethodView | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const answer = await apiJson<MethodsAnswer>(`/api/user/${userId}/paymentMethods`);
      setMethods(answer.paymentMethods);
      setAddHref(answer._links?.addPaymentMethod?.href);
    } catch (error) {
      setMethods((current) => current ?? []);
      setNotice({ tone: "danger", text: messageOf(error) });
    }
  }, [userId]);

  useEffect(() => {
    void load();
    return () => clearInterval(poll.current);
  }, [load]);

  function addPaymentMethod() {
    if (!addHref) {
      setNotice({ tone: "danger", text: MISSING_TARGET_URL });
      return;
    }
    const popup = window.open(addHref, "addPaymentMethod", POPUP_FEATURES);
    if (!popup) {
      setNotice({
        tone: "danger",
        text: "Your browser blocked the card window. Allow pop-ups for this site and try again.",
      });
      return;
    }
    setNotice({ tone: "info", text: "Add your card in the window that opened. This list updates when it closes." });
    clearInterval(poll.current);
    poll.current = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll.current);
      setNotice(null);
      void load();
    }, POPUP_POLL_MS);
  }

  async function confirmDelete() {
    if (!deleting || deleteBusy) return;
    setDeleteBusy(true);
    try {
      await apiJson(`/api/user/${userId}/paymentMethods/${deleting.id}`, { method: "DELETE" });
      setNotice({ tone: "success", text: "Payment method deleted successfully" });
      await load();
    } catch (error) {
      setNotice({ tone: "danger", text: messageOf(error) });
    } finally {
      setDeleting(null);
      setDeleteBusy(false);
    }
  }

  return (
    <div>
      {notice ? (
        <Notice tone={notice.tone} className="mb-4">
          {notice.text}
        </Notice>
      ) : null}
      <div className="mb-5">
        <button type="button" className="btn-primary" onClick={addPaymentMethod} disabled={methods === null}>
          <Plus aria-hidden="true" size={18} /> Add payment method
        </button>
      </div>
      {methods === null ? <p className="text-muted">Loading payment methods...</p> : null}
      {methods?.length === 0 ? <p className="text-muted">No payment methods for this account</p> : null}
      {methods && methods.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 desk:grid-cols-3" aria-label="Payment methods">
          {methods.map((method) => (
            <li
              key={method.id}
              data-testid="payment-method"
              className="flex flex-col rounded-lg border border-line bg-white p-5 shadow-sm"
            >
              <div className="flex items-start gap-3">
                <CardBrandIcon brand={method.brand} giftCard={method.isAbtraGiftCard} />
                <div className="min-w-0 flex-1">
                  {method.isAbtraGiftCard ? (
                    <p className="font-semibold">
                      Gift card
                      {method.abtraGiftCardCredit !== null ? (
                        <span className="tabular ml-2 font-normal text-muted">
                          {method.abtraGiftCardCurrency === "USD" || !method.abtraGiftCardCurrency ? "$" : ""}
                          {method.abtraGiftCardCredit.toFixed(2)} {method.abtraGiftCardCurrency ?? ""}
                        </span>
                      ) : null}
                    </p>
                  ) : (
                    <p className="tabular font-semibold">
                      <span aria-hidden="true">•••• </span>
                      <span className="sr-only">Card ending in </span>
                      {method.last4}
                    </p>
                  )}
                  {expiry(method) ? <p className="tabular text-sm text-muted">Expires {expiry(method)}</p> : null}
                  {method.name ? <p className="truncate text-sm text-muted">{method.name}</p> : null}
                </div>
                {method.isAbtraGiftCard ? null : (
                  <button
                    type="button"
                    onClick={() => setDeleting(method)}
                    className="-m-2 flex min-h-11 min-w-11 items-center justify-center rounded text-sale hover:bg-red-50"
                    aria-label={`Delete card ending in ${method.last4}`}
                  >
                    <Trash2 aria-hidden="true" size={18} />
                  </button>
                )}
              </div>
              <div className="mt-4 border-t border-line pt-3 text-sm">
                {method.billingAddress ? (
                  <p className="mb-1 text-muted">
                    Billing: {method.billingAddress.line1}, {method.billingAddress.city ?? ""}{" "}
                    {method.billingAddress.postalCode ?? ""}
                  </p>
                ) : null}
                <button
                  type="button"
                  onClick={() => setEditing(method)}
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-aqua-600 hover:underline"
                >
                  <MapPin aria-hidden="true" size={16} /> Edit billing address
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete payment method?"
        description={deleting ? `The card ending in ${deleting.last4} will be removed from your wallet.` : ""}
        confirmLabel="Delete"
        busy={deleteBusy}
        onConfirm={confirmDelete}
      />
      <BillingAddressDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        userId={userId}
        method={editing}
        onSaved={(text) => {
          setNotice({ tone: "success", text });
          void load();
        }}
      />
    </div>
  );
}
