// The visitor's own part of the header and bottom bar (cart count, signed in or not). The server renders
// every shopper page without it, so one copy of a page can serve everyone from the page cache; the
// browser asks /api/session/summary once the page has hydrated, and again whenever the root loader's
// data is renewed (after a form action such as signing out), but only when the visitor has a session
// (its readable hint cookie, shared/session-hint.ts): without one, there is no cart and no sign-in.
import { useEffect, useState } from "react";
import { hasSessionHint } from "../../../shared/session-hint.ts";

export interface VisitorSummary {
  cartCount: number;
  signedIn: boolean;
}

/** What a page shows before the browser knows better: an anonymous visitor with an empty cart. */
export const ANONYMOUS_VISITOR: VisitorSummary = { cartCount: 0, signedIn: false };

export async function fetchVisitorSummary(
  fetchImpl: typeof fetch = fetch,
  cookies: string = typeof document === "undefined" ? "" : document.cookie,
): Promise<VisitorSummary | null> {
  if (!hasSessionHint(cookies)) return ANONYMOUS_VISITOR;
  try {
    const response = await fetchImpl("/api/session/summary", {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<VisitorSummary>;
    return { cartCount: Number(body.cartCount) || 0, signedIn: body.signedIn === true };
  } catch {
    // Offline or the store is away: the page keeps the anonymous header.
    return null;
  }
}

/** The visitor's summary, asked for after hydration and each time `renewedBy` changes (the root data). */
export function useVisitorSummary(renewedBy: unknown): VisitorSummary {
  const [summary, setSummary] = useState<VisitorSummary>(ANONYMOUS_VISITOR);
  // biome-ignore lint/correctness/useExhaustiveDependencies: renewedBy is the trigger, not an input.
  useEffect(() => {
    let current = true;
    void fetchVisitorSummary().then((next) => {
      if (current && next)
        setSummary((before) =>
          before.cartCount === next.cartCount && before.signedIn === next.signedIn ? before : next,
        );
    });
    return () => {
      current = false;
    };
  }, [renewedBy]);
  return summary;
}
