// 'Orders over ${amount} Ships for FREE!', hidden when the store answers -1 (no free shipping).
import { Truck } from "lucide-react";
import { useEffect, useState } from "react";
import { formatMoney } from "../../../shared/money.ts";

let cached: Promise<number | null> | undefined;

/** GET /api/shippingPolicies/freeShippingAmount once per page load; a failure hides the banner. */
export function loadFreeShippingAmount(): Promise<number | null> {
  cached ??= fetch("/api/shippingPolicies/freeShippingAmount", { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then((answer: { freeShippingAmount?: unknown } | null) =>
      typeof answer?.freeShippingAmount === "number" ? answer.freeShippingAmount : null,
    )
    .catch(() => {
      cached = undefined;
      return null;
    });
  return cached;
}

export function freeShippingText(amount: number, currency: string): string {
  return `Orders over ${formatMoney(amount, currency)} Ships for FREE!`;
}

export function FreeShippingBanner({
  amount,
  currency,
  className = "",
}: {
  /** Known from the loader; undefined: fetched in the browser. */
  amount?: number | null;
  currency: string;
  className?: string;
}) {
  const [loaded, setLoaded] = useState<number | null>(amount ?? null);
  useEffect(() => {
    if (amount !== undefined) return;
    let live = true;
    void loadFreeShippingAmount().then((value) => {
      if (live) setLoaded(value);
    });
    return () => {
      live = false;
    };
  }, [amount]);
  const value = amount === undefined ? loaded : amount;
  if (value === null || value < 0) return null;
  return (
    <p className={`flex items-start gap-2 rounded-md bg-aqua-100/60 px-3 py-2 text-sm text-water-900 ${className}`}>
      <Truck aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-aqua-600" />
      <span>
        <strong className="font-semibold">{freeShippingText(value, currency)}</strong>{" "}
        <span className="text-muted">Mainland US only; large or oddly shaped items are quoted separately.</span>
      </span>
    </p>
  );
}
