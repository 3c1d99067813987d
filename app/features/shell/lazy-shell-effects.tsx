import { type ComponentType, useEffect, useState } from "react";
import { firstUse } from "../../lib/deferred-hydration.tsx";
import type { ExitIntentOffer } from "./exit-intent-popup.tsx";

/** The page counts as settled once it has fetched nothing for this long after its load event. */
const SETTLED_QUIET_MS = 2000;

/**
 * Resolves once the page has loaded and then fetched nothing for SETTLED_QUIET_MS (what a shopper's
 * browser calls idle). What runs then waits for a free moment of its own (the live-visits client does).
 */
function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const watch = () => {
      let timer = setTimeout(done, SETTLED_QUIET_MS);
      const observer =
        typeof PerformanceObserver === "undefined"
          ? null
          : new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(done, SETTLED_QUIET_MS);
            });
      observer?.observe({ type: "resource" });
      function done() {
        observer?.disconnect();
        resolve();
      }
    };
    if (document.readyState === "complete") watch();
    else window.addEventListener("load", watch, { once: true });
  });
}

/** Imports a module once `when` has resolved; a failed fetch is tried again by the next call. */
function lateModule<M>(when: () => Promise<unknown>, load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () => {
    loading ??= when()
      .then(load)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}

// The exit-intent offer fires on the pointer leaving through the top (desktop) or a scroll up (phone):
// both come after a first use, which is when its code is fetched.
const exitIntent = lateModule(firstUse, () => import("./exit-intent-popup.tsx"));
// The live-visits connection: once the page has settled, or at the first use if that comes sooner.
const liveVisits = lateModule(
  () => Promise.race([firstUse(), pageSettled()]),
  () => import("./live-visits-client.tsx"),
);

/** Renders the component `load` brings, once it has arrived (nothing before; nothing on the server). */
function useLateComponent<P>(load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (component) => {
        if (live) setComponent(() => component);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);
  return Component;
}

const loadExitIntent = () => exitIntent().then((module) => module.ExitIntentPopup);
const loadLiveVisits = () => liveVisits().then((module) => module.LiveVisitsClient);

/**
 * What every page does besides rendering that a page does not need at once, mounted once in the root
 * layout: the exit-intent offer and the live-visits connection. Their code is not part of the page's
 * first load (lib/deferred-hydration.tsx's firstUse: the first pointer move, touch, key press, scroll
 * wheel, focus or navigation). Page views and the scroll to the top on a new page are
 * RouteChangeEffects, which the layout runs from hydration on.
 */
export function LazyShellEffects({
  signedIn,
  exitIntentOffer,
}: {
  signedIn: boolean;
  exitIntentOffer: ExitIntentOffer | null;
}) {
  const ExitIntentPopup = useLateComponent(loadExitIntent);
  const LiveVisitsClient = useLateComponent(loadLiveVisits);
  useEffect(() => {
    // After the offer's own effects: for whoever needs to know that its rules run (the end-to-end tests).
    if (ExitIntentPopup) document.body.dataset.shellEffects = "loaded";
  }, [ExitIntentPopup]);
  return (
    <>
      {ExitIntentPopup ? <ExitIntentPopup offer={exitIntentOffer} signedIn={signedIn} /> : null}
      {LiveVisitsClient ? <LiveVisitsClient /> : null}
    </>
  );
}
