import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** The address of page `page` of a list: page 0 has no `?page=`, so it has one canonical URL. */
export function pagedPath(path: string, page: number): string {
  return page > 0 ? `${path}${path.includes("?") ? "&" : "?"}page=${page}` : path;
}

const base =
  "inline-flex min-h-11 min-w-24 items-center justify-center gap-1 rounded-md border px-4 text-sm font-semibold";
const active = `${base} border-water-800 text-water-900 hover:bg-surface`;
const inactive = `${base} cursor-not-allowed border-line bg-surface text-muted opacity-60`;

/** Prev / Next paging for the plain lists (brands, blog, questions, indexes); pages count from 0. */
export function PrevNextNav({
  page,
  totalPages,
  hrefFor,
  label = "Pages",
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const hasPrev = page > 0;
  const hasNext = page < totalPages - 1;
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {hasPrev ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={active}>
          <ChevronLeft aria-hidden="true" size={16} /> Prev
        </Link>
      ) : (
        <span aria-disabled="true" className={inactive}>
          <ChevronLeft aria-hidden="true" size={16} /> Prev
        </span>
      )}
      <p className="tabular text-sm text-muted">
        Page {page + 1} of {totalPages}
      </p>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} rel="next" className={active}>
          Next <ChevronRight aria-hidden="true" size={16} />
        </Link>
      ) : (
        <span aria-disabled="true" className={inactive}>
          Next <ChevronRight aria-hidden="true" size={16} />
        </span>
      )}
    </nav>
  );
}
