// The model page's exploded diagram and parts list. Each numbered callout is a button over the
// drawing (Tab reaches them in key order, Enter or Space picks one); hovering or focusing a hotspot
// highlights its rows in the parts list and hovering a row lights its hotspot. Picking a hotspot
// scrolls to its first row and puts the focus on that row's quantity field, ready for Add to Cart.
import { ShoppingCart } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { productPath } from "../../../shared/content-paths.ts";
import { formatMoney } from "../../../shared/money.ts";
import { useAddToCart } from "../cart/cart-context.tsx";
import { FitsYourBadge } from "./fits-your-badge.tsx";

export interface DiagramPart {
  id: number;
  handle: string;
  title: string;
  vendor: string | null;
  partNumber: string | null;
  price: number;
  quantity: number;
  note: string | null;
  availableInventoryLevels: {
    id: number;
    availableForSale: boolean;
    availableQuantity: number;
    bypassNegativeQuantity: boolean;
  }[];
}

export interface DiagramCallout {
  id: number;
  key: string;
  label: string;
  x: number;
  y: number;
  parts: DiagramPart[];
}

export interface DiagramData {
  id: number;
  title: string;
  imageUrl: string;
  callouts: DiagramCallout[];
}

function stockText(part: DiagramPart): { text: string; inStock: boolean } {
  const level = part.availableInventoryLevels[0];
  if (!level?.availableForSale) return { text: "Out of stock", inStock: false };
  if (level.bypassNegativeQuantity) return { text: "In stock", inStock: true };
  return level.availableQuantity <= 3
    ? { text: `Only ${level.availableQuantity} left`, inStock: true }
    : { text: "In stock", inStock: true };
}

export function ExplodedDiagram({
  diagram,
  modelTitle,
  currency,
  productsPath,
}: {
  diagram: DiagramData;
  modelTitle: string;
  currency: string;
  productsPath: string;
}) {
  const [active, setActive] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const quantityInputs = useRef(new Map<string, HTMLInputElement>());

  function pick(key: string) {
    setActive(key);
    const row = rows.current.get(key);
    row?.scrollIntoView({ block: "center", behavior: "smooth" });
    quantityInputs.current.get(key)?.focus({ preventScroll: true });
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <figure className="lg:sticky lg:top-4 lg:self-start">
        <div className="relative overflow-hidden rounded-lg border border-line bg-white">
          <img
            src={diagram.imageUrl}
            alt={`Exploded parts diagram of the ${modelTitle}, parts numbered 1 to ${diagram.callouts.length}`}
            width={1200}
            height={800}
            className="block h-auto w-full"
          />
          <ol aria-label="Numbered parts on the diagram" className="absolute inset-0 m-0 list-none p-0">
            {diagram.callouts.map((callout) => (
              <li key={callout.id}>
                <button
                  type="button"
                  data-testid="diagram-hotspot"
                  aria-label={`${callout.key}: ${callout.label}`}
                  aria-pressed={active === callout.key}
                  onClick={() => pick(callout.key)}
                  onMouseEnter={() => setActive(callout.key)}
                  onFocus={() => setActive(callout.key)}
                  style={{ left: `${callout.x}%`, top: `${callout.y}%` }}
                  className={`absolute flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 text-xs font-bold tabular-nums sm:size-8 sm:text-sm ${
                    active === callout.key
                      ? "border-action-600 bg-action-600 text-white"
                      : "border-water-900 bg-white text-water-900 hover:border-aqua-500 hover:bg-aqua-100"
                  }`}
                >
                  {callout.key}
                </button>
              </li>
            ))}
          </ol>
        </div>
        <figcaption className="mt-2 text-sm text-muted">
          {diagram.title}. Pick a number on the drawing to find its part in the list.
        </figcaption>
      </figure>

      <div>
        <h2 id="parts-list" className="text-xl font-bold text-water-900">
          Parts list
        </h2>
        <div className="mt-3 overflow-x-auto rounded-lg border border-line">
          <table className="w-full border-collapse text-left text-sm" aria-labelledby="parts-list">
            <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-2 py-2">
                  Key
                </th>
                <th scope="col" className="px-2 py-2">
                  Part
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Price
                </th>
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">Quantity and add to cart</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {diagram.callouts.flatMap((callout) =>
                callout.parts.map((part, index) => (
                  <PartRow
                    key={`${callout.id}-${part.id}`}
                    callout={callout}
                    part={part}
                    first={index === 0}
                    active={active === callout.key}
                    currency={currency}
                    productsPath={productsPath}
                    onHover={() => setActive(callout.key)}
                    rowRef={(el) => {
                      if (index === 0 && el) rows.current.set(callout.key, el);
                    }}
                    inputRef={(el) => {
                      if (index === 0 && el) quantityInputs.current.set(callout.key, el);
                    }}
                  />
                )),
              )}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

function PartRow({
  callout,
  part,
  first,
  active,
  currency,
  productsPath,
  onHover,
  rowRef,
  inputRef,
}: {
  callout: DiagramCallout;
  part: DiagramPart;
  first: boolean;
  active: boolean;
  currency: string;
  productsPath: string;
  onHover: () => void;
  rowRef: (el: HTMLTableRowElement | null) => void;
  inputRef: (el: HTMLInputElement | null) => void;
}) {
  const { add } = useAddToCart();
  const [quantity, setQuantity] = useState(String(part.quantity));
  const [busy, setBusy] = useState(false);
  const stock = stockText(part);
  const level = part.availableInventoryLevels[0];
  const n = Number(quantity);
  const valid = /^\d{1,3}$/.test(quantity) && n >= 1;
  const inputId = `qty-${callout.id}-${part.id}`;
  async function addToCart() {
    if (!valid || !level) return;
    setBusy(true);
    try {
      await add(level.id, n);
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr
      ref={rowRef}
      data-testid="part-row"
      data-key={callout.key}
      data-active={active || undefined}
      onMouseEnter={onHover}
      className={`border-t border-line align-top ${active ? "bg-aqua-100" : "bg-white"}`}
    >
      <td className="px-2 py-2">
        {first && (
          <span className="inline-flex size-7 items-center justify-center rounded-full border-2 border-water-900 text-xs font-bold tabular-nums">
            {callout.key}
          </span>
        )}
      </td>
      <td className="px-2 py-2">
        {first && (
          <span className="block text-xs font-semibold uppercase tracking-wide text-muted">{callout.label}</span>
        )}
        <Link
          to={productPath(part.handle, { products: productsPath })}
          className="font-semibold text-water-900 hover:underline"
        >
          {part.title}
        </Link>
        <span className="mt-0.5 block text-xs text-muted">
          {part.partNumber && <span className="part-number">{part.partNumber}</span>}
          {part.vendor ? ` · ${part.vendor}` : ""}
          {part.quantity > 1 ? ` · uses ${part.quantity}` : ""}
        </span>
        {part.note && <span className="block text-xs italic text-muted">{part.note}</span>}
        <span className={`block text-xs font-semibold ${stock.inStock ? "text-stock" : "text-sale"}`}>
          {stock.text}
        </span>
        <FitsYourBadge productId={part.id} className="mt-1" />
      </td>
      <td className="tabular px-2 py-2 text-right font-semibold">
        {part.price > 0 ? formatMoney(part.price, currency) : "Call"}
      </td>
      <td className="px-2 py-2">
        <div className="flex items-center gap-1">
          <label htmlFor={inputId} className="sr-only">
            Quantity of {part.title}
          </label>
          <input
            id={inputId}
            ref={inputRef}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value.replace(/\D/g, "").slice(0, 3))}
            className="tabular min-h-11 w-12 rounded-md border border-line px-2 text-center"
          />
          <button
            type="button"
            className="btn-primary px-3!"
            disabled={!valid || !level || !stock.inStock || busy || part.price <= 0}
            onClick={addToCart}
            aria-label={`Add ${part.title} to cart`}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            <span className="hidden xl:inline">Add</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

/** "Add all the parts of a rebuild kit": every part of the kit in its quantity, one after another. */
export function RebuildKitButton({
  kit,
  currency,
}: {
  kit: { id: number; name: string; description: string | null; parts: DiagramPart[] };
  currency: string;
}) {
  const { add } = useAddToCart();
  const [busy, setBusy] = useState(false);
  const buyable = kit.parts.filter((p) => p.availableInventoryLevels[0]?.availableForSale && p.price > 0);
  const total = buyable.reduce((sum, p) => sum + p.price * p.quantity, 0);
  async function addAll() {
    setBusy(true);
    try {
      for (const part of buyable) {
        const level = part.availableInventoryLevels[0];
        if (level) await add(level.id, part.quantity);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rounded-lg border border-line bg-surface p-4">
      <h3 className="font-bold text-water-900">{kit.name}</h3>
      {kit.description && <p className="mt-1 text-sm text-muted">{kit.description}</p>}
      <ul className="mt-2 list-disc pl-5 text-sm">
        {kit.parts.map((p) => (
          <li key={p.id}>
            {p.quantity} × {p.title}
          </li>
        ))}
      </ul>
      <button type="button" className="btn-primary mt-3" disabled={busy || buyable.length === 0} onClick={addAll}>
        Add all the parts of the rebuild kit ({formatMoney(total, currency)})
      </button>
    </div>
  );
}
