// The product image gallery: a main image with a zoom lens under the
// mouse, thumbnails that switch it after a 150 ms hover (or a click / Enter), a full-screen viewer and
// 3D model thumbnails. The viewer and the 3D viewer (@google/model-viewer, ~120 KB) are separate
// chunks, downloaded only when opened.
import { Box, Expand } from "lucide-react";
import { lazy, type PointerEvent, Suspense, useEffect, useRef, useState } from "react";
import { imageSrcSet, imageUrlForWidth } from "../../../shared/image-srcset.ts";
import { altOf, type GalleryImage, THUMBNAIL_HOVER_MS } from "./gallery-alt.ts";
import { onProductImageContextMenu } from "./image-copyright.ts";

const GalleryViewer = lazy(() => import("./gallery-viewer.tsx").then((module) => ({ default: module.GalleryViewer })));
const ModelViewerDialog = lazy(() =>
  import("./model-viewer-dialog.tsx").then((module) => ({ default: module.ModelViewerDialog })),
);

export interface GalleryModel {
  id: number;
  posterUrl: string | null;
  url: string;
}

export interface ProductGalleryProps {
  images: readonly GalleryImage[];
  models: readonly GalleryModel[];
  title: string;
  noImageUrl: string;
}

/** Magnification inside the lens. */
const ZOOM = 2.5;
const LENS_SIZE = 180;
const MAIN_SIZE = 640;

export function ProductGallery({ images, models, title, noImageUrl }: ProductGalleryProps) {
  const shown = images.length > 0 ? images : [{ id: 0, url: noImageUrl, altText: title }];
  const [active, setActive] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [model, setModel] = useState<GalleryModel | null>(null);
  const [lens, setLens] = useState<{ x: number; y: number; width: number; height: number } | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const current = shown[Math.min(active, shown.length - 1)];
  const zoomable = images.length > 0;

  function hoverThumbnail(index: number) {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setActive(index), THUMBNAIL_HOVER_MS);
  }

  function moveLens(event: PointerEvent<HTMLElement>) {
    // A lens under a finger would hide what it magnifies: touch and pen get the full-screen viewer.
    if (event.pointerType !== "mouse" || !zoomable) return;
    const box = event.currentTarget.getBoundingClientRect();
    setLens({ x: event.clientX - box.left, y: event.clientY - box.top, width: box.width, height: box.height });
  }

  const largeUrl = imageUrlForWidth(current.url, 1280) ?? current.url;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the context menu of its images only (a notice); the controls are buttons.
    <div className="flex flex-col gap-3" onContextMenu={onProductImageContextMenu}>
      <div className="relative">
        <button
          type="button"
          onClick={() => setViewerOpen(true)}
          onPointerMove={moveLens}
          onPointerLeave={() => setLens(null)}
          aria-label={`Open full-screen view: ${altOf(current, title, active, shown.length)}`}
          className="group relative block aspect-square w-full cursor-zoom-in overflow-hidden rounded-lg border border-line bg-white"
        >
          <img
            src={imageUrlForWidth(current.url, MAIN_SIZE)}
            srcSet={imageSrcSet(current.url)}
            sizes="(min-width: 993px) 560px, 100vw"
            alt={altOf(current, title, active, shown.length)}
            width={MAIN_SIZE}
            height={MAIN_SIZE}
            fetchPriority={active === 0 ? "high" : undefined}
            decoding="async"
            className="h-full w-full object-contain p-2"
          />
          {lens ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(15,31,46,0.25),0_8px_24px_rgba(15,31,46,0.25)]"
              style={{
                width: LENS_SIZE,
                height: LENS_SIZE,
                left: lens.x - LENS_SIZE / 2,
                top: lens.y - LENS_SIZE / 2,
                backgroundColor: "#fff",
                backgroundImage: `url("${largeUrl}")`,
                backgroundRepeat: "no-repeat",
                backgroundSize: `${lens.width * ZOOM}px ${lens.height * ZOOM}px`,
                backgroundPosition: `${-(lens.x * ZOOM - LENS_SIZE / 2)}px ${-(lens.y * ZOOM - LENS_SIZE / 2)}px`,
              }}
            />
          ) : null}
          <span
            aria-hidden="true"
            className="absolute right-2 bottom-2 flex items-center gap-1 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-water-900 shadow-sm"
          >
            <Expand size={14} /> Full screen
          </span>
        </button>
      </div>
      {shown.length > 1 || models.length > 0 ? (
        <ul aria-label="Product images" className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setActive(index)}
                onMouseEnter={() => hoverThumbnail(index)}
                onMouseLeave={() => clearTimeout(hoverTimer.current)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === active}
                className={`block size-16 overflow-hidden rounded-md border-2 bg-white desk:size-18 ${
                  index === active ? "border-aqua-500" : "border-line hover:border-aqua-500/60"
                }`}
              >
                <img
                  src={imageUrlForWidth(image.url, 160)}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-contain p-1"
                />
              </button>
            </li>
          ))}
          {models.map((entry) => (
            <li key={`model-${entry.id}`}>
              <button
                type="button"
                onClick={() => setModel(entry)}
                aria-label="View the 3D model"
                className="relative block size-16 overflow-hidden rounded-md border-2 border-line bg-white hover:border-aqua-500/60 desk:size-18"
              >
                {entry.posterUrl ? (
                  <img
                    src={imageUrlForWidth(entry.posterUrl, 160)}
                    alt=""
                    width={72}
                    height={72}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-contain p-1 opacity-60"
                  />
                ) : null}
                <span className="absolute inset-0 flex flex-col items-center justify-center text-xs font-bold text-water-900">
                  <Box aria-hidden="true" size={20} />
                  3D
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewerOpen ? (
        <Suspense fallback={null}>
          <GalleryViewer
            images={shown}
            title={title}
            startIndex={active}
            onClose={(index) => {
              setActive(index);
              setViewerOpen(false);
            }}
          />
        </Suspense>
      ) : null}
      {model ? (
        <Suspense fallback={null}>
          <ModelViewerDialog model={model} title={title} onClose={() => setModel(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
