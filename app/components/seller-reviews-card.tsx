import { Quote } from "lucide-react";
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

/** Only same-site avatars: the content policy blocks images from elsewhere, and a broken image helps no one. */
function usableAvatar(url: string | null): string | null {
  return url && (url.startsWith("/") || url.startsWith("data:image/")) && !url.startsWith("//") ? url : null;
}

/** One seller review: message (or 'No feedback given.'), name, stars, avatar; links to the review page. */
export function SellerReviewCard({ review, reviewsUrl }: { review: SellerReview; reviewsUrl: string }) {
  const href = review.url || reviewsUrl;
  const avatar = usableAvatar(review.avatarUrl);
  const body = (
    <>
      <Quote aria-hidden="true" size={20} className="text-aqua-500" />
      <p className={`mt-2 line-clamp-4 flex-1 ${review.message ? "text-ink" : "italic text-muted"}`}>
        {review.message || "No feedback given."}
      </p>
      <div className="mt-4 flex items-center gap-3">
        {avatar ? (
          <img
            src={avatar}
            alt=""
            width={40}
            height={40}
            loading="lazy"
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
