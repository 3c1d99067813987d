// /admin/content/help/new and /admin/content/help/{id}: a help page with the rich-text editor and a preview.
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { helpPageFormSchema } from "../../../shared/admin/content.ts";
import { helpAnswerPath } from "../../../shared/content-paths.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { getAdminHelpPage } from "../../features/admin/content/content-data.server.ts";
import { BodyHtmlField } from "../../features/admin/content/rich-text-editor.tsx";
import { adminApi } from "../../features/admin/ui/admin-api.ts";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import { AdminForm, FormField, SubmitButton, useZodForm } from "../../features/admin/ui/form-field.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import { RICH_TEXT } from "../../features/catalog/rich-text.ts";
import type { Route } from "./+types/content.help";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "content:write");
  const idText = args.params.id ?? "new";
  if (idText === "new") return { page: null };
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  try {
    return { page: await getAdminHelpPage(services.database.db, id) };
  } catch {
    throw data({ message: "This help page does not exist. It may have been deleted." }, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.page?.title ?? "New help page"} | Back office` },
];

export default function HelpPageEdit({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const navigate = useNavigate();
  const [preview, setPreview] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const defaults = {
    title: page?.title ?? "",
    handle: page?.handle ?? "",
    category: page?.category ?? "",
    bodyHtml: page?.bodyHtml ?? "",
    position: page?.position ?? 0,
  };
  const form = useZodForm(helpPageFormSchema, defaults);
  const values = form.watch();
  return (
    <>
      <PageHeader
        title={page ? page.title : "New help page"}
        breadcrumbs={[{ label: "Content", to: "/admin/content?tab=help" }]}
        actions={
          <>
            <button
              type="button"
              className="btn-secondary"
              aria-pressed={preview}
              onClick={() => setPreview((v) => !v)}
            >
              {preview ? "Back to editing" : "Preview"}
            </button>
            {page ? (
              <>
                <a href={helpAnswerPath(page.handle)} target="_blank" rel="noreferrer" className="btn-secondary">
                  View on the store
                </a>
                <button type="button" className="btn-secondary text-sale" onClick={() => setConfirmDelete(true)}>
                  Delete
                </button>
              </>
            ) : null}
          </>
        }
      />
      {preview ? (
        <Panel title="Preview (not saved yet)">
          <article className="mx-auto max-w-3xl">
            <h1 className="mb-4 text-3xl font-extrabold text-water-900">{values.title || "Untitled"}</h1>
            <div
              className={`leading-7 ${RICH_TEXT}`}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: staff's text from the editor, shown to staff.
              dangerouslySetInnerHTML={{ __html: values.bodyHtml ?? "" }}
            />
          </article>
        </Panel>
      ) : null}
      <div hidden={preview}>
        <AdminForm
          form={form}
          className="grid max-w-4xl gap-4"
          onSubmit={async (submitted) => {
            const result = await adminApi<{ helpPage: { id: number } }>(
              page ? `/api/admin/content/help-pages/${page.id}` : "/api/admin/content/help-pages",
              { method: page ? "PUT" : "POST", body: submitted },
            );
            toast.success("Help page saved: the store shows it now.");
            navigate(`/admin/content/help/${result.helpPage.id}`, { replace: true });
          }}
        >
          <Panel>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField name="title" label="Title" required />
              <FormField name="handle" label="Address" required hint="Lower-case words joined by dashes." />
              <FormField name="category" label="Category" hint="Pages of one category are listed together." />
              <FormField name="position" label="Position" type="number" min="0" step="1" hint="Lower numbers first." />
            </div>
          </Panel>
          <Panel>
            <BodyHtmlField id="help-body" initialHtml={defaults.bodyHtml} />
          </Panel>
          <div className="flex flex-wrap gap-3">
            <SubmitButton busyLabel="Saving...">Save help page</SubmitButton>
            <Link to="/admin/content?tab=help" className="btn-secondary">
              Cancel
            </Link>
          </div>
        </AdminForm>
      </div>
      {page ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this help page?"
          description={`"${page.title}" is removed for good.`}
          confirmLabel="Delete help page"
          busyLabel="Deleting..."
          danger
          onConfirm={async () => {
            await adminApi(`/api/admin/content/help-pages/${page.id}`, { method: "DELETE" });
            toast.success("Help page deleted.");
            navigate("/admin/content?tab=help");
          }}
        />
      ) : null}
    </>
  );
}
