// The image-copyright notice: a shopper who opens the context menu on a
// product image (right click, or a long press on a phone) is told the images are the store's own.
import type { MouseEvent } from "react";
import { toast } from "../../components/toasts.tsx";

export const IMAGE_COPYRIGHT_MESSAGE = "Sorry, our images are copyrighted.";

/** One notice at a time: a second right click while it shows adds nothing. */
const QUIET_MS = 4000;
let lastShown = Number.NEGATIVE_INFINITY;

/** onContextMenu for an element holding product images: acts only when the menu opens on an image. */
export function onProductImageContextMenu(event: MouseEvent<HTMLElement>) {
  if (!(event.target instanceof HTMLImageElement)) return;
  event.preventDefault();
  const now = Date.now();
  if (now - lastShown < QUIET_MS) return;
  lastShown = now;
  toast.info(IMAGE_COPYRIGHT_MESSAGE);
}
