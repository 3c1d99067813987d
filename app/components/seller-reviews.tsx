import { BadgeCheck, ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useMobileMode } from "../features/shell/use-mobile-mode.ts";
import { shouldAutoAdvance } from "./auto-advance.ts";
import { useLazyEmbla } from "./lazy-embla.ts";
import { type SellerReview, SellerReviewCard } from "./seller-reviews-card.tsx";
import { Notice } from "./ui/notice.tsx";
import { useOnScreen } from "./use-on-screen.ts";
import { usePrefersReducedMotion } from "./use-reduced-motion.ts";

// 6 reviews fetched and tripled for the loop; 300 px cards, 3 visible
// on desktop and 1 on mobile; auto-advance every 3.5 s; a swipe of more than 50 px moves; 200 ms moves.
export const SELLER_REVIEWS_LIMIT = 6;
export const SELLER_REVIEWS_COPIES = 3;
export const SELLER_REVIEWS_INTERVAL_MS = 3500;
export const SELLER_REVIEWS_SWIPE_PX = 50;
export const SELLER_REVIEWS_CARD_PX = 300;
/**
 * Embla's move speed (a 60 Hz spring with friction, not milliseconds): at 16 a move covers 90 % of its
 * way in about 230 ms and overshoots by 2 px at most; the spec's 200 ms transition is as close as Embla's
 * integrator gets without a visible bounce (12 would be quicker but overshoots by 10 px).
 */
export const SELLER_REVIEWS_EMBLA_DURATION = 16;

export type { SellerReview };

export interface SellerReviewsProps {
  /** Reviews from the page's loader; without them they are fetched (GET /api/reviews/siteReviews/). */
  reviews?: readonly SellerReview[];
  /** The review provider's page; defaults to the store config's reviewsUrl. */
  reviewsUrl?: string;
  className?: string;
  /** Inside a page that already has the content width: no container of its own. */
  contained?: boolean;
}

/** The loop's slides: the list three times, the copies marked so assistive technology skips them. */
export function loopSlides<T>(items: readonly T[]): { item: T; copy: boolean; index: number }[] {
  return Array.from({ length: SELLER_REVIEWS_COPIES }, (_, round) =>
    items.map((item, index) => ({ item, copy: round > 0, index })),
  ).flat();
}

const NO_ORIGINS: readonly string[] = [];

export const PROVIDER_BADGE_TEXT = "Verified seller reviews";

/**
 * The review provider's seal (store config sealId) when there is one and it loads; otherwise the store's
 * own badge. An image that fails before hydration is caught by checking it once mounted.
 */
export function ProviderBadge({ sealUrl }: { sealUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  if (sealUrl && !failed) {
    return (
      <img
        ref={image}
        src={sealUrl}
        alt={PROVIDER_BADGE_TEXT}
        width={120}
        height={36}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer-when-downgrade"
        onError={() => setFailed(true)}
        className="h-9 w-auto"
        data-testid="review-seal"
      />
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-stock/30 bg-green-50 px-3 py-1 text-xs font-bold text-stock">
      <BadgeCheck aria-hidden="true" size={16} />
      {PROVIDER_BADGE_TEXT}
    </span>
  );
}

function useSellerReviews(given: readonly SellerReview[] | undefined) {
  const [state, setState] = useState<{ reviews: readonly SellerReview[] | null; error: string | null }>({
    reviews: given ?? null,
    error: null,
  });
  useEffect(() => {
    if (given) {
      setState({ reviews: given, error: null });
      return;
    }
    const controller = new AbortController();
    fetch(`/api/reviews/siteReviews/?limit=${SELLER_REVIEWS_LIMIT}&page=0`, {
      headers: { accept: "application/json" },
      signal: controller.signal,
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { siteReviews?: SellerReview[]; error?: string };
        if (!response.ok || !body.siteReviews) throw new Error(body.error ?? `HTTP ${response.status}`);
        setState({ reviews: body.siteReviews, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ reviews: null, error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [given]);
  return state;
}

/** A swipe of SELLER_REVIEWS_SWIPE_PX moves, whatever the carousel's width. */
function reviewsSwipeShare(width: number): number {
  return SELLER_REVIEWS_SWIPE_PX / Math.max(width, 1);
}

const controlButton =
  "flex size-11 items-center justify-center rounded-full border border-line bg-white text-water-900 shadow-sm hover:border-aqua-500";

/**
 * The SELLER REVIEWS carousel. Embla does the dragging and the endless loop; it pauses while
 * pointed at or focused, has a pause button, and does not move by itself for visitors who prefer
 * reduced motion.
 */
export function SellerReviews({
  reviews: given,
  reviewsUrl: givenUrl,
  className = "",
  contained = true,
}: SellerReviewsProps) {
  const root = useRouteLoaderData("root") as
    | { shell?: { reviewsUrl?: string; sealUrl?: string | null; reviewImageOrigins?: string[] } }
    | undefined;
  const avatarOrigins = root?.shell?.reviewImageOrigins ?? NO_ORIGINS;
  const reviewsUrl = givenUrl ?? root?.shell?.reviewsUrl ?? "";
  const sealUrl = root?.shell?.sealUrl ?? null;
  const { reviews, error } = useSellerReviews(given);
  const headingId = useId();
  const mobile = useMobileMode();
  const reducedMotion = usePrefersReducedMotion();
  const options = useMemo(
    () => ({ loop: true, align: "start", duration: reducedMotion ? 0 : SELLER_REVIEWS_EMBLA_DURATION }) as const,
    [reducedMotion],
  );
  // Embla's code comes when the reviews near the screen (or with the first arrow click); they start
  // moving by themselves from then on. The swipe rule is in pixels, the swipe helper takes a share.
  const [viewportRef, api, run] = useLazyEmbla(options, { swipeShare: reviewsSwipeShare });
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const section = useRef<HTMLElement>(null);
  // Scrolled away from, it stops moving; back in view, a full interval starts again.
  const onScreen = useOnScreen(section);

  const count = reviews?.length ?? 0;
  const autoAdvance = shouldAutoAdvance({ slideCount: count, playing, hovered, focused, reducedMotion, onScreen });
  useEffect(() => {
    if (!api || !autoAdvance) return;
    let timer = setTimeout(advance, SELLER_REVIEWS_INTERVAL_MS);
    function advance() {
      if (document.visibilityState === "visible") api?.scrollNext();
      else restart();
    }
    function restart() {
      clearTimeout(timer);
      timer = setTimeout(advance, SELLER_REVIEWS_INTERVAL_MS);
    }
    api.on("select", restart);
    api.on("pointerDown", restart);
    return () => {
      clearTimeout(timer);
      api.off("select", restart);
      api.off("pointerDown", restart);
    };
  }, [api, autoAdvance]);

  const slideBasis = mobile ? "basis-full" : "basis-full desk:basis-[316px]";
  let body: React.ReactNode;
  if (error) {
    body = <Notice tone="danger">Could not load the seller reviews: {error}</Notice>;
  } else if (!reviews) {
    body = (
      <div className="mx-auto grid max-w-[932px] gap-4 desk:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className={`skeleton h-48 rounded-lg ${index > 0 ? "hidden desk:block" : ""}`} />
        ))}
        <span className="sr-only">Loading seller reviews...</span>
      </div>
    );
  } else if (count === 0) {
    body = <p className="text-center text-muted">No seller reviews yet.</p>;
  } else {
    body = (
      // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the rotation; buttons are the controls.
      <div
        className="relative mx-auto max-w-[932px]"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {/* Positioned, so the cards' screen-reader texts (absolutely positioned) are clipped with the slides
            before Embla takes over; otherwise the off-screen copies widen the page. */}
        <div ref={viewportRef} className="relative touch-pan-y overflow-hidden" data-testid="seller-reviews-viewport">
          <div className="-ml-4 flex" aria-live={autoAdvance ? "off" : "polite"}>
            {loopSlides(reviews).map(({ item, copy, index }, position) =>
              copy ? (
                // Copies only make the loop endless: hidden from assistive technology and the tab order.
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the tripled list never reorders.
                  key={position}
                  aria-hidden="true"
                  inert
                  className={`min-w-0 shrink-0 grow-0 pl-4 ${slideBasis}`}
                >
                  <SellerReviewCard review={item} reviewsUrl={reviewsUrl} avatarOrigins={avatarOrigins} />
                </div>
              ) : (
                // biome-ignore lint/a11y/useSemanticElements: WAI carousel pattern: a slide is a group with a role description.
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the tripled list never reorders.
                  key={position}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${count}`}
                  data-testid="seller-review"
                  className={`min-w-0 shrink-0 grow-0 pl-4 ${slideBasis}`}
                >
                  <SellerReviewCard review={item} reviewsUrl={reviewsUrl} avatarOrigins={avatarOrigins} />
                </div>
              ),
            )}
          </div>
        </div>
        {count > 1 ? (
          <div className="mt-4 flex items-center justify-center gap-2">
            <button
              type="button"
              onClick={() => run((carousel) => carousel.scrollPrev())}
              aria-label="Previous review"
              className={controlButton}
            >
              <ChevronLeft aria-hidden="true" size={20} />
            </button>
            {reducedMotion ? null : (
              <button
                type="button"
                onClick={() => setPlaying((value) => !value)}
                aria-label={playing ? "Pause seller reviews" : "Play seller reviews"}
                className={controlButton}
              >
                {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
              </button>
            )}
            <button
              type="button"
              onClick={() => run((carousel) => carousel.scrollNext())}
              aria-label="Next review"
              className={controlButton}
            >
              <ChevronRight aria-hidden="true" size={20} />
            </button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      className={`${contained ? "container-store " : ""}py-10 ${className}`}
      data-testid="seller-reviews"
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-extrabold tracking-wide text-water-900">
            SELLER REVIEWS
          </h2>
          <ProviderBadge sealUrl={sealUrl} />
        </div>
        {reviewsUrl ? (
          <a
            href={reviewsUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center font-semibold text-aqua-600 hover:underline"
          >
            See more reviews »<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {body}
    </section>
  );
}
