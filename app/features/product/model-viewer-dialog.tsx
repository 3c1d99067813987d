// The 3D model viewer. @google/model-viewer is a web component on
// three.js, far too big for first load: this module, and the library behind it, are fetched only when a
// shopper opens a 3D thumbnail.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { createElement, useEffect, useRef, useState } from "react";
import { useReturnFocus } from "../../lib/use-return-focus.ts";
import type { GalleryModel } from "./product-gallery.tsx";

type Status = "loading" | "ready" | "error";

export function ModelViewerDialog({
  model,
  title,
  onClose,
}: {
  model: GalleryModel;
  title: string;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<Status>("loading");
  const [defined, setDefined] = useState(false);
  const viewer = useRef<HTMLElement | null>(null);
  const returnFocus = useReturnFocus();

  useEffect(() => {
    let live = true;
    import("@google/model-viewer")
      .then(() => {
        if (live) setDefined(true);
      })
      .catch(() => {
        if (live) setStatus("error");
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = viewer.current;
    if (!defined || !element) return;
    const onLoad = () => setStatus("ready");
    const onError = () => setStatus("error");
    element.addEventListener("load", onLoad);
    element.addEventListener("error", onError);
    return () => {
      element.removeEventListener("load", onLoad);
      element.removeEventListener("error", onError);
    };
  }, [defined]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-modal) bg-water-950/80" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-(--z-modal) flex h-[min(90vh,720px)] w-[calc(100vw-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-3">
            <Dialog.Title className="truncate text-lg font-bold text-water-900">3D model: {title}</Dialog.Title>
            <Dialog.Close className="-mr-2 flex size-11 items-center justify-center rounded text-muted hover:bg-surface hover:text-ink">
              <X aria-hidden="true" size={20} />
              <span className="sr-only">Close 3D model</span>
            </Dialog.Close>
          </div>
          <div className="relative min-h-0 flex-1 bg-surface">
            {defined
              ? createElement("model-viewer", {
                  ref: viewer,
                  src: model.url,
                  poster: model.posterUrl ?? undefined,
                  alt: `3D model of ${title}`,
                  "camera-controls": "",
                  "touch-action": "pan-y",
                  "auto-rotate": "",
                  "shadow-intensity": "1",
                  style: { width: "100%", height: "100%", backgroundColor: "#f5f7fa" },
                })
              : null}
            {status !== "ready" ? (
              <p
                role={status === "error" ? "alert" : "status"}
                className="absolute inset-x-0 bottom-4 mx-auto w-fit rounded-md bg-white px-4 py-2 text-sm text-muted shadow"
              >
                {status === "error"
                  ? "The 3D model could not be loaded. The photos show every side of this part."
                  : "Loading 3D model..."}
              </p>
            ) : null}
          </div>
          <p className="border-t border-line px-4 py-2 text-sm text-muted">
            Drag to turn the part; pinch or scroll to zoom.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
