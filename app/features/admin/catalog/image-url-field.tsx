// A banner or logo in a category or brand form: upload a file (stored like product images) or keep
// an address; the form holds the address.
import { useId, useRef, useState } from "react";
import { imageUrlForWidth } from "../../../../shared/image-srcset.ts";
import { AdminApiError, messageOf } from "../ui/admin-api.ts";

export function ImageUrlField({
  label,
  value,
  onChange,
  readOnly,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  readOnly?: boolean;
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function upload(file: File) {
    setBusy(true);
    setFailure(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const response = await fetch("/api/admin/catalog-images", {
        method: "POST",
        body: form,
        credentials: "same-origin",
        headers: { accept: "application/json", "idempotency-key": crypto.randomUUID() },
      });
      const body = (await response.json().catch(() => null)) as { image?: { url: string }; error?: string } | null;
      if (!response.ok || !body?.image)
        throw new AdminApiError(body?.error ?? `The upload failed (${response.status}).`, response.status);
      onChange(body.image.url);
    } catch (caught) {
      setFailure(messageOf(caught, "The upload failed."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      {value ? (
        <img
          src={imageUrlForWidth(value, 480)}
          alt=""
          className="mb-2 max-h-32 w-full rounded border border-line bg-white object-contain"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-url`}
          value={value ?? ""}
          readOnly={readOnly}
          onChange={(event) => onChange(event.target.value.trim() || null)}
          placeholder="/img/uploads/... or https://..."
          aria-invalid={error ? true : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-line px-3 read-only:bg-surface"
        />
        {readOnly ? null : (
          <>
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => input.current?.click()}>
              {busy ? "Uploading..." : "Upload"}
            </button>
            {value ? (
              <button type="button" className="btn-secondary" onClick={() => onChange(null)}>
                Remove
              </button>
            ) : null}
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className="sr-only"
              aria-label={`Upload ${label.toLowerCase()}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
                event.target.value = "";
              }}
            />
          </>
        )}
      </div>
      {failure || error ? <p className="mt-1 text-sm font-medium text-sale">{failure ?? error}</p> : null}
    </div>
  );
}
