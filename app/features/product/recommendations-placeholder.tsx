import { SkeletonCard } from "../../components/skeleton-card.tsx";

export const RECOMMENDATIONS_TITLE = "You May Also Need";

/** The block before it loads (skeleton cards of the final shape), or when nothing is related. */
export function RecommendationsPlaceholder({ empty = false }: { empty?: boolean }) {
  return (
    <div>
      <h2 className="mb-3 text-xl font-extrabold text-water-900 desk:text-2xl">{RECOMMENDATIONS_TITLE}</h2>
      {empty ? (
        <p className="text-muted">No related parts to show yet.</p>
      ) : (
        <div aria-hidden="true" className="grid grid-cols-2 gap-3 desk:grid-cols-5 desk:gap-4">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={index} className={index >= 2 ? "hidden desk:block" : ""}>
              <SkeletonCard />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
