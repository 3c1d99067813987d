// /admin/content/articles/new and /admin/content/articles/{id}: an article (blog post or information
// page) with the rich-text editor; saved as a draft or published; a preview shows it as the store will.
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { type ArticleFormInput, articleFormSchema } from "../../../shared/admin/content.ts";
import { articlePath } from "../../../shared/content-paths.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { getAdminArticle } from "../../features/admin/content/content-data.server.ts";
import { BodyHtmlField } from "../../features/admin/content/rich-text-editor.tsx";
import { adminApi } from "../../features/admin/ui/admin-api.ts";
import { ConfirmDialog } from "../../features/admin/ui/confirm-dialog.tsx";
import {
  AdminForm,
  FormCheckbox,
  FormField,
  FormSelect,
  SubmitButton,
  useZodForm,
} from "../../features/admin/ui/form-field.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import { RICH_TEXT } from "../../features/catalog/rich-text.ts";
import type { Route } from "./+types/content.article";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "content:write");
  const idText = args.params.id ?? "new";
  const paths = services.config.store.paths;
  if (idText === "new") return { article: null, paths };
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  try {
    return { article: await getAdminArticle(services.database.db, id), paths };
  } catch {
    throw data({ message: "This article does not exist. It may have been deleted." }, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.article?.title ?? "New article"} | Back office` },
];

export default function ArticleEdit({ loaderData }: Route.ComponentProps) {
  const { article, paths } = loaderData;
  const navigate = useNavigate();
  const [preview, setPreview] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const defaults: ArticleFormInput = {
    title: article?.title ?? "",
    handle: article?.handle ?? "",
    kind: article?.kind ?? "blog",
    author: article?.author ?? "",
    imageUrl: article?.imageUrl ?? "",
    excerpt: article?.excerpt ?? "",
    bodyHtml: article?.bodyHtml ?? "",
    seoTitle: article?.seoTitle ?? "",
    seoDescription: article?.seoDescription ?? "",
    published: article?.published ?? false,
  };
  const form = useZodForm(articleFormSchema, defaults);
  const values = form.watch();
  const storeUrl = article?.published ? articlePath({ ...article, legacyId: null }, paths) : null;

  return (
    <>
      <PageHeader
        title={article ? article.title : "New article"}
        breadcrumbs={[{ label: "Content", to: "/admin/content?tab=articles" }]}
        description={article ? (article.published ? "Published" : "Draft: shoppers do not see it yet.") : undefined}
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
            {storeUrl ? (
              <a href={storeUrl} target="_blank" rel="noreferrer" className="btn-secondary">
                View on the store
              </a>
            ) : null}
            {article ? (
              <button type="button" className="btn-secondary text-sale" onClick={() => setConfirmDelete(true)}>
                Delete
              </button>
            ) : null}
          </>
        }
      />
      {preview ? (
        <Panel title="Preview (not saved yet)">
          <article className="mx-auto max-w-3xl">
            <h1 className="mb-2 text-3xl font-extrabold text-water-900">{values.title || "Untitled"}</h1>
            {values.author ? <p className="mb-4 text-muted">By {values.author}</p> : null}
            {values.imageUrl ? <img src={values.imageUrl} alt="" className="mb-4 w-full rounded-lg" /> : null}
            <div
              className={`leading-7 ${RICH_TEXT}`}
              // The editor's own HTML (the server sanitises it again when it is saved).
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
            const result = await adminApi<{ article: { id: number; published: boolean } }>(
              article ? `/api/admin/content/articles/${article.id}` : "/api/admin/content/articles",
              { method: article ? "PUT" : "POST", body: submitted },
            );
            toast.success(result.article.published ? "Article saved and published." : "Draft saved.");
            navigate(`/admin/content/articles/${result.article.id}`, { replace: true });
          }}
        >
          <Panel>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField name="title" label="Title" required />
              <FormField
                name="handle"
                label="Address"
                required
                hint="Lower-case words joined by dashes, e.g. opening-your-pool."
              />
              <FormSelect name="kind" label="Kind">
                <option value="blog">Blog post</option>
                <option value="info">Information page</option>
              </FormSelect>
              <FormField name="author" label="Author" />
              <FormField name="imageUrl" label="Picture" hint="Optional: a path on the store or an https:// address." />
              <FormField name="excerpt" label="Summary" hint="Shown in the blog list; the text's start when empty." />
            </div>
          </Panel>
          <Panel>
            <BodyHtmlField id="article-body" initialHtml={defaults.bodyHtml} />
          </Panel>
          <Panel title="Search engines">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField name="seoTitle" label="Title in search results" />
              <FormField name="seoDescription" label="Description in search results" />
            </div>
          </Panel>
          <FormCheckbox
            name="published"
            label="Published"
            hint="Shoppers see published articles; a draft stays here."
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton busyLabel="Saving...">Save article</SubmitButton>
            <Link to="/admin/content?tab=articles" className="btn-secondary">
              Cancel
            </Link>
          </div>
        </AdminForm>
      </div>
      {article ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this article?"
          description={`"${article.title}" is removed for good; links to it will show the store's "not found" page.`}
          confirmLabel="Delete article"
          busyLabel="Deleting..."
          danger
          onConfirm={async () => {
            await adminApi(`/api/admin/content/articles/${article.id}`, { method: "DELETE" });
            toast.success("Article deleted.");
            navigate("/admin/content?tab=articles");
          }}
        />
      ) : null}
    </>
  );
}
