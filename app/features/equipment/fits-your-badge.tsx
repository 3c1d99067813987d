// The "Fits your Backyard pump" badge of product cards and product pages, apart from the rest of "My
// equipment" (features/equipment/my-equipment.tsx): the storefront's listing and product pages load it
// with their first JavaScript, the account's list and the model page's save form they never show.
import { Check } from "lucide-react";
import { useSavedEquipment } from "./saved-equipment.ts";

/** "Fits your Backyard pump": shown when the product fits one of the shopper's saved models. */
export function FitsYourBadge({ productId, className = "" }: { productId: number; className?: string }) {
  const saved = useSavedEquipment();
  const names = saved.fits.get(productId);
  if (!names?.length) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-stock ${className}`}
      data-testid="fits-badge"
    >
      <Check aria-hidden="true" className="size-3.5" />
      Fits your {names[0]}
      {names.length > 1 ? ` +${names.length - 1}` : ""}
    </span>
  );
}
