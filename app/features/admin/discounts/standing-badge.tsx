// How a discount code stands now (a coloured badge) and what it takes off, for the list and the form.
import {
  DISCOUNT_KIND_LABELS,
  DISCOUNT_STANDING_LABELS,
  type DiscountStanding,
} from "../../../../shared/admin/discounts.ts";
import { formatMoney } from "../../../../shared/money.ts";

const STANDING_STYLES: Record<DiscountStanding, string> = {
  active: "bg-green-50 text-stock",
  paused: "bg-amber-50 text-amber-800",
  scheduled: "bg-cyan-50 text-water-900",
  expired: "bg-surface text-muted",
  used_up: "bg-surface text-muted",
};

export function StandingBadge({ standing }: { standing: DiscountStanding }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STANDING_STYLES[standing]}`}>
      {DISCOUNT_STANDING_LABELS[standing]}
    </span>
  );
}

export function discountValueText(
  row: { kind: string; percentOff: number | null; amountOff: number | null },
  currency: string,
): string {
  if (row.kind === "percentage") return `${row.percentOff}% off`;
  if (row.kind === "fixed_amount") return `${formatMoney(row.amountOff ?? 0, currency)} off`;
  return DISCOUNT_KIND_LABELS.free_shipping;
}
