import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { ensureGtag, recordPageView } from "./analytics.ts";

/**
 * Spec §2 "Shell": each route change scrolls to the top and records a page_view. Only a new path scrolls:
 * a changed query (the next page of a list) keeps its own scrolling, and Back/Forward restore the
 * position the shopper left (React Router's ScrollRestoration).
 */
export function RouteChangeEffects({ gTagId }: { gTagId: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    ensureGtag(gTagId);
  }, [gTagId]);

  useEffect(() => {
    const previous = lastPath.current;
    lastPath.current = location.pathname;
    if (previous !== null && previous !== location.pathname && navigationType !== "POP") {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    }
    // After the commit the new page's <title> is in place.
    recordPageView(
      { path: `${location.pathname}${location.search}`, title: document.title, location: window.location.href },
      gTagId,
    );
  }, [location.pathname, location.search, navigationType, gTagId]);

  return null;
}
