// Page views. Every route change is announced in the page as a `store:page-view` event (other scripts
// and tests listen to it); Google Analytics (gtag) gets it too, but only when a gTagId is configured,
// and its script is only loaded then.

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
  window.gtag("config", tagId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
  document.head.appendChild(script);
}

export function recordPageView(view: PageView, tagId: string): void {
  window.dispatchEvent(new CustomEvent<PageView>(PAGE_VIEW_EVENT, { detail: view }));
  if (tagId && window.gtag) {
    window.gtag("event", "page_view", {
      page_path: view.path,
      page_title: view.title,
      page_location: view.location,
    });
  }
}
