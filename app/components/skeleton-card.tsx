/** Number of placeholder cards while a product list loads. */
export const SKELETON_CARD_COUNT = 8;

/**
 * A placeholder with the product card's final shape (image, two title lines, vendor, rating, price,
 * stock, button), so nothing moves when the real card arrives.
 */
export function SkeletonCard() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col rounded-lg border border-line bg-white p-3">
      <div className="skeleton aspect-square w-full rounded-md" />
      <div className="skeleton mt-3 h-4 w-11/12 rounded" />
      <div className="skeleton mt-2 h-4 w-2/3 rounded" />
      <div className="skeleton mt-3 h-3.5 w-1/3 rounded" />
      <div className="skeleton mt-2 h-3.5 w-1/2 rounded" />
      <div className="skeleton mt-4 h-6 w-1/3 rounded" />
      <div className="skeleton mt-2 h-3.5 w-2/3 rounded" />
      <div className="skeleton mt-3 h-11 w-full rounded-md" />
    </div>
  );
}

export interface SkeletonCardGridProps {
  count?: number;
  /** Announced once to screen readers; the cards themselves are hidden from them. */
  label?: string;
  className?: string;
}

export function SkeletonCardGrid({
  count = SKELETON_CARD_COUNT,
  label = "Loading products…",
  className = "grid grid-cols-2 gap-3 sm:grid-cols-3 desk:grid-cols-4 desk:gap-4",
}: SkeletonCardGridProps) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className={className}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <SkeletonCard key={index} />
        ))}
      </div>
    </div>
  );
}
