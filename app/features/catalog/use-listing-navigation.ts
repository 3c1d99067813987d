import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { listingHref, type ParamChanges } from "./listing-query.ts";

/** The results page loads 400 ms after the last change. */
export const RESULTS_DEBOUNCE_MS = 400;

/**
 * Filter changes of a listing page. The URL is the state: each change writes the query string and the
 * route's loader renders the new list. With a debounce, quick successive changes (two radio clicks,
 * typing) make one request; the controls show the pending choice at once and the list shows its
 * loading skeleton meanwhile.
 */
export function useListingNavigation(debounceMs = 0) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [pending, setPending] = useState<{ pathname: string; search: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location settles whatever was pending.
  useEffect(() => setPending(null), [location.pathname, location.search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(changes: ParamChanges, options: { pathname?: string; immediate?: boolean } = {}) {
    const pathname = options.pathname ?? pending?.pathname ?? location.pathname;
    const href = listingHref(pathname, pending?.search ?? location.search, changes);
    const cut = href.indexOf("?");
    const next = { pathname, search: cut === -1 ? "" : href.slice(cut) };
    clearTimeout(timer.current);
    if (next.pathname === location.pathname && next.search === location.search) {
      setPending(null);
      return;
    }
    setPending(next);
    const go = () => navigate(href, { preventScrollReset: true });
    if (debounceMs <= 0 || options.immediate) go();
    else timer.current = setTimeout(go, debounceMs);
  }

  const loading =
    pending !== null || (navigation.state === "loading" && navigation.location?.pathname === location.pathname);
  return {
    change,
    loading,
    /** The query string the controls show: the pending one while a change waits or loads. */
    search: pending?.search ?? location.search,
    pathname: pending?.pathname ?? location.pathname,
  };
}
