// The order page's actions: fulfil (line quantities, carrier, tracking), refund (per line or an amount,
// with restocking), cancel (with confirmation) and notes. Each calls the back-office API with its own
// Idempotency-Key (kept while the dialog is open, so a retry after a lost answer is the same action)
// and reloads the page's data when done.
import { PackageCheck, Undo2, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { CARRIER_OPTIONS, REFUND_REASON_OPTIONS } from "../../../../shared/admin/orders.ts";
import { formatMoney } from "../../../../shared/money.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { inputClass, SelectField, TextField } from "../../../components/ui/text-field.tsx";
import { adminApi, messageOf } from "../ui/admin-api.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Notice, toast } from "../ui/toast.ts";

export interface ActionLine {
  id: number;
  title: string;
  sku: string | null;
  quantity: number;
  unitPrice: number;
  shipped: number;
  refunded: number;
  toShip: number;
  toRefund: number;
}

function newKey(): string {
  return crypto.randomUUID();
}

function QuantityInput({
  id,
  label,
  max,
  value,
  onChange,
}: {
  id: string;
  label: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="ml-auto w-20">
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={value}
        aria-label={label}
        onChange={(event) => {
          const next = Number.parseInt(event.target.value, 10);
          onChange(Number.isFinite(next) ? Math.max(0, Math.min(max, next)) : 0);
        }}
        className={`${inputClass} border-line text-right tabular`}
      />
    </div>
  );
}

/**
 * The order's lines with a quantity each for an action ("ship", "refund"): a table, one number input per
 * line, labelled "Quantity of <title> to <action>", at most `max(line)`.
 */
function LineQuantities({
  action,
  lines,
  max,
  detail,
  quantities,
  onChange,
}: {
  action: "ship" | "refund";
  lines: readonly ActionLine[];
  max: (line: ActionLine) => number;
  /** What the line's second row says (its part number and what is left, its price...). */
  detail: (line: ActionLine) => ReactNode;
  quantities: Record<number, number>;
  onChange: (lineId: number, value: number) => void;
}) {
  return (
    <table className="mb-4 w-full text-sm">
      <caption className="sr-only">Items to {action}</caption>
      <thead>
        <tr className="text-left text-xs text-muted uppercase">
          <th scope="col" className="py-1">
            Item
          </th>
          <th scope="col" className="py-1 text-right">
            {action === "ship" ? "Ship" : "Refund"}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className="border-t border-line">
            <td className="py-2 pr-2">
              <p className="font-medium">{line.title}</p>
              <p className="text-xs text-muted tabular">{detail(line)}</p>
            </td>
            <td className="py-2 text-right">
              <QuantityInput
                id={`${action}-qty-${line.id}`}
                label={`Quantity of ${line.title} to ${action}`}
                max={max(line)}
                value={quantities[line.id] ?? 0}
                onChange={(value) => onChange(line.id, value)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FulfilDialog({ orderId, lines }: { orderId: number; lines: ActionLine[] }) {
  const open = lines.filter((line) => line.toShip > 0);
  const [isOpen, setOpen] = useState(false);
  const [key, setKey] = useState("");
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [carrier, setCarrier] = useState("ups");
  const [tracking, setTracking] = useState("");
  const [trackingUrl, setTrackingUrl] = useState("");
  const revalidator = useRevalidator();
  if (open.length === 0) return null;
  const start = () => {
    setKey(newKey());
    setQuantities(Object.fromEntries(open.map((line) => [line.id, line.toShip])));
    setTracking("");
    setTrackingUrl("");
    setOpen(true);
  };
  const chosen = open
    .map((line) => ({ lineItemId: line.id, quantity: quantities[line.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  return (
    <>
      <button type="button" className="btn-primary" onClick={start}>
        <PackageCheck aria-hidden="true" size={18} /> Fulfil items
      </button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="Fulfil items"
        description="Choose what goes in this parcel. The shopper gets a shipping e-mail with the tracking link."
        confirmLabel={`Mark ${chosen.reduce((sum, line) => sum + line.quantity, 0)} item(s) shipped`}
        busyLabel="Saving..."
        onConfirm={async () => {
          if (chosen.length === 0) throw new Error("Choose at least one item to ship.");
          if (tracking.trim().length < 4) throw new Error("Enter the tracking number from the carrier's label.");
          await adminApi(`/api/admin/orders/${orderId}/fulfillments`, {
            method: "POST",
            idempotencyKey: key,
            body: {
              lines: chosen,
              carrier,
              trackingNumber: tracking,
              trackingUrl: carrier === "other" && trackingUrl ? trackingUrl : undefined,
            },
          });
          toast.success("Shipment saved and the shopper e-mailed.");
          revalidator.revalidate();
        }}
      >
        <LineQuantities
          action="ship"
          lines={open}
          max={(line) => line.toShip}
          detail={(line) => (
            <>
              {line.sku ? <span className="part-number">{line.sku}</span> : null} {line.toShip} still to ship
            </>
          )}
          quantities={quantities}
          onChange={(lineId, value) => setQuantities((current) => ({ ...current, [lineId]: value }))}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id="ship-carrier"
            label="Carrier"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
          >
            {CARRIER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <TextField
            id="ship-tracking"
            label="Tracking number"
            required
            value={tracking}
            autoComplete="off"
            onChange={(event) => setTracking(event.target.value)}
          />
          {carrier === "other" ? (
            <TextField
              id="ship-tracking-url"
              label="Tracking link (https://)"
              className="sm:col-span-2"
              value={trackingUrl}
              onChange={(event) => setTrackingUrl(event.target.value)}
            />
          ) : null}
        </div>
      </ConfirmDialog>
    </>
  );
}

export function RefundDialog({
  orderId,
  lines,
  refundable,
  currency,
}: {
  orderId: number;
  lines: ActionLine[];
  refundable: number;
  currency: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const [key, setKey] = useState("");
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [amount, setAmount] = useState("");
  const [amountEdited, setAmountEdited] = useState(false);
  const [reason, setReason] = useState("requested_by_customer");
  const [note, setNote] = useState("");
  const [restock, setRestock] = useState(true);
  const revalidator = useRevalidator();
  if (refundable <= 0) return null;
  const refundableLines = lines.filter((line) => line.toRefund > 0);
  const chosen = refundableLines
    .map((line) => ({ lineItemId: line.id, quantity: quantities[line.id] ?? 0 }))
    .filter((line) => line.quantity > 0);
  const linesTotal = chosen.reduce(
    (sum, item) => sum + (lines.find((line) => line.id === item.lineItemId)?.unitPrice ?? 0) * item.quantity,
    0,
  );
  const shown = amountEdited ? amount : linesTotal > 0 ? Math.min(linesTotal, refundable).toFixed(2) : amount;
  const start = () => {
    setKey(newKey());
    setQuantities({});
    setAmount("");
    setAmountEdited(false);
    setNote("");
    setRestock(true);
    setOpen(true);
  };
  return (
    <>
      <button type="button" className="btn-secondary" onClick={start}>
        <Undo2 aria-hidden="true" size={18} /> Refund
      </button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="Refund"
        description={`Refund items at the price paid, or any amount up to ${formatMoney(refundable, currency)}. The money goes back to the card.`}
        confirmLabel={`Refund ${shown ? formatMoney(Number(shown) || 0, currency) : ""}`}
        busyLabel="Refunding..."
        danger
        onConfirm={async () => {
          const value = Number(shown);
          if (!shown || !Number.isFinite(value) || value <= 0)
            throw new Error("Enter the amount to refund, or choose items.");
          await adminApi(`/api/admin/orders/${orderId}/refunds`, {
            method: "POST",
            idempotencyKey: key,
            body: {
              amount: value,
              lines: chosen.length > 0 ? chosen : undefined,
              reason,
              note: note || undefined,
              restock: chosen.length > 0 && restock,
            },
          });
          toast.success("Refund made and the shopper e-mailed.");
          revalidator.revalidate();
        }}
      >
        {refundableLines.length > 0 ? (
          <LineQuantities
            action="refund"
            lines={refundableLines}
            max={(line) => line.toRefund}
            detail={(line) => (
              <>
                {formatMoney(line.unitPrice, currency)} each &middot; {line.toRefund} refundable
              </>
            )}
            quantities={quantities}
            onChange={(lineId, value) => {
              setAmountEdited(false);
              setQuantities((current) => ({ ...current, [lineId]: value }));
            }}
          />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="refund-amount"
            label={`Amount (${currency})`}
            inputMode="decimal"
            value={shown}
            onChange={(event) => {
              setAmountEdited(true);
              setAmount(event.target.value);
            }}
            hint={`At most ${formatMoney(refundable, currency)}`}
          />
          <SelectField
            id="refund-reason"
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            {REFUND_REASON_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <TextField
            id="refund-note"
            label="Note for the shopper (optional)"
            className="sm:col-span-2"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {chosen.length > 0 ? (
          <label className="mt-3 flex items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-aqua-600"
              checked={restock}
              onChange={(event) => setRestock(event.target.checked)}
            />
            Put the refunded items back in stock
          </label>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

export function CancelDialog({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const [isOpen, setOpen] = useState(false);
  const [key, setKey] = useState("");
  const [reason, setReason] = useState("");
  const revalidator = useRevalidator();
  return (
    <>
      <button
        type="button"
        className="btn-secondary text-sale"
        onClick={() => {
          setKey(newKey());
          setReason("");
          setOpen(true);
        }}
      >
        <XCircle aria-hidden="true" size={18} /> Cancel order
      </button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={`Cancel order ${orderNumber}?`}
        description="Every item goes back in stock, the payment is refunded (or the card hold released) and the shopper is e-mailed. This cannot be undone."
        confirmLabel="Cancel order"
        busyLabel="Cancelling..."
        danger
        onConfirm={async () => {
          await adminApi(`/api/admin/orders/${orderId}/cancel`, {
            method: "POST",
            idempotencyKey: key,
            body: { reason: reason || undefined },
          });
          toast.success("Order cancelled.");
          revalidator.revalidate();
        }}
      >
        <TextField
          id="cancel-reason"
          label="Reason, for the shopper (optional)"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}

export function NoteForm({ orderId }: { orderId: number }) {
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const revalidator = useRevalidator();
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!body.trim()) {
          setError("Write the note first.");
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await adminApi(`/api/admin/orders/${orderId}/notes`, { method: "POST", idempotencyKey: key, body: { body } });
          setBody("");
          setKey(newKey());
          revalidator.revalidate();
        } catch (failure) {
          setError(messageOf(failure, "The note was not saved. Please try again."));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor="order-note" className="block font-semibold">
        Add a note
      </label>
      <textarea
        id="order-note"
        rows={3}
        maxLength={2000}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        className={`${inputClass} border-line py-2`}
        placeholder="Only staff see notes."
      />
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <BusyButton busy={busy} busyLabel="Saving..." className="btn-secondary">
        Save note
      </BusyButton>
    </form>
  );
}
