import { LoaderCircle, Search, ShoppingCart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { imageSrcSet, imageUrlForWidth } from "../../shared/image-srcset.ts";
import { formatMoney } from "../../shared/money.ts";
import { availabilityText, savings } from "../../shared/price-display.ts";
import { isCardAddToCartDisabled } from "../../shared/variant-selection.ts";
import { onProductImageContextMenu } from "../features/product/image-copyright.ts";
import { InTurn } from "../lib/hydrate-in-turn.tsx";
import { useMobileAgent } from "../lib/use-mobile-agent.ts";
import { Price } from "./price.tsx";
import { StarRating } from "./star-rating.tsx";

export interface ProductCardImage {
  id: number;
  url: string;
}

export interface ProductCardData {
  id: number;
  handle: string;
  title: string;
  vendor: string | null;
  imageUrl: string | null;
  price: number;
  compareAtPrice: number | null;
  avgRating: number;
  totalReviews: number;
  isFeatured: boolean;
  availableForSale: boolean;
  /** Gallery thumbnails; hovering one switches the main image. */
  images?: ProductCardImage[];
  /** The first inventory level: what Add to Cart adds. */
  inventoryLevelId?: number | null;
  availableQuantity?: number;
  bypassNegativeQuantity?: boolean;
}

/** A product as GET /api/products/filter lists it. */
export interface ApiProductCard {
  id: number;
  handle: string;
  title: string;
  vendor?: string | null;
  imageUrl?: string | null;
  price?: number | null;
  compareAtPrice?: number | null;
  avgRating?: number | null;
  totalReviews?: number | null;
  isFeatured?: boolean | null;
  availableForSale?: boolean | null;
  Images?: ProductCardImage[] | null;
  availableInventoryLevels?: Array<{
    id: number;
    inventoryPrice?: number | null;
    inventoryCompareAtPrice?: number | null;
    availableForSale?: boolean | null;
    availableQuantity?: number | null;
    bypassNegativeQuantity?: boolean | null;
  }> | null;
}

/** The card's view of an API product: the first inventory level decides price, stock and what is added. */
export function toProductCardData(product: ApiProductCard): ProductCardData {
  const level = product.availableInventoryLevels?.[0];
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    vendor: product.vendor ?? null,
    imageUrl: product.imageUrl ?? product.Images?.[0]?.url ?? null,
    price: level?.inventoryPrice ?? product.price ?? 0,
    compareAtPrice: level?.inventoryCompareAtPrice ?? product.compareAtPrice ?? null,
    avgRating: product.avgRating ?? 0,
    totalReviews: product.totalReviews ?? 0,
    isFeatured: product.isFeatured ?? false,
    availableForSale: level?.availableForSale ?? product.availableForSale ?? false,
    images: product.Images ?? [],
    inventoryLevelId: level?.id ?? null,
    availableQuantity: level?.availableQuantity ?? 0,
    bypassNegativeQuantity: level?.bypassNegativeQuantity ?? false,
  };
}

/** The first cards of a grid load their images eagerly: they are above the fold on desktop. */
export const EAGER_CARD_COUNT = 5;
/** Hovering a thumbnail this long switches the main image. */
export const THUMBNAIL_HOVER_MS = 150;
const MAX_THUMBNAILS = 4;
const CARD_IMAGE_SIZE = 320;
const CARD_IMAGE_SIZES = "(min-width: 993px) 250px, 50vw";

export interface ProductCardProps {
  product: ProductCardData;
  productPath: string;
  currency: string;
  /** Load the image eagerly (the first EAGER_CARD_COUNT cards of a grid). */
  eager?: boolean;
  /** Adds one unit of the first inventory level; a promise keeps the button busy until it settles. */
  onAddToCart?: (product: ProductCardData) => unknown;
  /** Opens the quick view; the magnifier button shows only when given. */
  onQuickView?: (handle: string) => void;
  /** The cart is updating: Add to Cart waits. */
  cartBusy?: boolean;
  /** Units of this product's inventory level already in the cart. */
  quantityInCart?: number;
  /** On the results page a zero price also disables Add to Cart. */
  onSearchPage?: boolean;
  /** 'Add to Order' instead of 'Add to Cart' (adding to an existing order). */
  addToOrder?: boolean;
  noImageUrl?: string;
  layout?: "grid" | "list";
}

/**
 * A product card in a grid or list: image, title, price, rating and Add to Cart. A page's cards
 * hydrate after the rest of it, one per task (a grid of 24 was most of the page's one long task).
 */
export function ProductCard(props: ProductCardProps) {
  return (
    <InTurn>
      <ProductCardBody {...props} />
    </InTurn>
  );
}

function ProductCardBody({
  product,
  productPath,
  currency,
  eager = false,
  onAddToCart,
  onQuickView,
  cartBusy = false,
  quantityInCart = 0,
  onSearchPage = false,
  addToOrder = false,
  noImageUrl = "/img/no-image.svg",
  layout = "grid",
}: ProductCardProps) {
  const href = `${productPath}/${product.handle}`;
  const [mainImage, setMainImage] = useState(product.imageUrl);
  // The hover thumbnails are a desktop pointer nicety: a phone's browser is not sent them.
  const mobileAgent = useMobileAgent();
  const [adding, setAdding] = useState(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setMainImage(product.imageUrl), [product.imageUrl]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const saved = product.availableForSale ? savings(product.price, product.compareAtPrice) : null;
  const thumbnails = (product.images ?? []).slice(0, MAX_THUMBNAILS);
  const disabled =
    adding ||
    !onAddToCart ||
    isCardAddToCartDisabled({
      cartBusy,
      availableForSale: product.availableForSale,
      // Without stock figures (older callers) the sale flag alone decides.
      availableQuantity: product.availableQuantity ?? Number.POSITIVE_INFINITY,
      bypassNegativeQuantity: product.bypassNegativeQuantity ?? false,
      quantityInCart,
      price: product.price,
      onSearchPage,
    });

  function hoverThumbnail(url: string) {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setMainImage(url), THUMBNAIL_HOVER_MS);
  }

  async function addToCart() {
    if (!onAddToCart || disabled) return;
    setAdding(true);
    try {
      await onAddToCart(product);
    } finally {
      setAdding(false);
    }
  }

  const image = mainImage ?? noImageUrl;
  const list = layout === "list";
  return (
    <article
      data-testid="product-card"
      className={`group/card relative flex h-full rounded-lg border border-line bg-white p-2 transition-shadow sm:p-3 hover:shadow-md ${
        list ? "flex-row gap-4" : "flex-col"
      }`}
    >
      <div className={list ? "w-32 shrink-0 sm:w-44" : ""}>
        <div className="relative">
          {/* The title link is the one announced; this one is a larger pointer target only. */}
          <Link
            to={href}
            tabIndex={-1}
            aria-hidden="true"
            className="block aspect-square overflow-hidden rounded-md bg-white"
            onContextMenu={onProductImageContextMenu}
          >
            <img
              src={imageUrlForWidth(image, CARD_IMAGE_SIZE)}
              srcSet={imageSrcSet(image)}
              sizes={CARD_IMAGE_SIZES}
              alt=""
              width={CARD_IMAGE_SIZE}
              height={CARD_IMAGE_SIZE}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              className="h-full w-full object-contain"
            />
          </Link>
          {!product.availableForSale ? (
            <span className="pointer-events-none absolute left-2 top-2 rounded bg-ink px-2 py-0.5 text-xs font-bold uppercase text-white">
              Sold out
            </span>
          ) : saved ? (
            <span className="tabular pointer-events-none absolute left-2 top-2 rounded bg-sale px-2 py-0.5 text-xs font-bold text-white">
              Save {saved.percent >= 1 ? `${saved.percent}%` : formatMoney(saved.amount, currency)}
            </span>
          ) : null}
          {product.isFeatured ? (
            <span className="pointer-events-none absolute bottom-2 left-2 rounded bg-aqua-100 px-2 py-0.5 text-xs font-semibold text-water-900">
              Featured
            </span>
          ) : null}
          {onQuickView ? (
            <div className="group/qv absolute bottom-2 right-2">
              <button
                type="button"
                onClick={() => onQuickView(product.handle)}
                aria-label={`Quick view: ${product.title}`}
                className="flex size-11 items-center justify-center rounded-full border border-line bg-white/95 text-water-900 shadow-sm hover:bg-aqua-100 desk:size-9"
              >
                <Search aria-hidden="true" size={18} />
              </button>
              {/* Tooltip: shows after 250 ms, hides after 400 ms; hover only, the button has its name. */}
              <span
                aria-hidden="true"
                className="pointer-events-none absolute bottom-full right-0 mb-1 whitespace-nowrap rounded bg-ink px-2 py-1 text-xs text-white opacity-0 transition-opacity delay-400 group-hover/qv:opacity-100 group-hover/qv:delay-250"
              >
                Quick view
              </span>
            </div>
          ) : null}
        </div>
        {mobileAgent ? null : thumbnails.length > 1 ? (
          // Hover previews are a pointer nicety on desktop; keyboard users get every image on the product page.
          <div className="mt-2 hidden gap-1 desk:flex" aria-hidden="true">
            {thumbnails.map((thumbnail) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only preview, hidden from assistive tech.
              <span
                key={thumbnail.id}
                onMouseEnter={() => hoverThumbnail(thumbnail.url)}
                onMouseLeave={() => clearTimeout(hoverTimer.current)}
                className={`block size-10 overflow-hidden rounded border bg-white ${
                  thumbnail.url === mainImage ? "border-aqua-500" : "border-line"
                }`}
              >
                <img
                  src={imageUrlForWidth(thumbnail.url, 80)}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-contain"
                />
              </span>
            ))}
          </div>
        ) : list ? null : (
          // The same height without thumbnails, so titles, prices and buttons line up along a grid row.
          <div className="mt-2 hidden h-10 desk:block" aria-hidden="true" />
        )}
      </div>
      <div className={`flex flex-1 flex-col ${list ? "" : "mt-3"}`}>
        {/* The link itself is clamped to two lines: its box then ends where the text does, and never lies
            over the brand link below (a hidden third line would). */}
        <h3 className="min-h-12 font-semibold leading-6 text-ink">
          <Link to={href} className="line-clamp-2 hover:text-aqua-600 hover:underline">
            {product.title}
          </Link>
        </h3>
        {/* 24 px tall (the title's 4 px margin is inside it): a touch target of WCAG 2.2's minimum size. */}
        {product.vendor ? (
          <Link
            to={`/searchresults.asp?v=${encodeURIComponent(product.vendor)}`}
            className="inline-flex min-h-6 items-center self-start text-sm text-aqua-600 hover:underline"
          >
            {product.vendor}
          </Link>
        ) : (
          <span className="h-6" />
        )}
        <StarRating rating={product.avgRating} count={product.totalReviews} className="mt-1" />
        <div className="mt-auto pt-2">
          <Price
            price={product.price}
            compareAtPrice={product.compareAtPrice}
            availableForSale={product.availableForSale}
            currency={currency}
          />
          {/* Two lines reserved in a grid: a narrow card wraps the in-stock text, and the buttons stay level. */}
          <p className={`text-sm ${list ? "" : "min-h-10"} ${product.availableForSale ? "text-stock" : "text-sale"}`}>
            {availabilityText(product.availableForSale)}
          </p>
          <button
            type="button"
            className="btn-primary mt-2 w-full gap-1.5 whitespace-nowrap px-2 text-sm sm:text-base"
            disabled={disabled}
            aria-busy={adding || undefined}
            onClick={addToCart}
          >
            {adding ? (
              <LoaderCircle aria-hidden="true" size={18} className="animate-spin motion-reduce:animate-none" />
            ) : (
              <ShoppingCart aria-hidden="true" size={18} />
            )}
            {addToOrder ? "Add to Order" : "Add to Cart"}
          </button>
        </div>
      </div>
    </article>
  );
}
