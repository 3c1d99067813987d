// 'Update card address': choose one of the account's addresses; its fields are
// shown read-only; Save Changes is enabled only once an address is chosen.
import { useEffect, useId, useState } from "react";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { apiJson, messageOf } from "./account-api.ts";
import type { CustomerView, MailingAddressView, PaymentMethodView } from "./account-data.server.ts";
import { Modal } from "./modal.tsx";

export function BillingAddressDialog({
  open,
  onOpenChange,
  userId,
  method,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: number;
  method: PaymentMethodView | null;
  onSaved: (message: string) => void;
}) {
  const uid = useId();
  const [addresses, setAddresses] = useState<MailingAddressView[] | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setChosenId(method?.mailingAddressId ?? null);
    setAddresses(null);
    apiJson<{ customer: Partial<CustomerView> }>("/api/customer")
      .then((answer) => setAddresses(answer.customer.MailingAddresses ?? []))
      .catch((caught) => {
        setAddresses([]);
        setError(messageOf(caught));
      });
  }, [open, method]);

  const chosen = addresses?.find((address) => address.id === chosenId) ?? null;

  async function save() {
    if (!method || !chosen || busy) return;
    setBusy(true);
    setError(null);
    try {
      await apiJson(`/api/user/${userId}/paymentMethods/${method.id}`, {
        method: "PUT",
        body: {
          mailingAddressId: chosen.id,
          ...(typeof method.isAbtraGiftCard === "boolean" ? { isAbtraGiftCard: method.isAbtraGiftCard } : {}),
        },
      });
      onOpenChange(false);
      onSaved("Address updated successfully");
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  const readOnly = [
    ["line1", "Address Line 1", chosen?.address1],
    ["line2", "Address Line 2", chosen?.address2],
    ["city", "City", chosen?.city],
    ["state", "State", chosen?.State?.title ?? chosen?.stateCode],
    ["postalCode", "Postal Code", chosen?.zip],
    ["country", "Country", chosen?.Country.title],
  ] as const;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Update card address" wide>
      {error ? (
        <Notice tone="danger" className="mb-4">
          {error}
        </Notice>
      ) : null}
      {addresses === null ? <p className="text-muted">Loading addresses...</p> : null}
      {addresses?.length === 0 ? <p className="text-muted">Account has no addresses.</p> : null}
      {addresses && addresses.length > 0 ? (
        <div className="space-y-4">
          <div>
            <label htmlFor={`${uid}-address`} className="mb-1 block text-sm font-semibold">
              Billing address
            </label>
            <select
              id={`${uid}-address`}
              value={chosenId ?? ""}
              onChange={(event) => setChosenId(event.target.value ? Number(event.target.value) : null)}
              className="min-h-11 w-full rounded-md border border-line bg-white px-3"
            >
              <option value="">Choose an address</option>
              {addresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {[address.address1, address.city, address.zip].filter(Boolean).join(", ")}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {readOnly.map(([key, label, value]) => (
              <TextField key={key} id={`${uid}-${key}`} label={label} value={value ?? ""} readOnly />
            ))}
          </div>
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
          Close
        </button>
        <BusyButton type="button" busy={busy} busyLabel="Saving..." disabled={!chosen} onClick={save}>
          Save Changes
        </BusyButton>
      </div>
    </Modal>
  );
}
