// Server-rendered parts whose code a page does not need at once (the footer with the newsletter sign-up,
// the home page's seller reviews, the desktop category bar): the server renders them as usual, and the
// browser keeps that HTML as it is, links and all, without their code, until the shopper first moves the
// pointer, touches, clicks, scrolls or types, the router starts a navigation, or the part comes near the
// screen. Then their code is fetched and the part is hydrated.
//
// Preact keeps a part's server HTML while its lazy component is pending, and hydrates it once the code
// has arrived: the server marks where each part's HTML begins and ends (<!--$s--> ... <!--/$s-->), so
// that all of it is kept, not only its first element. While it waits, nothing may render the boundary again: the
// wrapper is memoised (its props come from the root loader's data, the same objects until a navigation),
// and a navigation opens the gate before the router renders it.
import {
  type ComponentType,
  createElement,
  Fragment,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
} from "react";
import { MOBILE_AGENT_CLASS } from "./mobile-user-agent.ts";

// A mouse's first move counts: a desktop menu that opens on hover has its code before the pointer is on it.
const FIRST_USE_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "focusin"] as const;

interface RouterLike {
  state: RouterStateLike;
  subscribe(listener: (state: RouterStateLike) => void): () => void;
}

interface RouterStateLike {
  location: unknown;
  navigation: { state: string };
  revalidation: string;
  fetchers: ReadonlyMap<string, unknown>;
}

let firstUsePromise: Promise<void> | null = null;

/**
 * Resolves at the shopper's first pointer move, touch, click, key press, wheel turn or focus, at a back
 * or forward move, or when the router starts a navigation, a revalidation or a fetcher (not when it only
 * learns more routes, which it does by itself after hydration).
 */
export function firstUse(): Promise<void> {
  firstUsePromise ??= new Promise<void>((resolve) => {
    let unsubscribe: (() => void) | undefined;
    const done = () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, done, true);
      window.removeEventListener("popstate", done);
      unsubscribe?.();
      resolve();
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
    window.addEventListener("popstate", done);
    const router = (window as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
    const location = router?.state.location;
    unsubscribe = router?.subscribe((state) => {
      const busy = state.navigation.state !== "idle" || state.revalidation !== "idle" || state.fetchers.size > 0;
      if (busy || state.location !== location) done();
    });
  });
  return firstUsePromise;
}

/** How far below the screen a part starts loading when the shopper scrolls towards it. */
const NEAR_MARGIN = "600px 0px";

/** A part whose code loads late: made once per part by deferredPart, rendered with <DeferredHydration>. */
export interface DeferredPart<P extends object> {
  /** The component: lazy in the browser; on the server, the loaded component once its import resolved. */
  component(): ComponentType<P>;
  /** Lets the browser fetch the code (no effect on the server). */
  open(): void;
}

/**
 * A part whose code loads late (see above); `load` imports its component. On the server the part renders
 * at once: the server's build holds every module in one file, so the import has resolved long before the
 * first request (one that comes sooner, in development, gets the part streamed).
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): DeferredPart<P> {
  if (import.meta.env.SSR) {
    let loaded: ComponentType<P> | null = null;
    const loading = load().then((component) => {
      loaded = component;
      return { default: component };
    });
    const pending = lazy(() => loading);
    return { component: () => loaded ?? pending, open() {} };
  }
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const component = lazy(async () => {
    await gate;
    // A part whose code does not come (a dropped connection) stays as the server rendered it, links and
    // all, for as long as its import is pending: its server HTML is kept until then. So the
    // import is tried again, later and later, and at once when the browser is back online.
    for (let attempt = 0; ; attempt++) {
      try {
        return { default: await load() };
      } catch {
        await retryDelay(attempt);
      }
    }
  });
  return { component: () => component, open: () => open() };
}

/** Longest wait between two tries of a part's import. */
const MAX_RETRY_MS = 30_000;

/** 2 s, 4 s, 8 s... up to MAX_RETRY_MS after the `attempt`th failure; ends early when the browser comes online. */
function retryDelay(attempt: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(MAX_RETRY_MS, 2000 * 2 ** attempt));
    window.addEventListener("online", done);
  });
}

/**
 * A part that only a desktop page renders (a listing's filter sidebar: a phone filters in a drawer). A
 * phone's browser never fetches its code, unless the part is rendered there after all (in the drawer,
 * on first use); a desktop's fetches it as the page's code starts, before hydration, so the part is
 * hydrated with the rest of the page (a module that has arrived by then is rendered without waiting).
 */
export function desktopPart<P extends object>(load: () => Promise<ComponentType<P>>): DeferredPart<P> {
  if (import.meta.env.SSR) return deferredPart(load);
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  if (!document.documentElement.classList.contains(MOBILE_AGENT_CLASS)) void start().catch(() => undefined);
  const component = lazy(() => {
    const ready = loaded;
    // A thenable that answers at once: the part then renders in this very pass.
    if (ready)
      return {
        // biome-ignore lint/suspicious/noThenProperty: lazy() takes a thenable; this one answers at once.
        then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
      } as Promise<{ default: ComponentType<P> }>;
    return start();
  });
  return { component: () => component, open: () => void start().catch(() => undefined) };
}

/** The comments that open and close a part's server HTML (Preact's own markers for a suspended range). */
export const RANGE_START = "$s";
export const RANGE_END = "/$s";

/** A comment in the server's HTML (Preact's renderer writes a Fragment with this prop as one). */
const comment = (text: string) => createElement(Fragment, { UNSTABLE_comment: text } as object);

/**
 * A part's Suspense boundary. On the server its HTML goes between RANGE_START and RANGE_END: in the
 * browser, a part whose code has not come keeps all of that HTML until it hydrates.
 */
export function PartBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {import.meta.env.SSR ? comment(RANGE_START) : null}
      {children}
      {import.meta.env.SSR ? comment(RANGE_END) : null}
    </Suspense>
  );
}

/** Renders a part made by desktopPart (or deferredPart, opened by its caller) in its own Suspense boundary. */
export function LatePart<P extends object>({ part, props }: { part: DeferredPart<P>; props: P }) {
  const Part = part.component();
  return (
    <PartBoundary>
      <Part {...props} />
    </PartBoundary>
  );
}

interface DeferredHydrationProps<P extends object> {
  part: DeferredPart<P>;
  props: P;
}

/**
 * Renders `part` with `props` after an empty marker that tells when it comes near the screen. It renders
 * again only when a prop changes (compared one by one): the props are the root loader's data, the same
 * objects until a navigation, which opens the gate first.
 */
export const DeferredHydration = memo(DeferredHydrationImpl, (before, after) => {
  if (before.part !== after.part) return false;
  const keys = Object.keys(after.props) as (keyof typeof after.props)[];
  return (
    keys.length === Object.keys(before.props).length && keys.every((key) => before.props[key] === after.props[key])
  );
}) as <P extends object>(props: DeferredHydrationProps<P>) => ReactNode;

function DeferredHydrationImpl<P extends object>({ part, props }: DeferredHydrationProps<P>) {
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void firstUse().then(part.open);
    const element = marker.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    // The marker and the part's own elements (up to the boundary's end): a tall part (the footer) may
    // be on screen while its top is far above it.
    const observed: Element[] = [element];
    for (
      let node = element.nextSibling;
      node && !(node.nodeType === Node.COMMENT_NODE && node.nodeValue === RANGE_END);
    ) {
      if (node instanceof Element) observed.push(node);
      node = node.nextSibling;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          part.open();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    for (const target of observed) observer.observe(target);
    return () => observer.disconnect();
  }, [part]);
  const Part = part.component();
  return (
    <>
      <div data-deferred="" ref={marker} />
      <PartBoundary>
        <Part {...props} />
      </PartBoundary>
    </>
  );
}
