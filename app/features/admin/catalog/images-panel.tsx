// A product's images in the editor: drop files on the panel (or choose them with the button), put them
// in order (drag, or the move buttons for the keyboard), give each an alt text, delete one. Each change
// is saved at once (the product's other fields wait for Save).
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { imageUrlForWidth } from "../../../../shared/image-srcset.ts";
import { AdminApiError, adminApi, messageOf } from "../ui/admin-api.ts";
import { Notice, toast } from "../ui/toast.ts";

export interface PanelImage {
  id: number;
  url: string;
  altText: string | null;
}

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
const MAX_BYTES = 10 * 1024 * 1024;

async function upload(productId: number, file: File): Promise<PanelImage> {
  const form = new FormData();
  form.append("file", file);
  const response = await fetch(`/api/admin/products/${productId}/images`, {
    method: "POST",
    body: form,
    credentials: "same-origin",
    headers: { accept: "application/json", "idempotency-key": crypto.randomUUID() },
  });
  const body = (await response.json().catch(() => null)) as { image?: PanelImage; error?: string } | null;
  if (!response.ok || !body?.image) {
    throw new AdminApiError(body?.error ?? `The upload failed (${response.status}).`, response.status);
  }
  return body.image;
}

export function ImagesPanel({
  productId,
  images,
  onChange,
  readOnly,
}: {
  productId: number | null;
  images: PanelImage[];
  onChange: (images: PanelImage[]) => void;
  readOnly: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const id = useId();

  if (productId === null) {
    return <p className="text-muted">Save the product first; then add its images here.</p>;
  }

  async function addFiles(files: FileList | File[]) {
    setError(null);
    const list = [...files];
    const refused = list.filter((file) => !ACCEPT.split(",").includes(file.type) || file.size > MAX_BYTES);
    if (refused.length > 0) {
      setError(
        `${refused.map((file) => file.name).join(", ")}: images must be JPEG, PNG, WebP, GIF or AVIF, at most 10 MB.`,
      );
    }
    let current = images;
    for (const file of list.filter((candidate) => !refused.includes(candidate))) {
      setBusy(`Uploading ${file.name}...`);
      try {
        const image = await upload(productId as number, file);
        current = [...current, image];
        onChange(current);
        toast.success(`${file.name} added.`);
      } catch (failure) {
        setError(`${file.name}: ${messageOf(failure, "the upload failed.")}`);
      }
    }
    setBusy(null);
  }

  async function saveOrder(next: PanelImage[]) {
    const previous = images;
    onChange(next);
    try {
      await adminApi(`/api/admin/products/${productId}/images/order`, {
        method: "PUT",
        body: { imageIds: next.map((image) => image.id) },
      });
    } catch (failure) {
      onChange(previous);
      setError(messageOf(failure, "The new order was not saved."));
    }
  }

  function move(index: number, by: number) {
    const target = index + by;
    if (target < 0 || target >= images.length) return;
    const next = [...images];
    const [image] = next.splice(index, 1);
    next.splice(target, 0, image);
    void saveOrder(next);
  }

  async function saveAlt(image: PanelImage, altText: string) {
    if ((image.altText ?? "") === altText) return;
    try {
      await adminApi(`/api/admin/products/${productId}/images/${image.id}`, { method: "PATCH", body: { altText } });
      onChange(images.map((entry) => (entry.id === image.id ? { ...entry, altText } : entry)));
      toast.success("Alt text saved.");
    } catch (failure) {
      setError(messageOf(failure, "The alt text was not saved."));
    }
  }

  async function remove(image: PanelImage) {
    if (!window.confirm("Delete this image? Shoppers stop seeing it at once.")) return;
    try {
      await adminApi(`/api/admin/products/${productId}/images/${image.id}`, { method: "DELETE" });
      onChange(images.filter((entry) => entry.id !== image.id));
      toast.success("Image deleted.");
    } catch (failure) {
      setError(messageOf(failure, "The image was not deleted."));
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (readOnly) return;
    if (event.dataTransfer.files.length > 0) void addFiles(event.dataTransfer.files);
  };

  return (
    <div>
      {error ? <Notice tone="danger">{error}</Notice> : null}
      {images.length > 0 ? (
        <ol className="mb-3 space-y-2">
          {images.map((image, index) => (
            <li
              key={image.id}
              draggable={!readOnly}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => {
                if (dragged !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                event.stopPropagation();
                const next = [...images];
                const [moved] = next.splice(dragged, 1);
                next.splice(index, 0, moved);
                setDragged(null);
                if (dragged !== index) void saveOrder(next);
              }}
              className="flex items-center gap-3 rounded-md border border-line bg-white p-2"
            >
              <img
                src={imageUrlForWidth(image.url, 160)}
                alt=""
                width={64}
                height={64}
                className="size-16 shrink-0 rounded border border-line object-contain"
              />
              <div className="min-w-0 flex-1">
                <label htmlFor={`${id}-alt-${image.id}`} className="block text-xs font-semibold text-muted">
                  {index === 0 ? "Main image · alt text" : `Image ${index + 1} · alt text`}
                </label>
                <input
                  id={`${id}-alt-${image.id}`}
                  defaultValue={image.altText ?? ""}
                  readOnly={readOnly}
                  maxLength={500}
                  onBlur={(event) => void saveAlt(image, event.target.value)}
                  className="min-h-10 w-full rounded-md border border-line px-2 read-only:bg-surface"
                />
              </div>
              {readOnly ? null : (
                <div className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    className="btn-secondary min-h-9 px-2"
                    aria-label={`Move image ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn-secondary min-h-9 px-2"
                    aria-label={`Move image ${index + 1} down`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn-secondary min-h-9 px-2 text-sale"
                    aria-label={`Delete image ${index + 1}`}
                    onClick={() => void remove(image)}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {readOnly ? (
        images.length === 0 ? (
          <p className="text-muted">No images.</p>
        ) : null
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is also operable with its button.
        <div
          onDragOver={(event) => {
            if (dragged !== null) return;
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-5 text-center ${dragOver ? "border-aqua-500 bg-aqua-100/40" : "border-line"}`}
        >
          <ImagePlus aria-hidden="true" size={28} className="text-muted" />
          <p className="text-sm text-muted">Drop images here, or</p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => inputRef.current?.click()}
            disabled={busy !== null}
          >
            {busy ?? "Choose images"}
          </button>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            multiple
            className="sr-only"
            aria-label="Upload product images"
            data-testid="image-upload"
            onChange={(event) => {
              if (event.target.files) void addFiles(event.target.files);
              event.target.value = "";
            }}
          />
          <p className="text-xs text-muted">
            JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each. The first image is the main one.
          </p>
        </div>
      )}
    </div>
  );
}
