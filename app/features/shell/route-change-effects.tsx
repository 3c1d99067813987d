import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { ensureGtag, recordPageView } from "./analytics.ts";
import { isPageView, type RouteLocation, scrollsToTop } from "./route-change-rules.ts";

/**
 * Each route change scrolls to the top and records a page_view, by the rules of
 * route-change-rules.ts (only a new path scrolls; a query rewritten in place is no new page view).
 */
export function RouteChangeEffects({ gTagId }: { gTagId: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const last = useRef<RouteLocation | null>(null);

  useEffect(() => {
    ensureGtag(gTagId);
  }, [gTagId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (its key); the rest is read then.
  useEffect(() => {
    const previous = last.current;
    const next = { pathname: location.pathname, search: location.search };
    last.current = next;
    if (scrollsToTop(previous, next, navigationType)) {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    }
    if (!isPageView(previous, next, navigationType)) return;
    // After the commit the new page's <title> is in place.
    recordPageView(
      { path: `${location.pathname}${location.search}`, title: document.title, location: window.location.href },
      gTagId,
    );
  }, [location.key]);

  return null;
}
