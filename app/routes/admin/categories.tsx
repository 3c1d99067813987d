// /admin/categories: the category tree. Choose a category to rename it, give it a description and a
// banner, or move it under another parent, or delete it; the arrows reorder it among its siblings; "New
// category" adds one. Changes show in the store's menus, category pages and search within seconds.
import { ArrowDown, ArrowUp, FolderTree, Plus } from "lucide-react";
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { type CategoryInput, categoryInputSchema } from "../../../shared/admin/catalog.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { listCategories } from "../../features/admin/catalog/catalog-admin.server.ts";
import { categoryLabels } from "../../features/admin/catalog/catalog-types.ts";
import {
  DescriptionField,
  PictureField,
  RecordFormFooter,
  saveRecord,
} from "../../features/admin/catalog/record-form-parts.tsx";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { DeleteSection } from "../../features/admin/ui/delete-section.tsx";
import { AdminForm, FormField, useZodForm } from "../../features/admin/ui/form-field.tsx";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { RecordSidebar } from "../../features/admin/ui/record-sidebar.tsx";
import { Notice, toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/categories";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  const store = services.config.store;
  const categories = await listCategories(services.database.db, store.themeConfig.imagePlacements.collection.topBanner);
  return {
    categories,
    labels: categoryLabels(categories),
    canWrite: staffCan(staff, "catalog:write"),
    collectionsPath: store.paths.collections,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Categories | Back office" }];

type Category = Route.ComponentProps["loaderData"]["categories"][number];

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { categories, labels, canWrite, collectionsPath } = loaderData;
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const selectedId = Number(params.get("category")) || null;
  const creating = params.get("new") === "1";
  const selected = categories.find((category) => category.id === selectedId) ?? null;
  const [moveError, setMoveError] = useState<string | null>(null);

  const siblingsOf = (category: Category) => categories.filter((other) => other.parentId === category.parentId);

  async function move(category: Category, by: number) {
    setMoveError(null);
    const siblings = siblingsOf(category);
    const index = siblings.findIndex((other) => other.id === category.id);
    const target = index + by;
    if (target < 0 || target >= siblings.length) return;
    try {
      await adminApi(`/api/admin/categories/${category.id}/move`, {
        method: "POST",
        body: { parentId: category.parentId, position: target },
      });
      revalidator.revalidate();
    } catch (error) {
      setMoveError(messageOf(error, "The category was not moved."));
    }
  }

  const choose = (id: number | null, isNew = false) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.delete("category");
      copy.delete("new");
      if (id !== null) copy.set("category", String(id));
      if (isNew) copy.set("new", "1");
      return copy;
    });

  return (
    <div>
      <PageHeader
        title="Categories"
        description="The store's category tree: menus, category pages and the product filters follow it."
        actions={
          canWrite ? (
            <button type="button" className="btn-primary" onClick={() => choose(null, true)}>
              <Plus size={18} aria-hidden="true" />
              New category
            </button>
          ) : null
        }
      />
      {moveError ? <Notice tone="danger">{moveError}</Notice> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <Panel>
          {categories.length === 0 ? (
            <p className="text-muted">No categories yet. Add the first with "New category".</p>
          ) : (
            <ul aria-label="Category tree" className="divide-y divide-line">
              {categories.map((category) => {
                const siblings = siblingsOf(category);
                const index = siblings.findIndex((other) => other.id === category.id);
                return (
                  <li
                    key={category.id}
                    className={`flex items-center gap-2 py-1.5 ${category.id === selectedId ? "bg-aqua-100/40" : ""}`}
                    style={{ paddingLeft: `${(category.level - 1) * 1.25 + 0.25}rem` }}
                  >
                    <FolderTree size={16} aria-hidden="true" className="shrink-0 text-muted" />
                    <button
                      type="button"
                      className="min-h-9 min-w-0 flex-1 text-left font-semibold break-words text-aqua-600 hover:underline lg:truncate"
                      aria-current={category.id === selectedId ? "true" : undefined}
                      onClick={() => choose(category.id)}
                    >
                      {category.title}
                    </button>
                    <span className="shrink-0 text-xs text-muted tabular">
                      {category.productCount}
                      {/* A phone keeps the width for the title: the number alone shows, the word is read. */}
                      <span className="max-lg:sr-only"> products</span>
                    </span>
                    {canWrite ? (
                      <span className="flex shrink-0 gap-1">
                        <button
                          type="button"
                          className="btn-secondary min-h-8 px-2"
                          aria-label={`Move ${category.title} up`}
                          disabled={index <= 0}
                          onClick={() => void move(category, -1)}
                        >
                          <ArrowUp size={14} aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className="btn-secondary min-h-8 px-2"
                          aria-label={`Move ${category.title} down`}
                          disabled={index === siblings.length - 1}
                          onClick={() => void move(category, 1)}
                        >
                          <ArrowDown size={14} aria-hidden="true" />
                        </button>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>
        <RecordSidebar
          open={Boolean(selected || creating)}
          scrolls
          hint={`Choose a category to change it${canWrite ? ', or add one with "New category"' : ""}.`}
        >
          <CategoryForm
            key={selected?.id ?? "new"}
            category={creating ? null : selected}
            categories={categories}
            labels={labels}
            canWrite={canWrite}
            collectionsPath={collectionsPath}
            onSaved={(id) => {
              revalidator.revalidate();
              choose(id);
            }}
          />
          {selected && !creating && canWrite ? (
            <DeleteSection
              key={`delete-${selected.id}`}
              what="category"
              summary="Its products stay in the store. A category with subcategories cannot be deleted."
              details={
                <>
                  <strong>{selected.title}</strong> will be deleted. Its {selected.productCount}{" "}
                  {selected.productCount === 1 ? "product stays" : "products stay"} in the store (in their other
                  categories, or in none), its page will answer "not found" and a menu item standing for it goes.
                </>
              }
              path={`/api/admin/categories/${selected.id}`}
              onDeleted={() => {
                toast.success(`Deleted the category ${selected.title}.`);
                choose(null);
                revalidator.revalidate();
              }}
            />
          ) : null}
        </RecordSidebar>
      </div>
    </div>
  );
}

function CategoryForm({
  category,
  categories,
  labels,
  canWrite,
  collectionsPath,
  onSaved,
}: {
  category: Category | null;
  categories: Category[];
  labels: Array<{ id: number; label: string }>;
  canWrite: boolean;
  collectionsPath: string;
  onSaved: (id: number) => void;
}) {
  const initial: CategoryInput = {
    title: category?.title ?? "",
    handle: category?.handle ?? "",
    parentId: category?.parentId ?? null,
    descriptionHtml: category?.descriptionHtml ?? "",
    bannerUrl: category?.bannerUrl ?? null,
  };
  const form = useZodForm(categoryInputSchema, initial);
  // A category cannot go under itself or its own subcategories: those are not offered.
  const below = new Set<number>(category ? [category.id] : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of categories) {
      if (entry.parentId !== null && below.has(entry.parentId) && !below.has(entry.id)) {
        below.add(entry.id);
        grew = true;
      }
    }
  }
  return (
    <Panel title={category ? `Edit "${category.title}"` : "New category"}>
      <AdminForm
        form={form}
        onSubmit={async (values) => onSaved(await saveRecord("category", category?.id ?? null, values))}
      >
        <fieldset disabled={!canWrite} className="space-y-4">
          <FormField name="title" label="Name" required />
          <FormField
            name="handle"
            label="Handle"
            hint="The end of the category's address. Blank: made from the name."
          />
          <div>
            <label htmlFor="category-parent" className="mb-1 block text-sm font-semibold text-ink">
              Parent
            </label>
            <select
              id="category-parent"
              className="min-h-11 w-full rounded-md border border-line bg-white px-3"
              {...form.register("parentId", {
                setValueAs: (value) => (value === "" || value === null ? null : Number(value)),
              })}
            >
              <option value="">None (top level)</option>
              {labels
                .filter((entry) => !below.has(entry.id))
                .map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.label}
                  </option>
                ))}
            </select>
          </div>
          <DescriptionField id="category-description" readOnly={!canWrite} />
          <PictureField name="bannerUrl" label="Banner" readOnly={!canWrite} />
          <RecordFormFooter storeHref={category ? `${collectionsPath}/${category.handle}` : null} canWrite={canWrite}>
            {category ? "Save category" : "Add category"}
          </RecordFormFooter>
        </fieldset>
      </AdminForm>
    </Panel>
  );
}
