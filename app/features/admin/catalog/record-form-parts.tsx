// The parts the brand and category forms share, inside an AdminForm: the description editor, the logo or
// banner picker, the "View in store" and save row, and the save itself (create or change, then tell the
// owner).
import { Controller, useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { adminApi } from "../../admin/ui/admin-api.ts";
import { SubmitButton } from "../../admin/ui/form-field.tsx";
import { toast } from "../../admin/ui/toast.ts";
import { ImageUrlField } from "./image-url-field.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

/** The formatted description (field `descriptionHtml`), labelled "Description". */
export function DescriptionField({ id, readOnly }: { id: string; readOnly: boolean }) {
  const { control } = useFormContext<{ descriptionHtml?: string | null }>();
  return (
    <div>
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold text-ink">
        Description
      </p>
      <Controller
        control={control}
        name="descriptionHtml"
        render={({ field }) => (
          <RichTextEditor
            id={id}
            labelledBy={`${id}-label`}
            value={field.value ?? ""}
            onChange={field.onChange}
            readOnly={readOnly}
          />
        )}
      />
    </div>
  );
}

/** An uploaded or linked picture (a brand's logo, a category's banner): the field holds its URL or null. */
export function PictureField({ name, label, readOnly }: { name: string; label: string; readOnly: boolean }) {
  const { control } = useFormContext<Record<string, string | null>>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUrlField
          label={label}
          value={field.value ?? null}
          onChange={(url) => field.onChange(url)}
          readOnly={readOnly}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The form's last row: a link to the record's page in the store (once it exists) and the save button. */
export function RecordFormFooter({
  storeHref,
  canWrite,
  children,
}: {
  storeHref: string | null;
  canWrite: boolean;
  children: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {storeHref ? (
        <Link to={storeHref} target="_blank" className="text-sm font-semibold text-aqua-600 hover:underline">
          View in store
        </Link>
      ) : (
        <span />
      )}
      {canWrite ? <SubmitButton busyLabel="Saving...">{children}</SubmitButton> : null}
    </div>
  );
}

const RECORDS = {
  brand: { path: "/api/admin/brands", name: "Brand" },
  category: { path: "/api/admin/categories", name: "Category" },
} as const;

/**
 * Adds the record (`id` null) or saves its changes, tells the owner ("Brand added.", "Category saved.")
 * and answers its id. A refusal throws with the store's message, which the form shows.
 */
export async function saveRecord(kind: keyof typeof RECORDS, id: number | null, values: unknown): Promise<number> {
  const { path, name } = RECORDS[kind];
  const answer = await adminApi<Record<string, { id: number }>>(id === null ? path : `${path}/${id}`, {
    method: id === null ? "POST" : "PUT",
    body: values,
  });
  toast.success(id === null ? `${name} added.` : `${name} saved.`);
  return answer[kind].id;
}
