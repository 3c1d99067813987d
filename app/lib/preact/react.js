// React's API for the store's components, answered by Preact's React layer (app/lib/preact/aliases.ts
// points "react" here).
import { Fragment, options } from "preact";

export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React Router asks for it only when a router opts into transitions, which this store's does not.
 * @template S
 * @param {S} state
 * @returns {[S, (update: unknown) => void]}
 */
export function useOptimistic(state) {
  return [state, () => {}];
}

const inBrowser = typeof document !== "undefined";
const nextVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = /** @type {{ suppressHydrationWarning?: unknown } | null} */ (vnode.props);
  // React's hydration hint (React Router sets it on its scripts) is no attribute: Preact would write it out.
  if (props && typeof vnode.type === "string" && "suppressHydrationWarning" in props) {
    delete props.suppressHydrationWarning;
  }
  // In the browser the page renders into the document's <html> (Preact renders into a document's root
  // element), so the root layout's <html> is only its children there: <head> and <body>.
  if (inBrowser && vnode.type === "html") vnode.type = Fragment;
  nextVNodeHook?.(vnode);
};

// Effects run once the browser has handled the current task, as React runs them (a message to the page's
// own channel), not at the next animation frame: a hidden tab or a page whose timers are paused would
// otherwise hold every effect back.
if (inBrowser && typeof MessageChannel !== "undefined") {
  /** @type {Array<() => void>} */
  let queued = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const callbacks = queued;
    queued = [];
    for (const callback of callbacks) callback();
  };
  options.requestAnimationFrame = (callback) => {
    queued.push(callback);
    if (queued.length === 1) channel.port2.postMessage(null);
  };
}
