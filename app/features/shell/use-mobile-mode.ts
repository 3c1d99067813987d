import { useSyncExternalStore } from "react";
import { isMobileUserAgent, MOBILE_MAX_WIDTH } from "../../lib/mobile-user-agent.ts";
import { useMobileAgent } from "../../lib/use-mobile-agent.ts";

/** Mobile mode at a window width of 992 px or less, or with a mobile user agent. */
const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function snapshot(): boolean {
  return window.matchMedia(QUERY).matches || isMobileUserAgent(navigator.userAgent);
}

/**
 * True in mobile mode. The server renders the phone layout for a phone's browser (useMobileAgent) and the
 * desktop layout otherwise, CSS doing the rest before hydration; hydration starts from the same guess,
 * so a phone does not render its carousels a second time right after hydrating.
 */
export function useMobileMode(): boolean {
  const agent = useMobileAgent();
  return useSyncExternalStore(subscribe, snapshot, () => agent);
}
