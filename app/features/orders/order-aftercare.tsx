// The shopper's order page after the order was placed: each shipment with its tracking link, refunds, the
// returns asked for, and the form to ask for a return within the store's return window.
import { PackageCheck, RotateCcw, Truck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import { RETURN_REASON_OPTIONS } from "../../../shared/order-returns.ts";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { inputClass, SelectField } from "../../components/ui/text-field.tsx";

interface LineRef {
  id: number;
  title: string;
  sku: string | null;
}

interface Aftercare {
  shipments: Array<{
    id: number;
    carrierLabel: string;
    trackingNumber: string;
    trackingUrl: string | null;
    shippedAt: string;
    lines: Array<{ lineItemId: number; quantity: number }>;
  }>;
  refunds: Array<{ id: number; amount: number; createdAt: string; note: string | null }>;
  returns: Array<{
    id: number;
    number: string;
    status: string;
    reasonLabel: string;
    staffMessage: string | null;
    createdAt: string;
    lines: Array<{ lineItemId: number; title: string; quantity: number }>;
  }>;
  returnEligibility: {
    windowDays: number;
    deadline: string | null;
    open: boolean;
    lines: Array<{ lineItemId: number; title: string; sku: string | null; returnable: number }>;
  };
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const RETURN_STATUS_TEXT: Record<string, string> = {
  requested: "Requested: we will e-mail you our answer",
  approved: "Approved: please send the items back",
  refused: "Not accepted",
  received: "Received: your refund is on its way",
  refunded: "Refunded",
};

export function OrderShipments({ aftercare, lines }: { aftercare: Aftercare; lines: LineRef[] }) {
  if (aftercare.shipments.length === 0) return null;
  const titleOf = (id: number) => lines.find((line) => line.id === id)?.title ?? "Item";
  return (
    <section aria-labelledby="order-shipments-title" className="mt-8">
      <h2 id="order-shipments-title" className="mb-2 text-xl font-bold text-water-900">
        Shipments
      </h2>
      <ul className="space-y-3">
        {aftercare.shipments.map((shipment, index) => (
          <li key={shipment.id} className="rounded-lg border border-line bg-white p-4">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <Truck aria-hidden="true" size={20} className="text-aqua-600" />
              Shipment {index + 1}, shipped {formatDate(shipment.shippedAt)} with {shipment.carrierLabel}
            </p>
            <p className="mt-1 text-sm">
              Tracking number <span className="part-number">{shipment.trackingNumber}</span>
              {shipment.trackingUrl ? (
                <>
                  {" "}
                  &middot;{" "}
                  <a
                    href={shipment.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-aqua-600 hover:underline"
                  >
                    Track package
                  </a>
                </>
              ) : null}
            </p>
            <ul className="mt-2 text-sm text-muted">
              {shipment.lines.map((line) => (
                <li key={line.lineItemId} className="tabular">
                  {line.quantity} &times; {titleOf(line.lineItemId)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrderRefunds({ aftercare, currency }: { aftercare: Aftercare; currency: string }) {
  if (aftercare.refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds-title" className="mt-8">
      <h2 id="order-refunds-title" className="mb-2 text-xl font-bold text-water-900">
        Refunds
      </h2>
      <ul className="divide-y divide-line rounded-lg border border-line bg-white px-4">
        {aftercare.refunds.map((refund) => (
          <li key={refund.id} className="flex justify-between gap-3 py-3">
            <span>
              {formatDate(refund.createdAt)}
              {refund.note ? <span className="text-sm text-muted"> &middot; {refund.note}</span> : null}
            </span>
            <span className="tabular font-semibold text-stock">{formatMoney(refund.amount, currency)} refunded</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrderReturns({ aftercare }: { aftercare: Aftercare }) {
  const { returns, returnEligibility: eligibility } = aftercare;
  const [asking, setAsking] = useState(false);
  // One key per request form opened: a double submit sends the same request, which is kept once.
  const [requestKey, setRequestKey] = useState("");
  const fetcher = useFetcher<{ error?: string; returnNumber?: string }>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  if (returns.length === 0 && !eligibility.open) return null;
  return (
    <section aria-labelledby="order-returns-title" className="mt-8">
      <h2 id="order-returns-title" className="mb-2 text-xl font-bold text-water-900">
        Returns
      </h2>
      {returns.length > 0 ? (
        <ul className="mb-4 space-y-3">
          {returns.map((item) => (
            <li key={item.id} className="rounded-lg border border-line bg-white p-4">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <RotateCcw aria-hidden="true" size={18} className="text-aqua-600" />
                Return {item.number} &middot; {RETURN_STATUS_TEXT[item.status] ?? item.status}
              </p>
              <p className="text-sm text-muted">
                Asked on {formatDate(item.createdAt)}: {item.reasonLabel}
              </p>
              <ul className="mt-1 text-sm">
                {item.lines.map((line) => (
                  <li key={line.lineItemId}>
                    {line.quantity} &times; {line.title}
                  </li>
                ))}
              </ul>
              {item.staffMessage ? <p className="mt-2 text-sm">{item.staffMessage}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {answer?.returnNumber ? (
        <Notice tone="success" className="mb-4">
          <span className="inline-flex items-center gap-1">
            <PackageCheck aria-hidden="true" size={16} /> We received your return request {answer.returnNumber}. We
            e-mailed you a copy and will write again with our answer.
          </span>
        </Notice>
      ) : null}
      {eligibility.open ? (
        asking && !answer?.returnNumber ? (
          <fetcher.Form method="post" className="space-y-4 rounded-lg border border-line bg-surface p-4">
            <input type="hidden" name="intent" value="return" />
            <input type="hidden" name="key" value={requestKey} />
            <fieldset>
              <legend className="mb-2 font-semibold">Which items, and how many?</legend>
              <ul className="space-y-2">
                {eligibility.lines.map((line) => (
                  <li key={line.lineItemId} className="flex items-center justify-between gap-3">
                    <label htmlFor={`return-qty-${line.lineItemId}`} className="min-w-0 flex-1">
                      {line.title}
                      {line.sku ? <span className="part-number block text-xs text-muted">{line.sku}</span> : null}
                    </label>
                    <div className="w-24 shrink-0">
                      <select
                        id={`return-qty-${line.lineItemId}`}
                        name={`qty-${line.lineItemId}`}
                        defaultValue="0"
                        className={`${inputClass} border-line`}
                      >
                        {Array.from({ length: line.returnable + 1 }, (_, n) => String(n)).map((count) => (
                          <option key={count} value={count}>
                            {count}
                          </option>
                        ))}
                      </select>
                    </div>
                  </li>
                ))}
              </ul>
            </fieldset>
            <SelectField id="return-reason" name="reason" label="Reason" required defaultValue="">
              <option value="" disabled>
                Choose a reason
              </option>
              {RETURN_REASON_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            <div>
              <label htmlFor="return-comment" className="mb-1 block font-semibold">
                Anything we should know? <span className="font-normal text-muted">(optional)</span>
              </label>
              <textarea
                id="return-comment"
                name="comment"
                maxLength={1000}
                rows={3}
                className={`${inputClass} border-line py-2`}
              />
            </div>
            {answer?.error ? <Notice tone="danger">{answer.error}</Notice> : null}
            <div className="flex flex-wrap gap-3">
              <BusyButton busy={busy} busyLabel="Sending...">
                Send return request
              </BusyButton>
              <button type="button" className="btn-secondary" onClick={() => setAsking(false)}>
                Cancel
              </button>
            </div>
          </fetcher.Form>
        ) : answer?.returnNumber ? null : (
          <div className="rounded-lg border border-line bg-white p-4">
            <p>
              Wrong part or not needed? You can return items within {eligibility.windowDays} days of shipping
              {eligibility.deadline ? ` (until ${formatDate(eligibility.deadline)})` : ""}.
            </p>
            <button
              type="button"
              className="btn-secondary mt-3"
              onClick={() => {
                setRequestKey(crypto.randomUUID());
                setAsking(true);
              }}
            >
              Return items
            </button>
          </div>
        )
      ) : null}
    </section>
  );
}
