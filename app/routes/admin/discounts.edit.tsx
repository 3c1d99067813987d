// /admin/discounts/new and /admin/discounts/{id}: the discount code form. Every rule the checkout
// enforces can be set here: percentage, amount or free shipping; minimum subtotal; start and end;
// usage limit; once per customer; all products, some products or some categories.
import { useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { data, Link, useNavigate } from "react-router";
import {
  DISCOUNT_KIND_LABELS,
  DISCOUNT_SCOPE_LABELS,
  type DiscountFormInput,
  discountFormSchema,
} from "../../../shared/admin/discounts.ts";
import { formatMoney } from "../../../shared/money.ts";
import { displayCurrency } from "../../../shared/store-config.ts";
import { requireStaffPage } from "../../features/admin/admin-session.server.ts";
import { getDiscount, listCategoryChoices } from "../../features/admin/discounts/discounts-data.server.ts";
import { type PickedProduct, ProductPicker } from "../../features/admin/discounts/product-picker.tsx";
import { StandingBadge } from "../../features/admin/discounts/standing-badge.tsx";
import { adminApi } from "../../features/admin/ui/admin-api.ts";
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
import type { Route } from "./+types/discounts.edit";

export async function loader(args: Route.LoaderArgs) {
  const { services } = requireStaffPage(args, "discounts:write");
  const db = services.database.db;
  const categories = await listCategoryChoices(db);
  const currency = displayCurrency(services.config.store);
  const idText = args.params.id ?? "new";
  if (idText === "new") return { discount: null, categories, currency };
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  try {
    return { discount: await getDiscount(db, id), categories, currency };
  } catch {
    throw data({ message: "This discount code does not exist. It may have been deleted." }, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.discount ? loaderData.discount.code : "New discount code"} | Back office` },
];

/** An ISO instant as the value of a datetime-local input (the browser's own time zone). */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export default function DiscountEdit({ loaderData }: Route.ComponentProps) {
  const { discount, categories, currency } = loaderData;
  const navigate = useNavigate();
  const [products, setProducts] = useState<PickedProduct[]>(
    () => discount?.products.map((p) => ({ id: p.id, title: p.title })) ?? [],
  );
  const [categoryFilter, setCategoryFilter] = useState("");
  const defaults: DiscountFormInput = {
    code: discount?.code ?? "",
    title: discount?.title ?? "",
    kind: discount?.kind ?? "percentage",
    percentOff: (discount?.percentOff ?? "") as never,
    amountOff: (discount?.amountOff ?? "") as never,
    minimumSubtotal: (discount?.minimumSubtotal ?? "") as never,
    startsAt: localInput(discount?.startsAt ?? new Date().toISOString()) as never,
    endsAt: localInput(discount?.endsAt ?? null) as never,
    usageLimit: (discount?.usageLimit ?? "") as never,
    oncePerCustomer: discount?.oncePerCustomer ?? false,
    isActive: discount?.isActive ?? true,
    appliesTo: discount?.appliesTo ?? "all",
    productIds: discount?.products.map((p) => p.id) ?? [],
    collectionIds: discount?.collections.map((c) => c.id) ?? [],
  };
  const form = useZodForm(discountFormSchema, defaults);
  const kind = useWatch({ control: form.control, name: "kind" });
  const appliesTo = useWatch({ control: form.control, name: "appliesTo" });
  const filteredCategories = categories.filter((category) =>
    category.title.toLowerCase().includes(categoryFilter.trim().toLowerCase()),
  );
  const errors = form.formState.errors;

  return (
    <>
      <PageHeader
        title={discount ? `Discount code ${discount.code}` : "New discount code"}
        breadcrumbs={[{ label: "Discounts", to: "/admin/discounts" }]}
        description={
          discount ? (
            <span className="flex flex-wrap items-center gap-2">
              <StandingBadge standing={discount.standing} />
              <span className="tabular">
                Used {discount.usageCount} time{discount.usageCount === 1 ? "" : "s"} · {discount.orderCount} order
                {discount.orderCount === 1 ? "" : "s"} · {formatMoney(discount.revenue, currency)} revenue ·{" "}
                {formatMoney(discount.discountGiven, currency)} given
              </span>
            </span>
          ) : (
            "Shoppers type the code in the cart; the checkout applies the rules below."
          )
        }
      />
      <AdminForm
        form={form}
        className="grid max-w-4xl gap-4"
        onSubmit={async (values) => {
          const body = { ...values, productIds: products.map((p) => p.id) };
          const result = await adminApi<{ discount: { id: number; code: string } }>(
            discount ? `/api/admin/discounts/${discount.id}` : "/api/admin/discounts",
            { method: discount ? "PUT" : "POST", body },
          );
          toast.success(discount ? `${result.discount.code} saved.` : `${result.discount.code} created.`);
          navigate(discount ? `/admin/discounts/${discount.id}` : "/admin/discounts", { replace: Boolean(discount) });
        }}
      >
        <Panel title="Code">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              name="code"
              label="Code"
              required
              hint="Letters, digits and dashes; shoppers may type it in any case."
            />
            <FormField name="title" label="Title" required hint="For staff: lists and reports show it." />
          </div>
        </Panel>
        <Panel title="Discount">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect name="kind" label="Type" required>
              {Object.entries(DISCOUNT_KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </FormSelect>
            {kind === "percentage" ? (
              <FormField
                name="percentOff"
                label="Percentage off"
                type="number"
                step="0.01"
                min="0.01"
                max="100"
                inputMode="decimal"
                required
              />
            ) : null}
            {kind === "fixed_amount" ? (
              <FormField
                name="amountOff"
                label={`Amount off (${currency})`}
                type="number"
                step="0.01"
                min="0.01"
                inputMode="decimal"
                required
              />
            ) : null}
            <FormField
              name="minimumSubtotal"
              label={`Minimum subtotal (${currency})`}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              hint="Of the whole cart, before the discount. Empty: no minimum."
            />
          </div>
        </Panel>
        <Panel title="When and how often">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="startsAt" label="Starts" type="datetime-local" required />
            <FormField name="endsAt" label="Ends" type="datetime-local" hint="Empty: no end." />
            <FormField
              name="usageLimit"
              label="Usage limit"
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              hint="Uses in all. Empty: no limit."
            />
            <div className="space-y-3 pt-6">
              <FormCheckbox
                name="oncePerCustomer"
                label="Once per customer"
                hint="One use per account, e-mail address and IP address."
              />
              <FormCheckbox name="isActive" label="Active" hint="Untick to pause the code: the checkout refuses it." />
            </div>
          </div>
        </Panel>
        <Panel title="Applies to">
          <fieldset className="mb-4">
            <legend className="sr-only">Applies to</legend>
            <div className="flex flex-wrap gap-4">
              {Object.entries(DISCOUNT_SCOPE_LABELS).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    value={value}
                    className="size-5 accent-aqua-600"
                    {...form.register("appliesTo")}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {appliesTo === "products" ? (
            <ProductPicker
              value={products}
              onChange={(next) => {
                setProducts(next);
                form.setValue(
                  "productIds",
                  next.map((p) => p.id),
                  { shouldValidate: form.formState.isSubmitted },
                );
              }}
              error={errors.productIds?.message as string | undefined}
            />
          ) : null}
          {appliesTo === "collections" ? (
            <Controller
              control={form.control}
              name="collectionIds"
              render={({ field, fieldState }) => {
                const chosen = new Set((field.value ?? []).map(Number));
                return (
                  <div className="space-y-2">
                    <label htmlFor="category-filter" className="block text-sm font-semibold text-ink">
                      Categories
                      <span aria-hidden="true" className="text-sale">
                        {" "}
                        *
                      </span>
                    </label>
                    <input
                      id="category-filter"
                      type="search"
                      value={categoryFilter}
                      onChange={(event) => setCategoryFilter(event.target.value)}
                      placeholder="Filter categories"
                      className="min-h-11 w-full rounded-md border border-line bg-white px-3"
                    />
                    <p className="text-sm text-muted">A category covers its subcategories too. {chosen.size} chosen.</p>
                    <ul className="max-h-72 overflow-y-auto rounded-md border border-line p-2" aria-label="Categories">
                      {filteredCategories.map((category) => (
                        <li key={category.id}>
                          <label
                            className="flex min-h-9 items-center gap-2"
                            style={{ paddingLeft: `${(category.level - 1) * 12}px` }}
                          >
                            <input
                              type="checkbox"
                              className="size-4 accent-aqua-600"
                              checked={chosen.has(category.id)}
                              onChange={(event) => {
                                const next = new Set(chosen);
                                if (event.target.checked) next.add(category.id);
                                else next.delete(category.id);
                                field.onChange([...next]);
                              }}
                            />
                            {category.title}
                          </label>
                        </li>
                      ))}
                    </ul>
                    {fieldState.error ? (
                      <p className="text-sm font-medium text-sale">{fieldState.error.message}</p>
                    ) : null}
                  </div>
                );
              }}
            />
          ) : null}
        </Panel>
        <div className="flex flex-wrap gap-3">
          <SubmitButton busyLabel="Saving...">{discount ? "Save discount code" : "Create discount code"}</SubmitButton>
          <Link to="/admin/discounts" className="btn-secondary">
            Cancel
          </Link>
        </div>
      </AdminForm>
    </>
  );
}
