import type { MouseEvent, ReactNode } from "react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { isValidPage, pageHref, pageWindow, rangeSummary, scrollTopAfterPageChange } from "../../shared/pagination.ts";

export interface PaginationControlsProps {
  /** 0-based current page. */
  page: number;
  totalPages: number;
  totalObjects: number;
  limit: number;
  /** Plural noun for the summary: 'Showing X - Y of N {resource}.' */
  resource?: string;
  /** Prev/Next around the numbered buttons (optional). */
  showPrevNext?: boolean;
  /** The separate Back/Next pair. */
  showBackNext?: boolean;
  showSummary?: boolean;
  /**
   * Called instead of navigating when given (a page that keeps its page in state). Without it the
   * links navigate to `?page=N`, which also works before the JavaScript loads.
   */
  onPageChange?: (page: number) => void;
  /** The URL of a page; defaults to the current URL with `page` set. */
  hrefForPage?: (page: number) => string;
  /** Id of the element to bring into view (minus 250 px) after a page change; the page top otherwise. */
  scrollTargetId?: string;
  /** Pages with two controls (top and bottom) let one of them scroll. */
  scrollOnChange?: boolean;
  label?: string;
  className?: string;
}

const pageButton =
  "tabular inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-2 text-sm font-semibold desk:min-h-9 desk:min-w-9";
const idle = `${pageButton} border-line bg-white text-water-900 hover:border-aqua-500 hover:bg-aqua-100`;
const current = `${pageButton} border-water-900 bg-water-900 text-white`;
const unavailable = `${pageButton} cursor-not-allowed border-line bg-surface text-muted opacity-60`;
const pairBase =
  "inline-flex min-h-11 min-w-20 items-center justify-center rounded-md border px-4 text-sm font-semibold";
const pairButton = `${pairBase} border-water-800 text-water-900 hover:bg-surface`;
const pairUnavailable = `${pairBase} cursor-not-allowed border-line bg-surface text-muted opacity-60`;

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** Numbered page buttons with the page count; out-of-range pages are ignored. */
export function PaginationControls({
  page,
  totalPages,
  totalObjects,
  limit,
  resource = "products",
  showPrevNext = false,
  showBackNext = true,
  showSummary = true,
  onPageChange,
  hrefForPage,
  scrollTargetId,
  scrollOnChange = true,
  label = "Pagination",
  className = "",
}: PaginationControlsProps) {
  const location = useLocation();
  const href = hrefForPage ?? ((target: number) => pageHref(location.pathname, location.search, target));
  const previousPage = useRef(page);

  // Scroll once the new page is in (the effect runs after the list re-renders), whichever way it changed.
  useEffect(() => {
    if (previousPage.current === page) return;
    previousPage.current = page;
    if (!scrollOnChange) return;
    const target = scrollTargetId ? document.getElementById(scrollTargetId) : null;
    const top = target ? target.getBoundingClientRect().top + window.scrollY : 0;
    window.scrollTo({
      top: scrollTopAfterPageChange(top),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  }, [page, scrollOnChange, scrollTargetId]);

  function go(target: number, event: MouseEvent<HTMLAnchorElement>) {
    if (!onPageChange) return;
    event.preventDefault();
    // Out-of-range page numbers are ignored.
    if (isValidPage(target, totalPages) && target !== page) onPageChange(target);
  }

  function pageLink(target: number, content: ReactNode, style: "number" | "pair") {
    if (!isValidPage(target, totalPages) || target === page) {
      return (
        <button type="button" disabled className={style === "pair" ? pairUnavailable : unavailable}>
          {content}
        </button>
      );
    }
    return (
      <Link
        to={href(target)}
        preventScrollReset
        onClick={(event) => go(target, event)}
        className={style === "pair" ? pairButton : idle}
      >
        {content}
      </Link>
    );
  }

  const entries = pageWindow(page, totalPages);
  const hasPages = totalPages > 1;
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      {showSummary ? (
        <p className="tabular text-sm text-muted">{rangeSummary({ page, limit, totalObjects, resource })}</p>
      ) : null}
      {hasPages ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="mr-1 text-sm font-semibold text-ink">Pages:</span>
          <ul className="flex flex-wrap items-center gap-1.5">
            {showPrevNext ? <li>{pageLink(page - 1, "Prev", "number")}</li> : null}
            {entries.map((entry) =>
              entry.kind === "gap" ? (
                <li key={`gap-${entry.after}`} aria-hidden="true" className="px-1 text-muted">
                  …
                </li>
              ) : (
                <li key={entry.page}>
                  {entry.page === page ? (
                    <span aria-current="page" className={current}>
                      <span className="sr-only">Page </span>
                      {entry.page + 1}
                    </span>
                  ) : (
                    pageLink(
                      entry.page,
                      <>
                        <span className="sr-only">Page </span>
                        {entry.page + 1}
                      </>,
                      "number",
                    )
                  )}
                </li>
              ),
            )}
            {showPrevNext ? <li>{pageLink(page + 1, "Next", "number")}</li> : null}
          </ul>
        </div>
      ) : null}
      {hasPages && showBackNext ? (
        <div className="flex gap-2">
          {pageLink(page - 1, "Back", "pair")}
          {pageLink(page + 1, "Next", "pair")}
        </div>
      ) : null}
    </nav>
  );
}
