import { type RefObject, useEffect, useState } from "react";

/**
 * Whether any part of the element is in the viewport: a carousel stops moving by itself while the
 * shopper has scrolled away from it (nobody sees it move, and each move costs the phone a few dozen
 * frames). True until the browser first says otherwise, on the server, and where IntersectionObserver is
 * missing.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const latest = entries[entries.length - 1];
      if (latest) setOnScreen(latest.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
