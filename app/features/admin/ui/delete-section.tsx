// The end of an editing page or form: delete the record for good, after a confirmation that says what
// goes with it and what stays. The server refuses (with its reason shown in the dialog) what cannot go yet.
import { Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { adminApi } from "./admin-api.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export function DeleteSection({
  what,
  summary,
  details,
  path,
  onDeleted,
}: {
  /** "product", "category", "brand": the button reads "Delete product". */
  what: string;
  /** One line under the heading: what deleting means. */
  summary: string;
  /** The confirmation's text. */
  details: ReactNode;
  /** The API address to send DELETE to. */
  path: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  // One key per page: a retried click deletes once, and the answer comes back the same.
  const [key] = useState(() => (typeof crypto === "undefined" ? "" : crypto.randomUUID()));
  const label = `Delete ${what}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50/60 px-4 py-3"
    >
      <div className="min-w-0 flex-1 basis-48">
        <h2 id={headingId} className="font-semibold text-ink">
          Delete this {what}
        </h2>
        <p className="text-sm text-muted">{summary}</p>
      </div>
      <button
        type="button"
        className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-sale bg-white px-5 font-semibold text-sale hover:bg-red-100"
        onClick={() => setOpen(true)}
      >
        <Trash2 size={16} aria-hidden="true" />
        {label}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={label}
        description={details}
        confirmLabel={label}
        busyLabel="Deleting..."
        danger
        onConfirm={async () => {
          await adminApi(path, { method: "DELETE", idempotencyKey: key || undefined });
          onDeleted();
        }}
      />
    </section>
  );
}
