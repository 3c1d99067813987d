// The cart slide-over's code (Radix Dialog, the line and totals parts, the discount box) is not part of
// the first load: it is fetched at the shopper's first touch, click or key press (an Add to Cart or a
// cart button starts it before its click lands), or when the overlay opens, and mounted the first time
// the overlay opens. Nothing is fetched or run while the page is still settling.
import { lazy, Suspense, useEffect } from "react";
import { useOpenedOnce } from "../../lib/use-opened-once.ts";
import { useCartOverlayOpen } from "./cart-context.tsx";

const loadOverlay = () => import("./cart-overlay.tsx");
const CartOverlay = lazy(() => loadOverlay().then((module) => ({ default: module.CartOverlay })));

export function LazyCartOverlay(props: { currency: string; productPath: string }) {
  const overlayOpen = useCartOverlayOpen();
  const opened = useOpenedOnce(overlayOpen);
  // Warm the chunk on the first interaction, so the first open does not wait for the network.
  useEffect(() => {
    const events = ["pointerdown", "keydown", "touchstart"] as const;
    const stop = () => {
      for (const type of events) window.removeEventListener(type, warm, true);
    };
    const warm = () => {
      stop();
      void loadOverlay().catch(() => undefined);
    };
    for (const type of events) window.addEventListener(type, warm, { capture: true, passive: true });
    return stop;
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CartOverlay {...props} />
    </Suspense>
  );
}
