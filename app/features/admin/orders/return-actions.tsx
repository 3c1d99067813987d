// A return's next step for staff: approve or refuse (with a message the shopper is sent), mark the parcel
// received, refund it (restocking by default). Used on the order page and the returns list.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatMoney } from "../../../../shared/money.ts";
import { TextField } from "../../../components/ui/text-field.tsx";
import { adminApi } from "../ui/admin-api.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { toast } from "../ui/toast.ts";

export interface ReturnItem {
  id: number;
  number: string;
  status: string;
  lines: Array<{ lineItemId: number; title: string; quantity: number; unitPrice: number }>;
}

type Step = "approve" | "refuse" | "receive" | "refund" | null;

export function ReturnActions({ item, currency }: { item: ReturnItem; currency: string }) {
  const [step, setStep] = useState<Step>(null);
  const [message, setMessage] = useState("");
  const [restock, setRestock] = useState(true);
  const revalidator = useRevalidator();
  const value = item.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const open = (next: Step) => {
    setMessage("");
    setRestock(true);
    setStep(next);
  };
  const done = (text: string) => {
    toast.success(text);
    revalidator.revalidate();
  };
  const buttons =
    item.status === "requested" ? (
      <>
        <button type="button" className="btn-primary" onClick={() => open("approve")}>
          Approve {item.number}
        </button>
        <button type="button" className="btn-secondary" onClick={() => open("refuse")}>
          Refuse
        </button>
      </>
    ) : item.status === "approved" ? (
      <>
        <button type="button" className="btn-primary" onClick={() => open("receive")}>
          Mark {item.number} received
        </button>
        <button type="button" className="btn-secondary" onClick={() => open("refund")}>
          Refund now
        </button>
      </>
    ) : item.status === "received" ? (
      <button type="button" className="btn-primary" onClick={() => open("refund")}>
        Refund {item.number}
      </button>
    ) : null;
  if (!buttons) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {buttons}
      <ConfirmDialog
        open={step === "approve" || step === "refuse"}
        onOpenChange={(next) => !next && setStep(null)}
        title={step === "approve" ? `Approve return ${item.number}?` : `Refuse return ${item.number}?`}
        description={
          step === "approve"
            ? "The shopper is e-mailed the return address and asked to send the items back."
            : "The shopper is e-mailed your message. Say why, in a sentence they can act on."
        }
        confirmLabel={step === "approve" ? "Approve" : "Refuse"}
        danger={step === "refuse"}
        onConfirm={async () => {
          if (step === "refuse" && !message.trim()) throw new Error("Write why the return is refused.");
          await adminApi(`/api/admin/returns/${item.id}/decision`, {
            method: "POST",
            body: { decision: step, message: message || undefined },
          });
          done(
            step === "approve"
              ? "Return approved and the shopper e-mailed."
              : "Return refused and the shopper e-mailed.",
          );
        }}
      >
        <TextField
          id={`return-message-${item.id}`}
          label={step === "approve" ? "Message for the shopper (optional)" : "Why (sent to the shopper)"}
          value={message}
          maxLength={1000}
          onChange={(event) => setMessage(event.target.value)}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={step === "receive"}
        onOpenChange={(next) => !next && setStep(null)}
        title={`Mark return ${item.number} received?`}
        description="Do this when the parcel is here and checked; then refund it."
        confirmLabel="Mark received"
        onConfirm={async () => {
          await adminApi(`/api/admin/returns/${item.id}/received`, { method: "POST" });
          done("Return marked received.");
        }}
      />
      <ConfirmDialog
        open={step === "refund"}
        onOpenChange={(next) => !next && setStep(null)}
        title={`Refund return ${item.number}?`}
        description={`${formatMoney(value, currency)} goes back to the shopper's card for the returned items, and they are e-mailed.`}
        confirmLabel={`Refund ${formatMoney(value, currency)}`}
        busyLabel="Refunding..."
        danger
        onConfirm={async () => {
          await adminApi(`/api/admin/returns/${item.id}/refund`, { method: "POST", body: { restock } });
          done("Return refunded.");
        }}
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-5 accent-aqua-600"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
          />
          Put the returned items back in stock
        </label>
      </ConfirmDialog>
    </div>
  );
}
