// One cart line: image, title, unit price, quantity with plus and
// minus, remove. Used by the cart page and the overlay.
import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import type { CartLine } from "./cart-lines.ts";
import { QuantityControl } from "./quantity-control.tsx";

export function CartLineItem({
  line,
  busy,
  currency,
  productPath,
  onQuantity,
  onRemove,
  compact = false,
  noImageUrl = "/img/no-image.svg",
}: {
  line: CartLine;
  busy: boolean;
  currency: string;
  productPath: string;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  compact?: boolean;
  noImageUrl?: string;
}) {
  const href = `${productPath}/${line.handle}`;
  const image = compact ? 64 : 96;
  return (
    <li className="flex gap-3 border-b border-line py-4 last:border-b-0" data-testid="cart-line">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={line.imageUrl ?? noImageUrl}
          alt=""
          width={image}
          height={image}
          loading="lazy"
          className="rounded border border-line bg-white object-contain"
          style={{ width: image, height: image }}
        />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={href} className="line-clamp-2 font-semibold text-ink hover:text-aqua-600 hover:underline">
              {line.title}
            </Link>
            {line.variantTitle ? <p className="text-sm text-muted">{line.variantTitle}</p> : null}
            {line.sku ? (
              <p className="text-xs text-muted">
                Part # <span className="part-number">{line.sku}</span>
              </p>
            ) : null}
            {!line.availableForSale ? (
              <p className="text-sm font-medium text-sale">Item is not available for sale</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded text-muted hover:bg-surface hover:text-sale disabled:cursor-not-allowed disabled:opacity-40"
          >
            <Trash2 aria-hidden="true" size={18} />
            <span className="sr-only">Remove {line.title}</span>
          </button>
        </div>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
          <QuantityControl line={line} busy={busy} onChange={onQuantity} size={compact ? "sm" : "md"} />
          <p className="tabular text-right">
            <span className="block text-sm text-muted">
              {formatMoney(line.price, currency)} <span className="sr-only">each</span>
              <span aria-hidden="true">ea.</span>
            </span>
            <span className="font-bold text-ink">
              {formatMoney(Math.round(line.price * 100 * line.quantity) / 100, currency)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
