import type { EmblaApi } from "./lazy-embla.ts";

/** A drag of this share of the viewport width or more changes the slide. */
export const SWIPE_THRESHOLD = 0.15;

/**
 * Which way a finished drag moves: +1 (next) for a drag to the left of at least `threshold` of the
 * width, -1 (previous) for one to the right, 0 (stay) otherwise.
 */
export function swipeStep(deltaX: number, width: number, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (!(width > 0) || !Number.isFinite(deltaX)) return 0;
  if (deltaX <= -threshold * width) return 1;
  if (deltaX >= threshold * width) return -1;
  return 0;
}

/** The snap a step lands on: wrapping round when the carousel loops, held at the ends otherwise. */
export function stepTarget(start: number, step: number, count: number, loop: boolean): number {
  if (count <= 0) return 0;
  const next = start + step;
  if (loop) return ((next % count) + count) % count;
  return Math.min(Math.max(next, 0), count - 1);
}

/**
 * Embla does the dragging (pointer, touch, momentum); this only replaces its decision of where a
 * drag ends with the spec's rule: a drag of `share(width)` of the width (15 % when it gives none) or
 * more moves one step, less snaps back. Embla reports pointerUp after choosing its own target, so retargeting here
 * wins. Fetched with Embla (see lazy-embla.ts); returns the function that detaches it.
 */
export function attachSwipeThreshold(
  api: EmblaApi,
  share: (width: number) => number | undefined = () => undefined,
): () => void {
  const root = api.rootNode();
  let startX = 0;
  let lastX = 0;
  let startSnap = 0;
  let tracking = false;
  // Pointer events fire before the mouse and touch events Embla listens to, so positions are current.
  const onPointerDown = (event: PointerEvent) => {
    startX = event.clientX;
    lastX = event.clientX;
    tracking = true;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (tracking) lastX = event.clientX;
  };
  const onDragStart = () => {
    startSnap = api.selectedScrollSnap();
  };
  const onDragEnd = () => {
    if (!tracking) return;
    tracking = false;
    const width = root.clientWidth;
    const step = swipeStep(lastX - startX, width, share(width) ?? SWIPE_THRESHOLD);
    const count = api.scrollSnapList().length;
    api.scrollTo(stepTarget(startSnap, step, count, api.internalEngine().options.loop));
  };
  root.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove, { passive: true });
  api.on("pointerDown", onDragStart);
  api.on("pointerUp", onDragEnd);
  return () => {
    root.removeEventListener("pointerdown", onPointerDown);
    window.removeEventListener("pointermove", onPointerMove);
    api.off("pointerDown", onDragStart);
    api.off("pointerUp", onDragEnd);
  };
}
