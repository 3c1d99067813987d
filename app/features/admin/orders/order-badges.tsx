// Status badges of the back office's order pages: one colour per meaning (green done, amber waiting,
// red money back or cancelled), the words from shared/admin/orders.ts.
import {
  FULFILMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from "../../../../shared/admin/orders.ts";

const TONES: Record<string, string> = {
  green: "bg-green-50 text-stock border-stock/30",
  amber: "bg-amber-50 text-amber-800 border-amber-300",
  red: "bg-red-50 text-sale border-sale/30",
  grey: "bg-surface text-muted border-line",
  blue: "bg-cyan-50 text-water-900 border-aqua-500/30",
};

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function PaymentBadge({ status }: { status: string }) {
  const tone = status === "paid" ? "green" : status.includes("refunded") || status === "voided" ? "red" : "amber";
  return <Badge tone={tone}>{PAYMENT_STATUS_LABELS[status] ?? status}</Badge>;
}

export function FulfilmentBadge({ status, cancelled = false }: { status: string; cancelled?: boolean }) {
  if (cancelled) return <Badge tone="grey">Cancelled</Badge>;
  const tone = status === "fulfilled" ? "green" : status === "partial" ? "blue" : "amber";
  return <Badge tone={tone}>{FULFILMENT_STATUS_LABELS[status] ?? status}</Badge>;
}

export function OrderStatusBadge({ status }: { status: string }) {
  const tone =
    status === "fulfilled"
      ? "green"
      : status === "partially_fulfilled"
        ? "blue"
        : status === "cancelled"
          ? "grey"
          : status.includes("refunded")
            ? "red"
            : "amber";
  return <Badge tone={tone}>{ORDER_STATUS_LABELS[status] ?? status}</Badge>;
}

const RETURN_LABELS: Record<string, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  received: "Received",
  refunded: "Refunded",
};

export function ReturnBadge({ status }: { status: string }) {
  const tone =
    status === "requested" ? "amber" : status === "refused" ? "grey" : status === "refunded" ? "green" : "blue";
  return <Badge tone={tone}>{RETURN_LABELS[status] ?? status}</Badge>;
}
