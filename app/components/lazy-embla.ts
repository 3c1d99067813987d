import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { SWIPE_THRESHOLD, swipeStep } from "./embla-swipe.ts";

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
 * for `start: "mount"`; for `start: "use"` (the hero, at the top of the page) on the shopper's first
 * touch, pointer or focus on the strip, or the first move asked for through `run` (an arrow, a dot, the
 * autoplay); otherwise (`"visible"`) once the carousel comes near the screen. Until then the strip is
 * as the server drew it: the first slides in place, nothing moved. A swipe that starts before Embla has
 * arrived (it cannot follow the finger) still moves one step when it ends, by the same rule.
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
  {
    start = "visible",
    swipeShare,
  }: { start?: "mount" | "visible" | "use"; swipeShare?: (width: number) => number } = {},
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
    if (start === "use") return;
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

  useEffect(() => {
    if (!viewport || start !== "use") return;
    return watchFirstUse(viewport, {
      want: () => setWanted(true),
      attached: () => current.current !== undefined,
      threshold: (width) => share.current?.(width) ?? SWIPE_THRESHOLD,
      swiped: (step) => run((carousel) => (step > 0 ? carousel.scrollNext() : carousel.scrollPrev())),
    });
  }, [viewport, start, run]);

  // React calls a ref while it commits, and a plain state update there is rendered at once, in the same
  // task: after hydration that made the carousel (and its cards) render again inside the commit. As a
  // transition the render waits and yields like any other.
  const viewportRef = useCallback((node: HTMLElement | null) => startTransition(() => setViewport(node)), []);

  return [viewportRef, api, run];
}

/**
 * For `start: "use"`: calls `want` on the first pointer, touch or focus on the viewport, and `swiped`
 * with the direction (+1 next, -1 previous) of a horizontal swipe that began before Embla was attached
 * (Embla follows only drags it saw begin). Returns the function that stops listening.
 */
function watchFirstUse(
  viewport: HTMLElement,
  {
    want,
    attached,
    threshold,
    swiped,
  }: {
    want: () => void;
    attached: () => boolean;
    threshold: (width: number) => number;
    swiped: (step: -1 | 1) => void;
  },
): () => void {
  let start: { x: number; y: number; id: number } | null = null;
  let wanted = false;
  const onWant = () => {
    if (wanted) return;
    wanted = true;
    want();
  };
  const preventClick = (click: Event) => click.preventDefault();
  const onPointerDown = (event: PointerEvent) => {
    onWant();
    start = attached() ? null : { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    if (Math.abs(dx) <= Math.abs(dy)) return;
    const width = viewport.clientWidth;
    const step = swipeStep(dx, width, threshold(width));
    if (step === 0) return;
    // A mouse drag ends with a click on the slide's link: it was a swipe, not a click.
    viewport.addEventListener("click", preventClick, { capture: true, once: true });
    setTimeout(() => viewport.removeEventListener("click", preventClick, { capture: true }), 300);
    swiped(step);
  };
  const onPointerCancel = () => {
    start = null;
  };
  viewport.addEventListener("pointerenter", onWant);
  viewport.addEventListener("focusin", onWant);
  viewport.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointerup", onPointerUp);
  window.addEventListener("pointercancel", onPointerCancel);
  return () => {
    viewport.removeEventListener("pointerenter", onWant);
    viewport.removeEventListener("focusin", onWant);
    viewport.removeEventListener("pointerdown", onPointerDown);
    window.removeEventListener("pointerup", onPointerUp);
    window.removeEventListener("pointercancel", onPointerCancel);
  };
}
