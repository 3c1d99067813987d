// The cart slide-over's code (Radix Dialog, the line and totals parts, the discount box) is not part of
// the first load: it is fetched when the browser is idle after the page has loaded, or at once when the
// overlay is opened before that, and mounted the first time the overlay opens.
import { lazy, Suspense, useEffect } from "react";
import { useOpenedOnce } from "../../lib/use-opened-once.ts";
import { useCart } from "./cart-context.tsx";

const loadOverlay = () => import("./cart-overlay.tsx");
const CartOverlay = lazy(() => loadOverlay().then((module) => ({ default: module.CartOverlay })));

export function LazyCartOverlay(props: { currency: string; productPath: string }) {
  const { overlayOpen } = useCart();
  const opened = useOpenedOnce(overlayOpen);
  // Warm the chunk once the page is idle, so the first open does not wait for the network.
  useEffect(() => {
    const warm = () => void loadOverlay().catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(warm, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(warm, 3000);
    return () => clearTimeout(timer);
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CartOverlay {...props} />
    </Suspense>
  );
}
