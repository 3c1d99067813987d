import { Quote } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isUsableAvatar } from "../../shared/review-seal.ts";
import { StarRating } from "./star-rating.tsx";

export interface SellerReview {
  id: number;
  url: string | null;
  message: string | null;
  name: string;
  stars: number;
  avatarUrl: string | null;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return (letters.slice(0, 2).join("") || "?").replace(/[^\p{L}\p{N}]/gu, "") || "?";
}

/** One seller review: message (or 'No feedback given.'), name, stars, avatar; links to the review page. */
export function SellerReviewCard({
  review,
  reviewsUrl,
  avatarOrigins = [],
}: {
  review: SellerReview;
  reviewsUrl: string;
  /** The review provider's image hosts (store config): their avatars are shown, others are not loaded. */
  avatarOrigins?: readonly string[];
}) {
  const href = review.url || reviewsUrl;
  // An avatar that does not load (the provider removed it) gives way to the initials.
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An error before hydration fires no handler: look once mounted.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  const avatar = !failed && isUsableAvatar(review.avatarUrl, avatarOrigins) ? review.avatarUrl : null;
  const body = (
    <>
      <Quote aria-hidden="true" size={20} className="text-aqua-500" />
      <p className={`mt-2 line-clamp-4 flex-1 ${review.message ? "text-ink" : "italic text-muted"}`}>
        {review.message || "No feedback given."}
      </p>
      <div className="mt-4 flex items-center gap-3">
        {avatar ? (
          <img
            ref={image}
            src={avatar}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            onError={() => setFailed(true)}
            className="size-10 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-water-900 text-sm font-bold text-white"
          >
            {initials(review.name)}
          </span>
        )}
        <span className="min-w-0">
          <span className="block truncate font-semibold text-water-900">{review.name}</span>
          <StarRating rating={review.stars} size={14} />
        </span>
      </div>
    </>
  );
  const box = "flex h-full min-h-48 flex-col rounded-lg border border-line bg-white p-4 text-sm shadow-sm";
  return href ? (
    <a href={href} target="_blank" rel="noopener" className={`${box} hover:border-aqua-500 hover:shadow-md`}>
      {body}
      <span className="sr-only">(opens the review page in a new tab)</span>
    </a>
  ) : (
    <div className={box}>{body}</div>
  );
}
