// The product editor (/admin/products/new and /admin/products/:id): one react-hook-form form checked
// by the schema the API judges by (shared/admin/product.ts). The server's refusals land on the field
// they name ("variants.1.sku: ..."). Leaving with unsaved changes asks first. A role that may only
// read sees every field disabled and no Save button (the API refuses its writes with 403 anyway).
import { ExternalLink, Plus, Trash2, Wand2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  Controller,
  FormProvider,
  get,
  type UseFormReturn,
  useFieldArray,
  useFormContext,
  useWatch,
} from "react-hook-form";
import { Link, useBlocker, useNavigate } from "react-router";
import {
  MAX_OPTIONS,
  type ProductInput,
  type ProductValues,
  productInputSchema,
} from "../../../../shared/admin/product.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { AdminApiError, adminApi, messageOf } from "../ui/admin-api.ts";
import { DeleteSection } from "../ui/delete-section.tsx";
import { useZodForm } from "../ui/form-field.tsx";
import { Panel } from "../ui/page-header.tsx";
import { toast } from "../ui/toast.ts";
import type { BrandOption } from "./catalog-types.ts";
import { ImagesPanel, type PanelImage } from "./images-panel.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

export interface EditorProduct {
  id: number;
  handle: string;
  status: "draft" | "published";
  images: PanelImage[];
  values: ProductInput;
}

type Form = UseFormReturn<ProductInput, unknown, ProductValues>;
type VariantField = "sku" | "price" | "compareAtPrice" | "cost" | "weightGrams" | "stock" | "lowStockThreshold";

export const NEW_PRODUCT_VALUES: ProductInput = {
  title: "",
  handle: "",
  descriptionHtml: "",
  vendorId: null,
  categoryIds: [],
  tags: [],
  partNumber: "",
  supersededPartNumbers: [],
  seoTitle: "",
  seoDescription: "",
  status: "draft",
  options: [],
  variants: [emptyVariant([])],
};

function emptyVariant(optionValues: string[]): ProductInput["variants"][number] {
  return {
    id: null,
    optionValues,
    sku: "",
    // Blank until typed (the schema asks for an amount).
    price: undefined as unknown as number,
    compareAtPrice: null,
    cost: null,
    weightGrams: null,
    stock: 0,
    backorder: false,
    tracked: true,
    lowStockThreshold: null,
  };
}

const inputClass =
  "min-h-11 w-full rounded-md border border-line bg-white px-3 text-base text-ink focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 disabled:bg-surface aria-invalid:border-sale";
const cellInput =
  "min-h-10 w-full min-w-16 rounded-md border border-line bg-white px-2 text-sm tabular focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 disabled:bg-surface aria-invalid:border-sale";

const numberOrNull = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));
const numberOrNaN = (value: unknown) =>
  value === "" || value === null || value === undefined ? Number.NaN : Number(value);

function errorAt(errors: unknown, name: string): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

function Field({
  label,
  name,
  hint,
  required,
  children,
  id,
}: {
  label: string;
  name: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  id: string;
}) {
  const { formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-sale">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A list of words in one text box ("a, b, c" or one per line), kept as an array in the form. */
function ListInput({
  name,
  id,
  separator,
  placeholder,
  multiline,
}: {
  name: "tags" | "supersededPartNumbers" | `options.${number}.values`;
  id: string;
  separator: "," | "\n";
  placeholder?: string;
  multiline?: boolean;
}) {
  const { control, trigger } = useFormContext<ProductInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const list = (field.value as string[] | undefined) ?? [];
        return (
          <ListText
            id={id}
            list={list}
            separator={separator}
            placeholder={placeholder}
            multiline={multiline}
            invalid={Boolean(fieldState.error) || Array.isArray(fieldState.error)}
            onList={(next) => {
              field.onChange(next);
              // A message the new list answers goes at once (not on leaving the field, which would
              // move the page under the pointer).
              if (fieldState.error) void trigger(name);
            }}
            onBlur={field.onBlur}
          />
        );
      }}
    />
  );
}

function ListText({
  id,
  list,
  separator,
  placeholder,
  multiline,
  invalid,
  onList,
  onBlur,
}: {
  id: string;
  list: string[];
  separator: "," | "\n";
  placeholder?: string;
  multiline?: boolean;
  invalid: boolean;
  onList: (list: string[]) => void;
  onBlur: () => void;
}) {
  const joiner = separator === "," ? ", " : "\n";
  const [text, setText] = useState(list.join(joiner));
  const last = useRef(list.join(joiner));
  // A reset from outside (after a save) shows the new list.
  useEffect(() => {
    const joined = list.join(joiner);
    if (joined !== last.current) {
      setText(joined);
      last.current = joined;
    }
  }, [list, joiner]);
  const change = (value: string) => {
    setText(value);
    const next = value
      .split(separator === "," ? /,/ : /\n/)
      .map((part) => part.trim())
      .filter(Boolean);
    last.current = next.join(joiner);
    onList(next);
  };
  const props = {
    id,
    value: text,
    placeholder,
    "aria-invalid": invalid || undefined,
    "aria-describedby": `${id}-hint`,
    onChange: (event: { target: { value: string } }) => change(event.target.value),
    onBlur,
  };
  return multiline ? (
    <textarea {...props} rows={4} className={`${inputClass} py-2`} />
  ) : (
    <input {...props} className={inputClass} />
  );
}

/** The server's "path: message; path: message" refusal, put on the fields it names; the rest at the top. */
function showServerErrors(form: Form, error: unknown): void {
  const text = messageOf(error, "The product was not saved. Please try again.").replace(/^Invalid request:\s*/, "");
  const leftover: string[] = [];
  for (const part of text.split("; ")) {
    const match = /^(?:field )?([a-zA-Z]+(?:\.[\w]+)*): (.+)$/.exec(part);
    if (match && match[1] in NEW_PRODUCT_VALUES) {
      form.setError(match[1] as never, { type: "server", message: match[2] }, { shouldFocus: leftover.length === 0 });
    } else {
      leftover.push(part);
    }
  }
  if (leftover.length > 0 || error instanceof AdminApiError === false) {
    form.setError("root", { type: "server", message: leftover.join(" ") || text });
  } else {
    form.setError("root", { type: "server", message: "The product was not saved: fix the fields marked below." });
  }
}

export function ProductEditor({
  product,
  brands,
  categories,
  canWrite,
  productsPath,
}: {
  product: EditorProduct | null;
  brands: BrandOption[];
  categories: Array<{ id: number; label: string }>;
  canWrite: boolean;
  productsPath: string;
}) {
  const form = useZodForm(productInputSchema, product?.values ?? NEW_PRODUCT_VALUES) as Form;
  const navigate = useNavigate();
  const [images, setImages] = useState<PanelImage[]>(product?.images ?? []);
  const [current, setCurrent] = useState(product);
  const leaving = useRef(false);
  const id = useId();
  const readOnly = !canWrite;
  const { isDirty, isSubmitting, errors } = form.formState;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && isDirty && !readOnly && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have unsaved changes. Leave this page and lose them?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!isDirty || readOnly) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty, readOnly]);

  async function save(values: ProductValues) {
    try {
      const { product: saved } = await adminApi<{
        product: EditorProduct["values"] & {
          id: number;
          handle: string;
          status: "draft" | "published";
          images: PanelImage[];
        };
      }>(current ? `/api/admin/products/${current.id}` : "/api/admin/products", {
        method: current ? "PUT" : "POST",
        body: values,
      });
      if (!current) {
        // The new product's own page takes over (a fresh editor with its images panel).
        leaving.current = true;
        toast.success("Product created. Add its images below.");
        navigate(`/admin/products/${saved.id}`, { replace: true });
        return;
      }
      const next = toEditorProduct(saved);
      form.reset(next.values);
      setCurrent(next);
      toast.success("Product saved.");
    } catch (error) {
      showServerErrors(form, error);
    }
  }

  const rootError = errors.root?.message;
  const status = useWatch({ control: form.control, name: "status" });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(save)} aria-label="Product">
        <div className="sticky top-0 z-10 -mx-4 mb-4 flex flex-wrap items-center justify-between gap-3 border-b border-line bg-surface/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {current ? (
              <a
                href={`${productsPath}/${current.handle}`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-aqua-600 hover:underline"
              >
                View in store
                <ExternalLink size={14} aria-hidden="true" />
              </a>
            ) : null}
            {current && current.status === "draft" ? (
              <span className="text-muted">Draft: shoppers cannot see it yet.</span>
            ) : null}
            {isDirty && !readOnly ? <span className="font-semibold text-amber-800">Unsaved changes</span> : null}
          </div>
          {readOnly ? (
            <span className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-muted">Read only</span>
          ) : (
            <div className="flex gap-2">
              <Link to="/admin/products" className="btn-secondary">
                Cancel
              </Link>
              <BusyButton busy={isSubmitting} busyLabel="Saving...">
                {current ? "Save product" : "Create product"}
              </BusyButton>
            </div>
          )}
        </div>
        {readOnly ? (
          <Notice tone="info">
            Your role can look at products but not change them. Ask a manager or the owner for changes.
          </Notice>
        ) : null}
        {typeof rootError === "string" ? (
          <div role="alert">
            <Notice tone="danger">{rootError}</Notice>
          </div>
        ) : null}
        <fieldset disabled={readOnly} className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
            <Panel>
              <div className="space-y-4">
                <Field label="Title" name="title" id={`${id}-title`} required>
                  <input
                    id={`${id}-title`}
                    className={inputClass}
                    aria-invalid={errors.title ? true : undefined}
                    {...form.register("title")}
                  />
                </Field>
                <div>
                  <p id={`${id}-description-label`} className="mb-1 block text-sm font-semibold text-ink">
                    Description
                  </p>
                  <Controller
                    control={form.control}
                    name="descriptionHtml"
                    render={({ field }) => (
                      <RichTextEditor
                        id={`${id}-description`}
                        labelledBy={`${id}-description-label`}
                        value={field.value ?? ""}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        readOnly={readOnly}
                      />
                    )}
                  />
                </div>
              </div>
            </Panel>
            <Panel title="Images">
              <ImagesPanel productId={current?.id ?? null} images={images} onChange={setImages} readOnly={readOnly} />
            </Panel>
          </div>
          <div className="min-w-0 space-y-4">
            <Panel title="Status">
              <Field
                label="Visibility"
                name="status"
                id={`${id}-status`}
                hint={status === "published" ? "Shoppers see it within seconds of saving." : "Only staff see a draft."}
              >
                <select id={`${id}-status`} className={inputClass} {...form.register("status")}>
                  <option value="draft">Draft</option>
                  <option value="published">Published</option>
                </select>
              </Field>
            </Panel>
            <Panel title="Organisation">
              <div className="space-y-4">
                <Field label="Brand" name="vendorId" id={`${id}-brand`}>
                  <select
                    id={`${id}-brand`}
                    className={inputClass}
                    {...form.register("vendorId", { setValueAs: numberOrNull })}
                  >
                    <option value="">No brand</option>
                    {brands.map((brand) => (
                      <option key={brand.id} value={brand.id}>
                        {brand.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <CategoryPicker categories={categories} />
                <Field
                  label="Tags"
                  name="tags"
                  id={`${id}-tags`}
                  hint="One per line, as Prefix_Value (Horsepower_1.5 HP). Shoppers filter by them."
                >
                  <ListInput name="tags" id={`${id}-tags`} separator={"\n"} multiline placeholder="Horsepower_1.5 HP" />
                </Field>
              </div>
            </Panel>
            <Panel title="Part numbers">
              <div className="space-y-4">
                <Field
                  label="Part number"
                  name="partNumber"
                  id={`${id}-part`}
                  hint="As printed by the maker; shoppers search by it."
                >
                  <input id={`${id}-part`} className={`${inputClass} font-mono`} {...form.register("partNumber")} />
                </Field>
                <Field
                  label="Superseded part numbers"
                  name="supersededPartNumbers"
                  id={`${id}-superseded`}
                  hint="Older numbers this part replaces, separated by commas."
                >
                  <ListInput name="supersededPartNumbers" id={`${id}-superseded`} separator="," />
                </Field>
                <Field
                  label="Handle"
                  name="handle"
                  id={`${id}-handle`}
                  hint={
                    current
                      ? "The end of the product's address. Changing it keeps the old address working (it redirects)."
                      : "Blank: made from the title."
                  }
                >
                  <input id={`${id}-handle`} className={`${inputClass} font-mono`} {...form.register("handle")} />
                </Field>
              </div>
            </Panel>
          </div>
          <div className="min-w-0 space-y-4 lg:col-span-2">
            <OptionsAndVariants readOnly={readOnly} />
            <Panel title="Search engines">
              <div className="space-y-4">
                <Field label="SEO title" name="seoTitle" id={`${id}-seo-title`} hint="Blank: the product's title.">
                  <input id={`${id}-seo-title`} className={inputClass} {...form.register("seoTitle")} />
                </Field>
                <Field
                  label="SEO description"
                  name="seoDescription"
                  id={`${id}-seo-description`}
                  hint="About 150 characters shown under the title in search results."
                >
                  <textarea
                    id={`${id}-seo-description`}
                    rows={3}
                    className={`${inputClass} py-2`}
                    {...form.register("seoDescription")}
                  />
                </Field>
              </div>
            </Panel>
          </div>
        </fieldset>
      </form>
      {current && !readOnly ? (
        <DeleteSection
          what="product"
          summary="For good, with its variants, stock and images. To only hide it from shoppers, set it to Draft."
          details={
            <>
              <strong>{current.values.title}</strong> will be deleted for good, with its variants, stock, images and
              reviews, and removed from shoppers' carts. Its page will answer "not found". Orders that include it keep
              their lines as sold.
            </>
          }
          path={`/api/admin/products/${current.id}`}
          onDeleted={() => {
            toast.success(`Deleted ${current.values.title}.`);
            leaving.current = true;
            navigate("/admin/products", { replace: true });
          }}
        />
      ) : null}
    </FormProvider>
  );
}

/** The API's product (EditableProduct) as the editor's starting values. */
export function toEditorProduct(
  product: {
    id: number;
    handle: string;
    status: "draft" | "published";
    images: PanelImage[];
  } & ProductInput,
): EditorProduct {
  return {
    id: product.id,
    handle: product.handle,
    status: product.status,
    images: product.images.map(({ id, url, altText }) => ({ id, url, altText })),
    values: {
      title: product.title,
      handle: product.handle,
      descriptionHtml: product.descriptionHtml ?? "",
      vendorId: product.vendorId ?? null,
      categoryIds: product.categoryIds ?? [],
      tags: product.tags ?? [],
      partNumber: product.partNumber ?? "",
      supersededPartNumbers: product.supersededPartNumbers ?? [],
      seoTitle: product.seoTitle ?? "",
      seoDescription: product.seoDescription ?? "",
      status: product.status,
      options: product.options ?? [],
      variants: product.variants.map((variant) => ({
        id: variant.id ?? null,
        optionValues: variant.optionValues ?? [],
        sku: variant.sku,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice ?? null,
        cost: variant.cost ?? null,
        weightGrams: variant.weightGrams ?? null,
        stock: variant.stock,
        backorder: variant.backorder ?? false,
        tracked: variant.tracked ?? true,
        lowStockThreshold: variant.lowStockThreshold ?? null,
      })),
    },
  };
}

function CategoryPicker({ categories }: { categories: Array<{ id: number; label: string }> }) {
  const { control } = useFormContext<ProductInput>();
  const [filter, setFilter] = useState("");
  const id = useId();
  return (
    <Controller
      control={control}
      name="categoryIds"
      render={({ field, fieldState }) => {
        const chosen = new Set(field.value ?? []);
        const shown = categories.filter(
          (category) => chosen.has(category.id) || category.label.toLowerCase().includes(filter.trim().toLowerCase()),
        );
        return (
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-ink">Categories</legend>
            <label htmlFor={`${id}-filter`} className="sr-only">
              Find a category
            </label>
            <input
              id={`${id}-filter`}
              type="search"
              placeholder="Find a category"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              className={`${inputClass} mb-2 min-h-9 text-sm`}
            />
            <div className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-line p-2">
              {shown.length === 0 ? <p className="text-sm text-muted">No category matches.</p> : null}
              {shown.map((category) => (
                <label key={category.id} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-aqua-600"
                    checked={chosen.has(category.id)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(category.id);
                      else next.delete(category.id);
                      field.onChange([...next]);
                    }}
                  />
                  <span>{category.label}</span>
                </label>
              ))}
            </div>
            {fieldState.error?.message ? <p className="mt-1 text-sm text-sale">{fieldState.error.message}</p> : null}
          </fieldset>
        );
      }}
    />
  );
}

function OptionsAndVariants({ readOnly }: { readOnly: boolean }) {
  const form = useFormContext<ProductInput>();
  const { control, register, formState } = form;
  const options = useFieldArray({ control, name: "options" });
  const variants = useFieldArray({ control, name: "variants", keyName: "key" });
  const optionValues = useWatch({ control, name: "options" }) ?? [];
  const partNumber = useWatch({ control, name: "partNumber" });
  const variantValues = useWatch({ control, name: "variants" }) ?? [];
  const id = useId();
  const variantsError = errorAt(formState.errors, "variants") ?? errorAt(formState.errors, "variants.root");

  function generate() {
    const lists = optionValues.map((option) => (option.values ?? []).filter(Boolean));
    if (lists.length === 0 || lists.some((list) => list.length === 0)) {
      form.setError("variants", { message: "Give every option at least one value first." });
      return;
    }
    const combos = lists.reduce<string[][]>(
      (all, list) => all.flatMap((combo) => list.map((value) => [...combo, value])),
      [[]],
    );
    const existing = form.getValues("variants");
    const key = (values: readonly string[]) => values.map((value) => value.toLowerCase()).join("\u0000");
    const byCombo = new Map(existing.map((variant) => [key(variant.optionValues ?? []), variant]));
    const base = (partNumber || "SKU").toUpperCase();
    const next = combos.map(
      (combo) =>
        byCombo.get(key(combo)) ?? {
          ...emptyVariant(combo),
          sku: `${base}-${combo.map((value) => value.toUpperCase().replace(/[^A-Z0-9]+/g, "")).join("-")}`,
          price: existing[0]?.price ?? (undefined as unknown as number),
        },
    );
    variants.replace(next);
  }

  return (
    <Panel title="Options and variants">
      <div className="space-y-3">
        {options.fields.map((option, index) => (
          <div
            key={option.id}
            className="grid gap-2 rounded-md border border-line p-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
          >
            <Field label="Option" name={`options.${index}.name`} id={`${id}-option-${index}`}>
              <input
                id={`${id}-option-${index}`}
                className={inputClass}
                placeholder="Voltage"
                {...register(`options.${index}.name`)}
              />
            </Field>
            <Field
              label="Values"
              name={`options.${index}.values`}
              id={`${id}-values-${index}`}
              hint="Separated by commas: 115 V, 230 V"
            >
              <ListInput name={`options.${index}.values`} id={`${id}-values-${index}`} separator="," />
            </Field>
            {readOnly ? null : (
              <button
                type="button"
                className="btn-secondary mt-6 min-h-11 px-3 text-sale"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => {
                  options.remove(index);
                  for (const [variantIndex, variant] of form.getValues("variants").entries()) {
                    form.setValue(
                      `variants.${variantIndex}.optionValues`,
                      (variant.optionValues ?? []).filter((_, optionIndex) => optionIndex !== index),
                      { shouldDirty: true },
                    );
                  }
                }}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            )}
          </div>
        ))}
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            {options.fields.length < MAX_OPTIONS ? (
              <button type="button" className="btn-secondary" onClick={() => options.append({ name: "", values: [] })}>
                <Plus size={16} aria-hidden="true" />
                Add option
              </button>
            ) : null}
            {options.fields.length > 0 ? (
              <button type="button" className="btn-secondary" onClick={generate}>
                <Wand2 size={16} aria-hidden="true" />
                Make a variant for each combination
              </button>
            ) : null}
          </div>
        )}

        {variantsError ? (
          <p className="text-sm font-medium text-sale" role="alert">
            {variantsError}
          </p>
        ) : null}
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Variants</caption>
            <thead className="bg-surface text-xs font-semibold text-muted uppercase">
              <tr>
                {optionValues.map((option, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity (values follow it).
                  <th key={`${index}-${option.name}`} scope="col" className="px-2 py-2">
                    {option.name || `Option ${index + 1}`}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2">
                  SKU
                </th>
                <th scope="col" className="px-2 py-2">
                  Price
                </th>
                <th scope="col" className="px-2 py-2">
                  Compare at
                </th>
                <th scope="col" className="px-2 py-2">
                  Cost
                </th>
                <th scope="col" className="px-2 py-2">
                  Weight (g)
                </th>
                <th scope="col" className="px-2 py-2">
                  Track
                </th>
                <th scope="col" className="px-2 py-2">
                  Stock
                </th>
                <th scope="col" className="px-2 py-2">
                  Backorder
                </th>
                <th scope="col" className="px-2 py-2">
                  Low at
                </th>
                {readOnly ? null : (
                  <th scope="col" className="px-2 py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {variants.fields.map((variant, index) => {
                const name = (field: VariantField) => `variants.${index}.${field}` as const;
                const cell = (field: VariantField, label: string, input: ReactNode) => {
                  const error = errorAt(formState.errors, name(field));
                  return (
                    <td className="px-2 py-2 align-top">
                      {input}
                      {error ? (
                        <p
                          className="mt-1 max-w-40 text-xs font-medium text-sale"
                          id={`${id}-v${index}-${field}-error`}
                        >
                          <span className="sr-only">{label}: </span>
                          {error}
                        </p>
                      ) : null}
                    </td>
                  );
                };
                const invalid = (field: VariantField) => (errorAt(formState.errors, name(field)) ? true : undefined);
                const described = (field: VariantField) =>
                  errorAt(formState.errors, name(field)) ? `${id}-v${index}-${field}-error` : undefined;
                return (
                  <tr key={variant.key} className="border-t border-line">
                    {optionValues.map((option, optionIndex) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity (values follow it).
                      <td key={`${optionIndex}-${option.name}`} className="px-2 py-2 align-top">
                        <select
                          aria-label={`Variant ${index + 1} ${option.name || `option ${optionIndex + 1}`}`}
                          className={`${cellInput} min-w-28`}
                          {...register(`variants.${index}.optionValues.${optionIndex}`)}
                        >
                          <option value="">Choose</option>
                          {(option.values ?? []).map((value) => (
                            <option key={value} value={value}>
                              {value}
                            </option>
                          ))}
                        </select>
                        {errorAt(formState.errors, `variants.${index}.optionValues.${optionIndex}`) ? (
                          <p className="mt-1 text-xs text-sale">
                            {errorAt(formState.errors, `variants.${index}.optionValues.${optionIndex}`)}
                          </p>
                        ) : null}
                        {optionIndex === 0 && errorAt(formState.errors, `variants.${index}.optionValues`) ? (
                          <p className="mt-1 text-xs text-sale">
                            {errorAt(formState.errors, `variants.${index}.optionValues`)}
                          </p>
                        ) : null}
                      </td>
                    ))}
                    {cell(
                      "sku",
                      "SKU",
                      <input
                        aria-label={`Variant ${index + 1} SKU`}
                        aria-invalid={invalid("sku")}
                        aria-describedby={described("sku")}
                        className={`${cellInput} min-w-44 font-mono`}
                        {...register(name("sku"))}
                      />,
                    )}
                    {cell(
                      "price",
                      "Price",
                      <input
                        aria-label={`Variant ${index + 1} price`}
                        aria-invalid={invalid("price")}
                        aria-describedby={described("price")}
                        inputMode="decimal"
                        className={cellInput}
                        {...register(name("price"), { setValueAs: numberOrNaN })}
                      />,
                    )}
                    {cell(
                      "compareAtPrice",
                      "Compare-at price",
                      <input
                        aria-label={`Variant ${index + 1} compare-at price`}
                        aria-invalid={invalid("compareAtPrice")}
                        aria-describedby={described("compareAtPrice")}
                        inputMode="decimal"
                        className={cellInput}
                        {...register(name("compareAtPrice"), { setValueAs: numberOrNull })}
                      />,
                    )}
                    {cell(
                      "cost",
                      "Cost",
                      <input
                        aria-label={`Variant ${index + 1} cost`}
                        aria-invalid={invalid("cost")}
                        inputMode="decimal"
                        className={cellInput}
                        {...register(name("cost"), { setValueAs: numberOrNull })}
                      />,
                    )}
                    {cell(
                      "weightGrams",
                      "Weight",
                      <input
                        aria-label={`Variant ${index + 1} weight in grams`}
                        aria-invalid={invalid("weightGrams")}
                        inputMode="numeric"
                        className={cellInput}
                        {...register(name("weightGrams"), { setValueAs: numberOrNull })}
                      />,
                    )}
                    <td className="px-2 py-2 text-center align-top">
                      <input
                        type="checkbox"
                        aria-label={`Variant ${index + 1} counts its stock`}
                        className="mt-2 size-5 accent-aqua-600"
                        {...register(`variants.${index}.tracked`)}
                      />
                    </td>
                    {cell(
                      "stock",
                      "Stock",
                      <input
                        aria-label={`Variant ${index + 1} stock`}
                        aria-invalid={invalid("stock")}
                        inputMode="numeric"
                        // Not counted: the number stays (it comes back if counting is turned on) but is not edited.
                        readOnly={variantValues[index]?.tracked === false}
                        title={variantValues[index]?.tracked === false ? "Not tracked: always sells" : undefined}
                        className={`${cellInput} read-only:bg-surface read-only:text-muted`}
                        {...register(name("stock"), { setValueAs: numberOrNaN })}
                      />,
                    )}
                    <td className="px-2 py-2 text-center align-top">
                      <input
                        type="checkbox"
                        aria-label={`Variant ${index + 1} sells when out of stock`}
                        className="mt-2 size-5 accent-aqua-600"
                        {...register(`variants.${index}.backorder`)}
                      />
                    </td>
                    {cell(
                      "lowStockThreshold",
                      "Low-stock threshold",
                      <input
                        aria-label={`Variant ${index + 1} low-stock threshold`}
                        placeholder="Store"
                        inputMode="numeric"
                        className={cellInput}
                        {...register(name("lowStockThreshold"), { setValueAs: numberOrNull })}
                      />,
                    )}
                    {readOnly ? null : (
                      <td className="px-2 py-2 align-top">
                        <button
                          type="button"
                          className="btn-secondary min-h-10 px-2 text-sale"
                          aria-label={`Remove variant ${index + 1}`}
                          disabled={variants.fields.length === 1}
                          onClick={() => variants.remove(index)}
                        >
                          <Trash2 size={16} aria-hidden="true" />
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {readOnly ? null : (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => variants.append(emptyVariant(optionValues.map(() => "")))}
          >
            <Plus size={16} aria-hidden="true" />
            Add variant
          </button>
        )}
        <p className="text-sm text-muted">
          Prices in the store's currency. Stock is the count on hand; a change here is recorded in the variant's stock
          history. Track off: the stock is not counted and the variant always sells (drop-shipped or made to order).
          Backorder: the variant still sells at 0. "Low at": the low-stock threshold (blank: the store's).
        </p>
      </div>
    </Panel>
  );
}
