// "Fits my equipment" on the listings: a toggle that narrows the list to the parts that fit the
// shopper's saved models (the fits= parameter of the listing URL, read by the catalog query).
import { Wrench } from "lucide-react";
import { Link, useLocation } from "react-router";
import { listingHref } from "../catalog/listing-query.ts";
import { useSavedEquipment } from "./saved-equipment.ts";

export function FitsMyEquipmentFilter() {
  const saved = useSavedEquipment();
  const location = useLocation();
  const active = new URLSearchParams(location.search).get("fits");
  if (saved.items.length === 0 && !active) return null;
  const handles = saved.items.map((item) => item.handle).join(",");
  const href = listingHref(location.pathname, location.search, { fits: active ? null : handles });
  return (
    <Link
      to={href}
      role="switch"
      aria-checked={Boolean(active)}
      preventScrollReset
      className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-semibold ${
        active ? "border-stock bg-green-50 text-stock" : "border-line bg-white text-water-900 hover:border-aqua-500"
      }`}
    >
      <Wrench aria-hidden="true" className="size-4" />
      Fits my equipment
      {saved.items.length > 0 && <span className="tabular font-normal text-muted">({saved.items.length})</span>}
    </Link>
  );
}
