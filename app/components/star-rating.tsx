import { MAX_STARS, reviewCountText, roundedStars } from "../../shared/price-display.ts";

export interface StarRatingProps {
  /** Average rating, 0..5; rounded to whole stars for display. */
  rating: number;
  /** Number of reviews; when given, 'No reviews' / '1 review' / 'N reviews' follows the stars. */
  count?: number;
  size?: number;
  className?: string;
}

const STAR_POINTS = "12,2 15.09,8.26 22,9.27 17,14.14 18.18,21.02 12,17.77 5.82,21.02 7,14.14 2,9.27 8.91,8.26";

/** One star as a background tile; repeated along the row it draws five. */
function starTile(color: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><polygon fill='${color}' points='${STAR_POINTS}'/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

// The design tokens --color-star and --color-line; a data URI cannot read CSS variables.
const FILLED = starTile("#f59e0b");
const EMPTY = starTile("#dde3ea");

/**
 * Five stars, the average rounded. One image for screen readers, not five, and two elements
 * in the page instead of five SVGs: a listing of 36 cards would otherwise carry 180 of them.
 */
export function StarRating({ rating, count, size = 14, className = "" }: StarRatingProps) {
  const stars = roundedStars(rating);
  const tile = `${size}px ${size}px`;
  return (
    <span className={`inline-flex items-center gap-1 text-sm text-muted ${className}`}>
      <span
        role="img"
        aria-label={`Rated ${stars} out of ${MAX_STARS}`}
        className="relative inline-block shrink-0"
        style={{
          width: size * MAX_STARS,
          height: size,
          backgroundImage: EMPTY,
          backgroundSize: tile,
          backgroundRepeat: "repeat-x",
        }}
      >
        <span
          className="absolute inset-y-0 left-0"
          style={{ width: size * stars, backgroundImage: FILLED, backgroundSize: tile, backgroundRepeat: "repeat-x" }}
        />
      </span>
      {count === undefined ? null : <span>{reviewCountText(count)}</span>}
    </span>
  );
}
