// When the exit-intent popup may show and what triggers it. Pure, so the
// rules are tested without a browser.

export const EXIT_INTENT_STORAGE_KEY = "exitIntentPopUpShown";
/** The popup appears this long after the trigger. */
export const EXIT_INTENT_DELAY_MS = 250;
/** Desktop: the pointer leaves the window through its top edge (clientY at most this). */
export const EXIT_TOP_EDGE_PX = 10;
/** Mobile: scrolling up by more than this... */
export const EXIT_SCROLL_UP_PX = 10;
/** ...once the visitor has passed this share of the page. */
export const EXIT_PAGE_SHARE = 0.05;
/**
 * Mobile: a scroll is the visitor's own within this long of their last scrolling gesture (a finger
 * moving on the screen, a wheel turn, a scrolling key); a flick's momentum comes within it. Other
 * scrolls are the page's: the pagination taking the list back to its top, a "back to top" button, a
 * link to a part of the page.
 */
export const VISITOR_SCROLL_WINDOW_MS = 1500;
/** Keys that scroll the page. */
export const SCROLL_KEYS: ReadonlySet<string> = new Set([
  "ArrowUp",
  "ArrowDown",
  "PageUp",
  "PageDown",
  "Home",
  "End",
  " ",
]);

export function mayShowExitIntent(state: { configured: boolean; signedIn: boolean; alreadyShown: boolean }): boolean {
  return state.configured && !state.signedIn && !state.alreadyShown;
}

/** A `mouseout` that leaves the document (no element to go to) through the top edge. */
export function isTopExit(event: { clientY: number; relatedTarget: unknown }): boolean {
  return event.relatedTarget == null && event.clientY <= EXIT_TOP_EDGE_PX;
}

/**
 * Feeds scroll positions; answers true on the first upward scroll of more than 10 px after the visitor
 * got past 5 % of the page. The distance is measured from the deepest point reached, so several small
 * upward steps add up. A position that comes with a new page height starts the count again: blocks drawn
 * as they come near the screen (content-visibility) or content loaded late change the height, and the
 * browser then moves the position itself, to keep what is on screen in place or to stay within the
 * shorter page. That is not the visitor scrolling up. Nor is a scroll that is not the visitor's own
 * (`byVisitor` false: no scrolling gesture of theirs just before it): the count starts again from where
 * it leaves the page.
 */
export function createScrollUpDetector(): (scrollY: number, pageHeight: number, byVisitor?: boolean) => boolean {
  let passed = false;
  let deepest = 0;
  let height: number | null = null;
  return (scrollY, pageHeight, byVisitor = true) => {
    if (!passed && pageHeight > 0 && scrollY > pageHeight * EXIT_PAGE_SHARE) passed = true;
    if ((height !== null && pageHeight !== height) || !byVisitor) deepest = scrollY;
    height = pageHeight;
    if (scrollY > deepest) deepest = scrollY;
    if (!passed) return false;
    return deepest - scrollY > EXIT_SCROLL_UP_PX;
  };
}

/** Whether a scroll at `now` is the visitor's own: their last scrolling gesture was at `lastGesture`. */
export function isVisitorScroll(now: number, lastGesture: number | null): boolean {
  return lastGesture !== null && now - lastGesture <= VISITOR_SCROLL_WINDOW_MS;
}

export function readShownFlag(storage: Pick<Storage, "getItem"> | null): boolean {
  try {
    return storage?.getItem(EXIT_INTENT_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

export function writeShownFlag(storage: Pick<Storage, "setItem"> | null): void {
  try {
    storage?.setItem(EXIT_INTENT_STORAGE_KEY, "true");
  } catch {
    // Storage refused (private mode): the popup may come again on a later page, which is harmless.
  }
}
