// What a route change does, as pure rules the shell's effect applies.

export interface RouteLocation {
  pathname: string;
  search: string;
}

/** React Router's navigation types. */
export type NavigationKind = "POP" | "PUSH" | "REPLACE";

/**
 * Whether the location the shopper now sees is a page view: the first page, and every navigation to
 * another page. Not one: a REPLACE that only rewrites the query of the same page (a variant picked on
 * the product page, a filter synced to the URL), or a change of the hash alone.
 */
export function isPageView(previous: RouteLocation | null, next: RouteLocation, navigation: NavigationKind): boolean {
  if (previous === null) return true;
  if (previous.pathname !== next.pathname) return true;
  if (navigation === "REPLACE") return false;
  return previous.search !== next.search;
}

/**
 * Whether the window scrolls to the top: only for a new path. A changed query (the next page of a list)
 * keeps its own scrolling, and Back/Forward (POP) restore the position the shopper left.
 */
export function scrollsToTop(previous: RouteLocation | null, next: RouteLocation, navigation: NavigationKind): boolean {
  return previous !== null && previous.pathname !== next.pathname && navigation !== "POP";
}
