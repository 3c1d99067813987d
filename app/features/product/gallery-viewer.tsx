// The full-screen image viewer of the product gallery, loaded when first opened. Radix Dialog traps
// focus, closes on Escape and gives focus back to the image that opened it; arrow keys step through.
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { imageSrcSet, imageUrlForWidth } from "../../../shared/image-srcset.ts";
import { useReturnFocus } from "../../lib/use-return-focus.ts";
import { altOf, type GalleryImage } from "./gallery-alt.ts";
import { onProductImageContextMenu } from "./image-copyright.ts";

export interface GalleryViewerProps {
  images: readonly GalleryImage[];
  title: string;
  startIndex: number;
  /** Called with the image last shown, so the page's main image follows. */
  onClose: (index: number) => void;
}

const navButton =
  "flex size-12 items-center justify-center rounded-full bg-white text-water-900 shadow-md hover:bg-aqua-100 disabled:opacity-40";

export function GalleryViewer({ images, title, startIndex, onClose }: GalleryViewerProps) {
  const [index, setIndex] = useState(startIndex);
  const returnFocus = useReturnFocus();
  const count = images.length;
  const image = images[index];
  const step = (delta: number) => setIndex((current) => (current + delta + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose(index))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-water-950/90" />
        <Dialog.Content
          {...returnFocus}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          className="fixed inset-0 z-(--z-modal) flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 text-white">
            <Dialog.Title className="truncate text-base font-semibold">{title}</Dialog.Title>
            <div className="flex items-center gap-3">
              {count > 1 ? (
                <span className="tabular text-sm text-aqua-100" aria-live="polite">
                  {index + 1} / {count}
                </span>
              ) : null}
              <Dialog.Close className="flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
                <X aria-hidden="true" size={22} />
                <span className="sr-only">Close full-screen view</span>
              </Dialog.Close>
            </div>
          </div>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the context menu of the image only (a notice). */}
          <div
            className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-4"
            onContextMenu={onProductImageContextMenu}
          >
            <img
              key={image.url}
              src={imageUrlForWidth(image.url, 1280)}
              srcSet={imageSrcSet(image.url)}
              sizes="100vw"
              alt={altOf(image, title, index, count)}
              width={1280}
              height={1280}
              className="max-h-full max-w-full rounded-md bg-white object-contain"
            />
            {count > 1 ? (
              <>
                <button type="button" onClick={() => step(-1)} className={`${navButton} absolute left-4`}>
                  <ChevronLeft aria-hidden="true" size={24} />
                  <span className="sr-only">Previous image</span>
                </button>
                <button type="button" onClick={() => step(1)} className={`${navButton} absolute right-4`}>
                  <ChevronRight aria-hidden="true" size={24} />
                  <span className="sr-only">Next image</span>
                </button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
