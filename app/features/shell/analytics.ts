// Page views. Every route change is announced in the page as a `store:page-view` event (other scripts
// and tests listen to it); Google Analytics (gtag) gets it too, but only when a gTagId is configured,
// and its script is only loaded then.

import { redactUrl } from "../../../shared/redact-url.ts";

export const PAGE_VIEW_EVENT = "store:page-view";

export interface PageView {
  path: string;
  title: string;
  location: string;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedTagId: string | null = null;

/** Loads gtag.js once for `tagId`; page views are sent by recordPageView, not by gtag's own config. */
export function ensureGtag(tagId: string): void {
  if (!tagId || loadedTagId === tagId) return;
  loadedTagId = tagId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag =
    window.gtag ??
    function gtag() {
      // gtag.js reads the arguments object itself, as Google's snippet pushes it.
      // biome-ignore lint/complexity/noArguments: the documented gtag contract.
      window.dataLayer?.push(arguments);
    };
  window.gtag("js", new Date());
  // gtag reads the address bar for its own hits unless told otherwise: give it the redacted one.
  window.gtag("config", tagId, { send_page_view: false, page_location: redactUrl(window.location.href) });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
  document.head.appendChild(script);
}

/** A page view with link tokens taken out of its path and location (they must never reach Google). */
export function recordPageView(view: PageView, tagId: string): void {
  const clean = { ...view, path: redactUrl(view.path), location: redactUrl(view.location) };
  window.dispatchEvent(new CustomEvent<PageView>(PAGE_VIEW_EVENT, { detail: clean }));
  if (tagId && window.gtag) {
    window.gtag("event", "page_view", {
      page_path: clean.path,
      page_title: clean.title,
      page_location: clean.location,
    });
  }
}
