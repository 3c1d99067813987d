import { useSyncExternalStore } from "react";
import { isMobileUserAgent, MOBILE_MAX_WIDTH } from "../../lib/mobile-user-agent.ts";

/** Spec §9: mobile mode at a window width of 992 px or less, or with a mobile user agent. */
const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function snapshot(): boolean {
  return window.matchMedia(QUERY).matches || isMobileUserAgent(navigator.userAgent);
}

/** True in mobile mode. The server renders the desktop layout; CSS does the rest before hydration. */
export function useMobileMode(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
