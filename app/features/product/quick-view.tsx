// The product card's quick view (a magnifier button opens a lazily loaded quick
// view by handle). This module is only downloaded when a shopper first opens one.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { imageSrcSet, imageUrlForWidth } from "../../../shared/image-srcset.ts";
import { availabilityText } from "../../../shared/price-display.ts";
import { initialSelection, remainingQuantity } from "../../../shared/variant-selection.ts";
import { Price } from "../../components/price.tsx";
import { StarRating } from "../../components/star-rating.tsx";
import { useReturnFocus } from "../../lib/use-return-focus.ts";
import { useAddToCart, useCart } from "../cart/cart-context.tsx";
import type { ProductDetail } from "./product-data.server.ts";

type State =
  | { status: "loading" }
  | { status: "loaded"; product: ProductDetail }
  | { status: "error"; message: string };

export interface QuickViewProps {
  handle: string;
  productPath: string;
  currency: string;
  onClose: () => void;
}

export function QuickView({ handle, productPath, currency, onClose }: QuickViewProps) {
  const [state, setState] = useState<State>({ status: "loading" });
  const returnFocus = useReturnFocus();
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetch(`/api/products/handle/${encodeURIComponent(handle)}`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => {
        const body = (await response.json()) as { product?: ProductDetail; error?: string };
        if (!response.ok || !body.product) throw new Error(body.error ?? "This product could not be loaded.");
        setState({ status: "loaded", product: body.product });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [handle]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-water-950/50" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-(--z-modal) max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none"
        >
          <div className="mb-3 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-water-900">
              {state.status === "loaded" ? state.product.title : "Quick view"}
            </Dialog.Title>
            <Dialog.Close className="-m-2 flex size-11 shrink-0 items-center justify-center rounded text-muted hover:bg-surface hover:text-ink">
              <X aria-hidden="true" size={20} />
              <span className="sr-only">Close quick view</span>
            </Dialog.Close>
          </div>
          {state.status === "loading" ? (
            <p role="status" className="py-16 text-center text-muted">
              Fetching product...
            </p>
          ) : state.status === "error" ? (
            <p role="alert" className="py-16 text-center text-sale">
              {state.message}
            </p>
          ) : (
            <QuickViewBody product={state.product} productPath={productPath} currency={currency} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuickViewBody({
  product,
  productPath,
  currency,
}: {
  product: ProductDetail;
  productPath: string;
  currency: string;
}) {
  const { add } = useAddToCart();
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  const { variant } = initialSelection(product.Variants, null);
  const image = product.imageUrl ?? "/img/no-image.svg";
  const href = `${productPath}/${product.handle}`;
  const level = variant?.availableInventoryLevels[0];
  const remaining = variant ? remainingQuantity(variant, cart.lines) : 0;
  // With several variants the shopper chooses on the product page; the quick view adds the only one.
  const needsChoice = product.Variants.length > 1;
  const price = variant?.price ?? product.price;
  const forSale = variant?.availableForSale ?? product.availableForSale;

  async function addToCart() {
    setAdding(true);
    try {
      await add(level?.id, 1);
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <img
        src={imageUrlForWidth(image, 480)}
        srcSet={imageSrcSet(image)}
        sizes="(min-width: 640px) 360px, 90vw"
        alt={product.Images[0]?.altText ?? product.title}
        width={480}
        height={480}
        className="aspect-square w-full rounded-md border border-line bg-white object-contain"
      />
      <div className="flex flex-col gap-2">
        {product.vendor ? (
          <Link
            to={`/searchresults.asp?v=${encodeURIComponent(product.vendor)}`}
            className="text-sm text-aqua-600 hover:underline"
          >
            {product.vendor}
          </Link>
        ) : null}
        <StarRating rating={product.avgRating} count={product.totalReviews} />
        {product.sku ? (
          <p className="text-sm text-muted">
            SKU: <span className="part-number text-ink">{product.sku}</span>
          </p>
        ) : null}
        <Price
          price={price}
          compareAtPrice={variant?.compareAtPrice}
          availableForSale={forSale}
          currency={currency}
          showSavings
          size="lg"
        />
        <p className={`text-sm font-semibold ${forSale ? "text-stock" : "text-sale"}`}>{availabilityText(forSale)}</p>
        <div className="mt-auto flex flex-col gap-2 pt-3">
          {needsChoice ? (
            <Link to={href} className="btn-primary">
              Choose options
            </Link>
          ) : (
            <button
              type="button"
              className="btn-primary"
              disabled={adding || cart.busy || !forSale || !level || remaining <= 0 || !(price > 0)}
              aria-busy={adding || undefined}
              onClick={addToCart}
            >
              Add to Cart
            </button>
          )}
          <Link to={href} className="btn-secondary">
            View full details
          </Link>
        </div>
      </div>
    </div>
  );
}
