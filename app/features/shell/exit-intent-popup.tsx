import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  createScrollUpDetector,
  EXIT_INTENT_DELAY_MS,
  isTopExit,
  isVisitorScroll,
  mayShowExitIntent,
  readShownFlag,
  SCROLL_KEYS,
  writeShownFlag,
} from "./exit-intent-rules.ts";
import { useMobileMode } from "./use-mobile-mode.ts";

export interface ExitIntentOffer {
  backgroundImageUrl: string;
  discountMessage: string;
  discountCode: string;
}

// Radix Dialog and the popup's markup are fetched when a trigger fires, not with the page.
const loadDialog = () => import("./exit-intent-dialog.tsx");
const ExitIntentDialog = lazy(loadDialog);

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Once per browser (storage `exitIntentPopUpShown`), never to
 * signed-in visitors, 250 ms after the trigger. Desktop: the pointer leaves through the top of the
 * window. Mobile mode: the visitor scrolling up (a finger, a wheel or a key; not the page scrolling
 * itself) by more than 10 px after passing 5 % of the page.
 */
export function ExitIntentPopup({ offer, signedIn }: { offer: ExitIntentOffer | null; signedIn: boolean }) {
  const mobile = useMobileMode();
  // Each page watches the scrolling afresh: the router taking the shopper to the top of the next page
  // (a link, the pagination) is not the shopper scrolling up.
  const { key: page } = useLocation();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts a new detector (above).
  useEffect(() => {
    if (
      shown ||
      !mayShowExitIntent({ configured: offer !== null, signedIn, alreadyShown: readShownFlag(localStore()) })
    )
      return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let fired = false;
    const fire = () => {
      if (fired) return;
      fired = true;
      detach();
      delete document.body.dataset.exitIntent;
      void loadDialog();
      timer = setTimeout(() => {
        // Another tab may have shown it meanwhile.
        if (readShownFlag(localStore())) return;
        writeShownFlag(localStore());
        setShown(true);
        setOpen(true);
      }, EXIT_INTENT_DELAY_MS);
    };
    const onMouseOut = (event: MouseEvent) => {
      if (isTopExit(event)) fire();
    };
    const scrolledUp = createScrollUpDetector();
    let lastGesture: number | null = null;
    const onGesture = (event: Event) => {
      if (event.type !== "keydown" || SCROLL_KEYS.has((event as KeyboardEvent).key)) lastGesture = performance.now();
    };
    const onScroll = () => {
      const byVisitor = isVisitorScroll(performance.now(), lastGesture);
      if (scrolledUp(window.scrollY, document.documentElement.scrollHeight, byVisitor)) fire();
    };
    const gestures = ["touchmove", "wheel", "keydown"] as const;
    const detach = () => {
      document.removeEventListener("mouseout", onMouseOut);
      window.removeEventListener("scroll", onScroll);
      for (const type of gestures) window.removeEventListener(type, onGesture, true);
    };
    if (mobile) {
      window.addEventListener("scroll", onScroll, { passive: true });
      for (const type of gestures) window.addEventListener(type, onGesture, { capture: true, passive: true });
    } else document.addEventListener("mouseout", onMouseOut);
    // Which trigger is listening (for tests and debugging: nothing reads it).
    document.body.dataset.exitIntent = mobile ? "scroll" : "mouse";
    return () => {
      detach();
      clearTimeout(timer);
      delete document.body.dataset.exitIntent;
    };
  }, [offer, signedIn, mobile, shown, page]);

  if (!shown || !offer) return null;
  return (
    <Suspense fallback={null}>
      <ExitIntentDialog open={open} onOpenChange={setOpen} offer={offer} />
    </Suspense>
  );
}
