// Customer reviews below the product, fetched when the block first shows (loaded lazily).
import { BadgeCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { reviewCountText, roundedStars } from "../../../shared/price-display.ts";
import { StarRating } from "../../components/star-rating.tsx";
import { formatShortUtcDate } from "../../lib/format-date.ts";
import type { ProductReview } from "./product-data.server.ts";
import { ReviewForm } from "./review-form.tsx";

type State = { status: "loading" } | { status: "loaded"; reviews: ProductReview[] } | { status: "error" };

/** Reviews shown before 'Show all reviews'. */
const FIRST_REVIEWS = 6;

export function ProductReviews({
  productId,
  productTitle,
  handle,
  avgRating,
  totalReviews,
}: {
  productId: number;
  productTitle: string;
  handle: string;
  avgRating: number;
  totalReviews: number;
}) {
  return (
    <div className="space-y-6">
      <ReviewList handle={handle} avgRating={avgRating} totalReviews={totalReviews} />
      <ReviewForm productId={productId} productTitle={productTitle} />
    </div>
  );
}

function ReviewList({ handle, avgRating, totalReviews }: { handle: string; avgRating: number; totalReviews: number }) {
  const [state, setState] = useState<State>(() =>
    totalReviews > 0 ? { status: "loading" } : { status: "loaded", reviews: [] },
  );
  const [showAll, setShowAll] = useState(false);
  useEffect(() => {
    if (totalReviews <= 0) return;
    const controller = new AbortController();
    fetch(`/api/products/handle/${encodeURIComponent(handle)}`, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((body: { product?: { Reviews?: ProductReview[] } }) =>
        setState({ status: "loaded", reviews: body.product?.Reviews ?? [] }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [handle, totalReviews]);

  if (totalReviews <= 0) {
    return <p className="text-muted">No reviews yet. Bought this part? Tell other pool owners how it went.</p>;
  }
  if (state.status === "loading") {
    return (
      <p role="status" className="text-muted">
        Loading reviews...
      </p>
    );
  }
  if (state.status === "error") {
    return <p className="text-muted">Reviews could not be loaded right now. Please try again later.</p>;
  }
  const reviews = state.reviews;
  const histogram = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count: reviews.filter((review) => roundedStars(review.starsRating) === stars).length,
  }));
  const shown = showAll ? reviews : reviews.slice(0, FIRST_REVIEWS);
  return (
    <div className="grid gap-6 desk:grid-cols-[260px_1fr]">
      <div className="self-start rounded-lg border border-line bg-surface p-4">
        <p className="tabular text-4xl font-extrabold text-water-900">{avgRating.toFixed(1)}</p>
        <StarRating rating={avgRating} size={18} />
        <p className="mt-1 text-sm text-muted">{reviewCountText(totalReviews)}</p>
        <ul className="mt-3 space-y-1" aria-label="Ratings of the latest reviews">
          {histogram.map((row) => (
            <li key={row.stars} className="flex items-center gap-2 text-sm">
              <span className="tabular w-12 text-muted">{row.stars} star</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-line" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-star"
                  style={{ width: `${reviews.length ? (row.count / reviews.length) * 100 : 0}%` }}
                />
              </span>
              <span className="tabular w-8 text-right text-muted">{row.count}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <ul className="divide-y divide-line">
          {shown.map((review) => (
            <li key={review.id} className="py-4 first:pt-0">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <StarRating rating={review.starsRating} />
                {review.title ? <h3 className="font-semibold text-ink">{review.title}</h3> : null}
              </div>
              {review.body ? <p className="mt-1 whitespace-pre-line text-ink">{review.body}</p> : null}
              <p className="mt-1 text-sm text-muted">
                {review.author} · <time dateTime={review.createdAt}>{formatShortUtcDate(review.createdAt)}</time>
                {review.verifiedPurchase ? (
                  <span className="ml-2 inline-flex items-center gap-1 font-semibold text-stock">
                    <BadgeCheck aria-hidden="true" size={16} /> Verified purchase
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
        {reviews.length > FIRST_REVIEWS ? (
          <button type="button" className="btn-secondary mt-2" onClick={() => setShowAll((value) => !value)}>
            {showAll ? "Show fewer reviews" : `Show all ${reviews.length} reviews`}
          </button>
        ) : null}
      </div>
    </div>
  );
}
