import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useMobileMode } from "../features/shell/use-mobile-mode.ts";
import { type EmblaOptions, useLazyEmbla } from "./lazy-embla.ts";
import { ProductCard, type ProductCardData, type ProductCardProps } from "./product-card.tsx";

/** 2 per view and step 2 on phones, 5 and 5 on desktop (≥ 993 px), items about 250 px wide. */
export const CAROUSEL_OPTIONS = {
  loop: true,
  align: "start",
  slidesToScroll: 2,
  breakpoints: { "(min-width: 993px)": { slidesToScroll: 5 } },
} as const;

export interface FeaturedBanner {
  /** themeConfig.featuredProducts.url */
  url: string;
  bannerUrl: string;
}

export interface ProductCarouselProps
  extends Pick<ProductCardProps, "productPath" | "currency" | "onAddToCart" | "onQuickView" | "cartBusy"> {
  title: string;
  products: readonly ProductCardData[];
  /** A first tile linking to the featured products (theme config featuredProducts). */
  featuredBanner?: FeaturedBanner | null;
  /** "history": recently viewed, with a remove button per item. */
  mode?: "default" | "history";
  onRemove?: (productId: number) => void;
  /** Units of a product already in the cart (for the Add to Cart rule). */
  quantityInCart?: (product: ProductCardData) => number;
  headingLevel?: 2 | 3;
  /** Cards per view on desktop: 5 across the full width, 4 beside a sidebar (~250 px each either way). */
  desktopPerView?: 4 | 5;
  className?: string;
}

const arrowButton =
  "flex size-11 items-center justify-center rounded-full border border-line bg-white text-water-900 shadow-sm hover:bg-aqua-100 disabled:opacity-40";

/** Wraps round at the ends; swipe, drag, arrows and keyboard focus all move it. */
export function ProductCarousel({
  title,
  products,
  featuredBanner,
  mode = "default",
  onRemove,
  quantityInCart,
  headingLevel = 2,
  desktopPerView = 5,
  className = "",
  ...cardProps
}: ProductCarouselProps) {
  // Mobile mode (narrow window or a phone's user agent) steps by 2, matching the CSS's phone layout.
  const mobile = useMobileMode();
  const options = useMemo(
    (): EmblaOptions => ({
      ...CAROUSEL_OPTIONS,
      breakpoints: mobile ? {} : { "(min-width: 993px)": { slidesToScroll: desktopPerView } },
    }),
    [mobile, desktopPerView],
  );
  // Embla's code comes with the shopper's first touch, pointer or focus on the strip, or the first arrow
  // click: a page with a carousel settles without it.
  const [viewportRef, api, run] = useLazyEmbla(options, { start: "use" });
  // Until Embla has measured the strip: whether there are more slides than fit (2 on a phone).
  const [measured, setScrollable] = useState<boolean | null>(null);

  const update = useCallback(() => {
    if (api) setScrollable(api.canScrollNext() || api.canScrollPrev());
  }, [api]);
  useEffect(() => {
    if (!api) return;
    update();
    api.on("reInit", update);
    api.on("resize", update);
    return () => {
      api.off("reInit", update);
      api.off("resize", update);
    };
  }, [api, update]);

  if (products.length === 0 && !featuredBanner) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `carousel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const total = products.length + (featuredBanner ? 1 : 0);
  const scrollable = measured ?? total > (mobile ? 2 : desktopPerView);
  const slide = `min-w-0 shrink-0 grow-0 basis-1/2 pl-3 desk:pl-4 ${desktopPerView === 4 ? "desk:basis-1/4" : "desk:basis-1/5"}`;

  return (
    <section aria-roledescription="carousel" aria-labelledby={headingId} className={className}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <Heading id={headingId} className="text-xl font-extrabold text-water-900 desk:text-2xl">
          {title}
        </Heading>
        {scrollable ? (
          <div className="flex gap-2">
            <button
              type="button"
              className={arrowButton}
              onClick={() => run((carousel) => carousel.scrollPrev())}
              aria-label={`Previous ${title}`}
            >
              <ChevronLeft aria-hidden="true" size={20} />
            </button>
            <button
              type="button"
              className={arrowButton}
              onClick={() => run((carousel) => carousel.scrollNext())}
              aria-label={`Next ${title}`}
            >
              <ChevronRight aria-hidden="true" size={20} />
            </button>
          </div>
        ) : null}
      </div>
      {/* pan-y: vertical page scrolling stays with the browser, horizontal drags go to Embla. */}
      <div ref={viewportRef} className="touch-pan-y overflow-hidden">
        <div className="-ml-3 flex desk:-ml-4">
          {featuredBanner ? (
            // biome-ignore lint/a11y/useSemanticElements: WAI carousel pattern: a slide is a group with a role description.
            <div className={slide} role="group" aria-roledescription="slide" aria-label={`1 of ${total}`}>
              <Link
                to={featuredBanner.url}
                className="block h-full overflow-hidden rounded-lg border border-line bg-surface"
              >
                <img
                  src={featuredBanner.bannerUrl}
                  alt="Featured products: see them all"
                  width={250}
                  height={500}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </Link>
            </div>
          ) : null}
          {products.map((product, index) => (
            // biome-ignore lint/a11y/useSemanticElements: WAI carousel pattern: a slide is a group with a role description.
            <div
              key={product.id}
              className={`${slide} flex flex-col`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1 + (featuredBanner ? 1 : 0)} of ${total}`}
            >
              <div className="flex-1">
                <ProductCard product={product} quantityInCart={quantityInCart?.(product)} {...cardProps} />
              </div>
              {mode === "history" && onRemove ? (
                <button
                  type="button"
                  onClick={() => onRemove(product.id)}
                  aria-label={`Remove ${product.title} from history`}
                  className="mt-1 flex min-h-11 w-full items-center justify-center gap-1 rounded-md text-sm text-muted hover:bg-surface hover:text-sale desk:min-h-8"
                >
                  <X aria-hidden="true" size={16} />
                  Remove
                </button>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
