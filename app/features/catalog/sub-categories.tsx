// Child categories of the category page: only the level-2 entries of the hierarchy, 8 shown
// with a MORE / LESS toggle; the 'SUB CATEGORIES' headline shows on phones (desktop has the tree beside).
import { useState } from "react";
import { Link } from "react-router";

/** Child categories shown before MORE. */
export const SUB_CATEGORIES_SHOWN = 8;

export interface SubCategory {
  id: number;
  title: string;
  handle: string;
  imageUrl: string | null;
  productCount: number;
}

/** The children on screen: the first 8 until MORE, all of them after. */
export function visibleSubCategories<T>(categories: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? categories : categories.slice(0, SUB_CATEGORIES_SHOWN);
}

export function SubCategories({
  categories,
  collectionPath,
  initiallyExpanded = false,
}: {
  categories: readonly SubCategory[];
  collectionPath: string;
  /** Start with every child shown (LESS offered). */
  initiallyExpanded?: boolean;
}) {
  const [expanded, setExpanded] = useState(initiallyExpanded);
  if (categories.length === 0) return null;
  const shown = visibleSubCategories(categories, expanded);
  return (
    <section aria-labelledby="sub-categories" className="mt-6">
      <h2 id="sub-categories" className="mb-3 text-sm font-bold tracking-wider text-water-900 desk:sr-only">
        SUB CATEGORIES
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {shown.map((category) => (
          <li key={category.id}>
            <Link
              to={`${collectionPath}/${category.handle}`}
              className="group flex h-full min-h-14 items-center gap-3 rounded-lg border border-line bg-white p-2 px-3 hover:border-aqua-500 hover:shadow-sm"
            >
              {category.imageUrl ? (
                <img
                  src={category.imageUrl}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                  className="size-12 shrink-0 object-contain desk:size-14"
                />
              ) : null}
              <span className="min-w-0 text-sm leading-tight">
                <span className="line-clamp-2 font-semibold text-water-900 group-hover:text-aqua-600">
                  {category.title}
                </span>
                {category.productCount > 0 ? (
                  <span className="tabular text-xs text-muted">{category.productCount} parts</span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {categories.length > SUB_CATEGORIES_SHOWN ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          className="mt-2 min-h-11 text-sm font-bold tracking-wide text-aqua-600 hover:underline desk:min-h-8"
        >
          {expanded ? "LESS" : "MORE"}
        </button>
      ) : null}
    </section>
  );
}
