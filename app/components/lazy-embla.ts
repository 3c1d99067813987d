import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";

/** A carousel's Embla instance. */
export type EmblaApi = EmblaCarouselType;
export type EmblaOptions = EmblaOptionsType;

interface EmblaCode {
  Embla: typeof import("embla-carousel").default;
  attachSwipeThreshold: typeof import("./embla-swipe.ts").attachSwipeThreshold;
}

let embla: Promise<EmblaCode> | null = null;

/** Embla and the store's swipe rule, fetched once for all the carousels of the page (again after a failure). */
export function loadEmbla(): Promise<EmblaCode> {
  embla ??= Promise.all([import("embla-carousel"), import("./embla-swipe.ts")]).then(
    ([core, swipe]) => ({ Embla: core.default, attachSwipeThreshold: swipe.attachSwipeThreshold }),
    (error: unknown) => {
      embla = null;
      throw error;
    },
  );
  return embla;
}

/** Whether two option sets are the same (they are plain data: numbers, strings, booleans, breakpoints). */
export function sameOptions(a: EmblaOptions, b: EmblaOptions): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Embla on a carousel's viewport, its code fetched after hydration rather than with the page: at once
 * for `start: "mount"` (a carousel at the top of the page that moves by itself), otherwise once the
 * carousel comes near the screen. Until then the strip is as the server drew it: the first slides in
 * place, nothing moved.
 *
 * A finished drag moves one step when it covers `swipeShare(width)` of the viewport's width (15 %
 * unless told; see embla-swipe.ts), and snaps back otherwise.
 *
 * Returns the viewport's ref, the instance once there is one, and `run`: it applies a control (an arrow,
 * a dot, the autoplay) now, or as soon as Embla is there, fetching it if nobody has yet. `run` never
 * changes, so timers that use it are not restarted when Embla arrives.
 */
export function useLazyEmbla(
  options: EmblaOptions,
  { start = "visible", swipeShare }: { start?: "mount" | "visible"; swipeShare?: (width: number) => number } = {},
): [(node: HTMLElement | null) => void, EmblaApi | undefined, (action: (api: EmblaApi) => void) => void] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaApi>();
  const current = useRef<EmblaApi | undefined>(undefined);
  const pending = useRef<((api: EmblaApi) => void) | null>(null);
  const stored = useRef(options);
  const share = useRef(swipeShare);
  share.current = swipeShare;

  useEffect(() => {
    if (!viewport || wanted) return;
    if (start === "mount" || typeof IntersectionObserver === "undefined") {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport, wanted, start]);

  useEffect(() => {
    if (!viewport || !wanted) return;
    let instance: EmblaApi | undefined;
    let detachSwipe: (() => void) | undefined;
    let cancelled = false;
    loadEmbla().then(
      ({ Embla, attachSwipeThreshold }) => {
        if (cancelled) return;
        instance = Embla(viewport, stored.current);
        detachSwipe = attachSwipeThreshold(instance, (width) => share.current?.(width));
        current.current = instance;
        setApi(instance);
        const action = pending.current;
        pending.current = null;
        action?.(instance);
      },
      () => {
        // Offline or a failed fetch: the strip stays as the server drew it.
      },
    );
    return () => {
      cancelled = true;
      detachSwipe?.();
      instance?.destroy();
      current.current = undefined;
      setApi(undefined);
    };
  }, [viewport, wanted]);

  useEffect(() => {
    if (sameOptions(stored.current, options)) return;
    stored.current = options;
    api?.reInit(options);
  }, [options, api]);

  const run = useCallback((action: (api: EmblaApi) => void) => {
    if (current.current) {
      action(current.current);
      return;
    }
    pending.current = action;
    setWanted(true);
  }, []);

  // React calls a ref while it commits, and a plain state update there is rendered at once, in the same
  // task: after hydration that made the carousel (and its cards) render again inside the commit. As a
  // transition the render waits and yields like any other.
  const viewportRef = useCallback((node: HTMLElement | null) => startTransition(() => setViewport(node)), []);

  return [viewportRef, api, run];
}
