// The buying half of the product page: price, brand, SKU, availability, free-shipping notes, option
// selector, quantity and Add to Cart, and the shipping details link. The variant rules are shared/variant-selection.ts; this only wires them to controls.
import { LoaderCircle, Minus, Plus, ShoppingCart, Truck } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { Link } from "react-router";
import { availabilityText, freeShippingText, MAY_QUALIFY_FREE_SHIPPING_TEXT } from "../../../shared/price-display.ts";
import {
  chooseOption,
  findSelectedVariant,
  remainingQuantity,
  type SelectedOptions,
  UNLIMITED,
} from "../../../shared/variant-selection.ts";
import { Price } from "../../components/price.tsx";
import { useAddToCart, useCart } from "../cart/cart-context.tsx";
import type { ProductDetail, ProductVariant } from "./product-data.server.ts";

export const SHIPPING_DETAILS_URL = "/Articles.asp?ID=257";

export type PurchaseProduct = Pick<
  ProductDetail,
  | "id"
  | "title"
  | "sku"
  | "productCode"
  | "vendor"
  | "price"
  | "compareAtPrice"
  | "availableForSale"
  | "Options"
  | "Variants"
>;

export interface ProductPurchaseProps {
  product: PurchaseProduct;
  currency: string;
  /** The free-shipping threshold; -1 hides the banner. */
  freeShippingAmount: number;
  eligibleForFreeShipping: boolean;
  initialVariant: ProductVariant | null;
  initialSelected: SelectedOptions;
  /** The variant shown changed (the page keeps `?variant=` in step). */
  onVariantChange?: (variant: ProductVariant | null) => void;
}

/** Whole units typed into the quantity box: non-digits are dropped. */
function digitsOnly(text: string): string {
  return text.replace(/\D+/g, "");
}

export function ProductPurchase({
  product,
  currency,
  freeShippingAmount,
  eligibleForFreeShipping,
  initialVariant,
  initialSelected,
  onVariantChange,
}: ProductPurchaseProps) {
  const cart = useCart();
  const { add } = useAddToCart();
  const quantityId = useId();
  const [selected, setSelected] = useState<SelectedOptions>(initialSelected);
  const [variant, setVariant] = useState<ProductVariant | null>(initialVariant);
  const [quantityText, setQuantityText] = useState("1");
  const [adding, setAdding] = useState(false);

  const hasChoice = product.Variants.length > 1 && product.Options.length > 0;
  const complete = product.Options.every((option) => selected[option.id] !== undefined);
  const price = variant?.price ?? product.price;
  const compareAtPrice = variant ? variant.compareAtPrice : product.compareAtPrice;
  const forSale = variant ? variant.availableForSale : product.availableForSale;
  const sku = variant?.InventoryItem?.sku ?? variant?.sku ?? product.sku;
  const level = variant?.availableInventoryLevels[0];
  const remaining = variant ? remainingQuantity(variant, cart.lines) : 0;
  const quantity = Number(quantityText);
  const quantityValid = quantityText !== "" && Number.isInteger(quantity) && quantity > 0;
  const tooMany = quantityValid && remaining !== UNLIMITED && quantity > remaining;

  function choose(optionId: number, value: string) {
    const next = chooseOption(selected, optionId, value === "" ? null : value);
    const found = findSelectedVariant(product.Variants, next);
    setSelected(next);
    setVariant(found);
    onVariantChange?.(found);
  }

  function changeQuantity(next: number) {
    const bounded = Math.max(1, remaining === UNLIMITED ? next : Math.min(next, Math.max(1, remaining)));
    setQuantityText(String(bounded));
  }

  async function addToCart() {
    if (!level || !quantityValid || tooMany) return;
    setAdding(true);
    try {
      await add(level.id, quantity);
    } finally {
      setAdding(false);
    }
  }

  let blocker: string | null = null;
  if (!variant)
    blocker = complete
      ? "This combination is not available. Please choose other options."
      : "Please choose your options.";
  else if (!forSale) blocker = null;
  else if (remaining <= 0) blocker = "All available units are already in your cart.";
  else if (!quantityValid) blocker = quantityText === "" ? "Invalid quantity" : "Quantity must be greater than 0";
  else if (tooMany) blocker = `Can't add more than ${remaining}`;
  const disabled =
    adding ||
    cart.busy ||
    !variant ||
    !forSale ||
    !level ||
    remaining <= 0 ||
    !quantityValid ||
    tooMany ||
    !(price > 0);

  const freeText = freeShippingText(freeShippingAmount, currency);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Price
          price={price}
          compareAtPrice={compareAtPrice}
          availableForSale={forSale}
          currency={currency}
          size="lg"
          showSavings
        />
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {product.vendor ? (
          <>
            <dt className="text-muted">Brand</dt>
            <dd className="font-medium">{product.vendor}</dd>
          </>
        ) : null}
        {sku ? (
          <>
            <dt className="text-muted">SKU</dt>
            <dd className="part-number font-medium" data-testid="product-sku">
              {sku}
            </dd>
          </>
        ) : null}
        {product.productCode && product.productCode !== sku ? (
          <>
            <dt className="text-muted">Part Number</dt>
            <dd className="part-number font-medium">{product.productCode}</dd>
          </>
        ) : null}
        <dt className="text-muted">Availability</dt>
        <dd className={`font-semibold ${forSale ? "text-stock" : "text-sale"}`} aria-live="polite">
          {availabilityText(forSale)}
        </dd>
      </dl>

      {freeText || eligibleForFreeShipping ? (
        <div className="flex items-start gap-2 rounded-md bg-aqua-100/60 px-3 py-2 text-sm text-water-900">
          <Truck aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-aqua-600" />
          <div>
            {freeText ? (
              <p>
                <strong className="font-semibold">{freeText}</strong>{" "}
                <span className="text-muted">Mainland US only; large or oddly shaped items are quoted separately.</span>
              </p>
            ) : null}
            {eligibleForFreeShipping ? <p className="font-medium">{MAY_QUALIFY_FREE_SHIPPING_TEXT}</p> : null}
          </div>
        </div>
      ) : null}

      {hasChoice ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Options</legend>
          {product.Options.map((option) => {
            const id = `option-${option.id}`;
            return (
              <div key={option.id} className="flex flex-col gap-1">
                <label htmlFor={id} className="text-sm font-semibold text-ink">
                  {option.name}
                </label>
                <select
                  id={id}
                  value={selected[option.id] ?? ""}
                  onChange={(event: ChangeEvent<HTMLSelectElement>) => choose(option.id, event.target.value)}
                  className="min-h-11 rounded-md border border-line bg-white px-3 text-base focus:border-aqua-500"
                >
                  <option value="">Choose {option.name.toLowerCase()}</option>
                  {option.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={quantityId} className="text-sm font-semibold text-ink">
            Quantity
          </label>
          <div className="flex h-12 items-stretch overflow-hidden rounded-md border border-line">
            <button
              type="button"
              onClick={() => changeQuantity((quantityValid ? quantity : 1) - 1)}
              disabled={!quantityValid || quantity <= 1 || cart.busy}
              className="flex w-11 items-center justify-center text-water-900 hover:bg-surface disabled:opacity-40"
            >
              <Minus aria-hidden="true" size={16} />
              <span className="sr-only">Decrease quantity</span>
            </button>
            <input
              id={quantityId}
              inputMode="numeric"
              pattern="[0-9]*"
              value={quantityText}
              onChange={(event) => setQuantityText(digitsOnly(event.target.value))}
              disabled={cart.busy}
              className="tabular w-14 border-x border-line text-center text-base"
            />
            <button
              type="button"
              onClick={() => changeQuantity((quantityValid ? quantity : 0) + 1)}
              disabled={
                cart.busy || remaining <= 0 || (remaining !== UNLIMITED && quantityValid && quantity >= remaining)
              }
              className="flex w-11 items-center justify-center text-water-900 hover:bg-surface disabled:opacity-40"
            >
              <Plus aria-hidden="true" size={16} />
              <span className="sr-only">Increase quantity</span>
            </button>
          </div>
        </div>
        <button
          type="button"
          onClick={addToCart}
          disabled={disabled}
          aria-busy={adding || undefined}
          className="btn-primary h-12 flex-1 text-lg"
        >
          {adding ? (
            <LoaderCircle aria-hidden="true" size={20} className="animate-spin motion-reduce:animate-none" />
          ) : (
            <ShoppingCart aria-hidden="true" size={20} />
          )}
          Add to Cart
        </button>
      </div>
      {blocker ? (
        <p role="status" className="-mt-2 text-sm text-sale">
          {blocker}
        </p>
      ) : null}

      <Link
        to={SHIPPING_DETAILS_URL}
        className="inline-flex items-center gap-2 self-start text-sm font-semibold text-aqua-600 hover:underline"
      >
        <Truck aria-hidden="true" size={16} />
        Shipping details
      </Link>
    </div>
  );
}
