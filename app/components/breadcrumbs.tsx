import { ChevronRight } from "lucide-react";
import { Link, type MetaDescriptor } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  href?: string;
}

export const HOME_CRUMB: Crumb = { label: "Home", href: "/" };

/** Breadcrumbs always start with Home at '/'; a caller's own Home crumb is not repeated. */
export function withHome(items: readonly Crumb[]): Crumb[] {
  const rest = items[0]?.href === "/" ? items.slice(1) : items;
  return [HOME_CRUMB, ...rest];
}

/** 'Search for "{query}"' (search page). */
export function searchCrumbLabel(query: string): string {
  return `Search for "${query}"`;
}

function absoluteUrl(href: string, publicUrl: string): string {
  return new URL(href, publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`).toString();
}

/**
 * The BreadcrumbList structured data for a page's `meta` export,
 * e.g. `return [{ title }, breadcrumbJsonLd(crumbs, rootData.publicUrl, request url)]`. The current page's
 * crumb has no href, so its item is `currentUrl` when given (Google accepts a last item without one).
 */
export function breadcrumbJsonLd(items: readonly Crumb[], publicUrl: string, currentUrl?: string): MetaDescriptor {
  const crumbs = withHome(items);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((crumb, index) => {
        const href = crumb.href ?? (index === crumbs.length - 1 ? currentUrl : undefined);
        return {
          "@type": "ListItem",
          position: index + 1,
          name: crumb.label,
          ...(href ? { item: absoluteUrl(href, publicUrl) } : {}),
        };
      }),
    },
  };
}

export interface BreadcrumbsProps {
  /** The crumbs after Home; the last is the current page. */
  items: readonly Crumb[];
  className?: string;
}

export function Breadcrumbs({ items, className = "" }: BreadcrumbsProps) {
  const crumbs = withHome(items);
  return (
    <nav aria-label="Breadcrumb" className={`text-sm text-muted ${className}`}>
      {/* Phones: one line that scrolls sideways, instead of a stack of wrapped crumbs above the product. */}
      <ol className="flex items-center gap-y-1 whitespace-nowrap max-desk:overflow-x-auto desk:flex-wrap desk:whitespace-normal">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}|${crumb.href ?? ""}`} className="flex min-w-0 items-center max-desk:shrink-0">
              {index > 0 ? <ChevronRight aria-hidden="true" size={14} className="mx-1 shrink-0 text-line" /> : null}
              {crumb.href && !last ? (
                <Link
                  to={crumb.href}
                  className="inline-flex min-h-11 items-center text-aqua-600 hover:underline desk:min-h-0"
                >
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="truncate font-medium text-ink">
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
