// The product editor's form, one schema for the page (react-hook-form's resolver) and the API
// (POST/PUT /api/admin/products). Amounts are in the store currency with at most 2 decimals, as the
// rest of the API writes them; the services store cents (shared/money.ts). Tags are written as the
// storefront's filters write them: `Prefix_Value` (shared/catalog-query.ts).
import { z } from "zod";
import { parseTagFilter } from "../catalog-query.ts";
import { DEFAULT_VARIANT_TITLE } from "../variant-selection.ts";

export const PRODUCT_STATUSES = ["draft", "published"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
/** The highest price the store takes for one unit, in the store currency. */
export const MAX_AMOUNT = 1_000_000;

/** Handles are what product URLs end with: lower-case letters, digits and single dashes. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A handle from a title: "Pentair 2 HP Pump (230V)" -> "pentair-2-hp-pump-230v". */
export function handleFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/g, "");
}

export const handleSchema = z
  .string()
  .trim()
  .max(150, { error: "must be at most 150 characters" })
  .regex(HANDLE_PATTERN, { error: "may hold only lower-case letters, digits and single dashes (pool-pump-2hp)" });

/** An amount of money: not negative, at most 2 decimals. A form field that is blank is null. */
export const amountSchema = z
  .number({ error: "must be an amount such as 129.99" })
  .min(0, { error: "cannot be negative" })
  .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT.toLocaleString("en-US")}` })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    error: "may have at most 2 decimals",
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

export const productOptionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Enter the option's name (Size, Voltage...)" })
    .max(50, { error: "must be at most 50 characters" }),
  values: z
    .array(z.string().trim().min(1, { error: "cannot be blank" }).max(100, { error: "must be at most 100 characters" }))
    .min(1, { error: "Give the option at least one value" })
    .max(50, { error: "at most 50 values" }),
});

export const productVariantSchema = z.object({
  /** The variant being edited; absent for a new one. */
  id: z.number().int().positive().nullish(),
  /** One value per option, in the options' order. */
  optionValues: z
    .array(z.string().trim().min(1, { error: "Choose a value" }))
    .max(MAX_OPTIONS)
    .default([]),
  sku: z
    .string()
    .trim()
    .min(1, { error: "Enter a SKU" })
    .max(64, { error: "must be at most 64 characters" })
    .regex(/^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/, { error: "may hold letters, digits and punctuation, no line breaks" }),
  price: amountSchema,
  compareAtPrice: amountSchema.nullish().transform((value) => value ?? null),
  cost: amountSchema.nullish().transform((value) => value ?? null),
  weightGrams: z
    .number({ error: "must be a whole number of grams" })
    .int({ error: "must be a whole number of grams" })
    .min(0, { error: "cannot be negative" })
    .max(1_000_000, { error: "must be at most 1,000,000 g" })
    .nullish()
    .transform((value) => value ?? null),
  stock: z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(-100_000, { error: "is too low" })
    .max(1_000_000, { error: "must be at most 1,000,000" }),
  backorder: z.boolean().default(false),
  /** false: the variant's stock is not counted, and it always sells (drop-shipped, made to order). */
  tracked: z.boolean().default(true),
  lowStockThreshold: z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "cannot be negative" })
    .max(100_000, { error: "must be at most 100,000" })
    .nullish()
    .transform((value) => value ?? null),
});

export const productInputSchema = z
  .object({
    title: z.string().trim().min(1, { error: "Enter a title" }).max(255, { error: "must be at most 255 characters" }),
    /** Blank: made from the title. */
    handle: z.union([z.literal(""), handleSchema]).nullish(),
    descriptionHtml: z
      .string()
      .max(100_000, { error: "must be at most 100,000 characters" })
      .nullish()
      .transform((value) => value ?? ""),
    vendorId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((value) => value ?? null),
    categoryIds: z.array(z.number().int().positive()).max(50, { error: "at most 50 categories" }).default([]),
    tags: z
      .array(
        z
          .string()
          .trim()
          .max(200, { error: "must be at most 200 characters" })
          .refine(
            (text) => {
              try {
                parseTagFilter(text);
                return true;
              } catch {
                return false;
              }
            },
            { error: "write a tag as Prefix_Value, for example Horsepower_1.5 HP" },
          ),
      )
      .max(100, { error: "at most 100 tags" })
      .default([]),
    partNumber: optionalText(64),
    supersededPartNumbers: z
      .array(z.string().trim().min(1).max(64, { error: "must be at most 64 characters" }))
      .max(50, { error: "at most 50 part numbers" })
      .default([]),
    seoTitle: optionalText(255),
    seoDescription: optionalText(500),
    status: z.enum(PRODUCT_STATUSES, { error: "must be draft or published" }),
    options: z
      .array(productOptionSchema)
      .max(MAX_OPTIONS, { error: `at most ${MAX_OPTIONS} options` })
      .default([]),
    variants: z
      .array(productVariantSchema)
      .min(1, { error: "A product needs at least one variant" })
      .max(MAX_VARIANTS, { error: `at most ${MAX_VARIANTS} variants` }),
  })
  .superRefine((product, ctx) => {
    for (const issue of productRuleIssues(product)) ctx.addIssue({ code: "custom", ...issue });
  });

export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** The rules that span fields (the API and the form report them on the field to fix). */
export function productRuleIssues(
  product: Pick<ProductValues, "options" | "variants">,
): Array<{ path: (string | number)[]; message: string }> {
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  const optionNames = new Set<string>();
  product.options.forEach((option, index) => {
    const key = option.name.toLowerCase();
    if (optionNames.has(key)) issues.push({ path: ["options", index, "name"], message: "Two options have this name" });
    optionNames.add(key);
    const values = new Set<string>();
    option.values.forEach((value, valueIndex) => {
      if (values.has(value.toLowerCase()))
        issues.push({ path: ["options", index, "values", valueIndex], message: `"${value}" is listed twice` });
      values.add(value.toLowerCase());
    });
  });
  if (product.options.length === 0 && product.variants.length > 1) {
    issues.push({ path: ["variants"], message: "Add an option (Size, Voltage...) to offer more than one variant" });
  }
  const combos = new Set<string>();
  const skus = new Map<string, number>();
  product.variants.forEach((variant, index) => {
    if (variant.optionValues.length !== product.options.length) {
      issues.push({
        path: ["variants", index, "optionValues"],
        message: `Choose a value for each option (${product.options.map((option) => option.name).join(", ")})`,
      });
    } else {
      variant.optionValues.forEach((value, optionIndex) => {
        const option = product.options[optionIndex];
        if (!option.values.some((known) => known.toLowerCase() === value.toLowerCase())) {
          issues.push({
            path: ["variants", index, "optionValues", optionIndex],
            message: `"${value}" is not a value of ${option.name}`,
          });
        }
      });
      const combo = variant.optionValues.map((value) => value.toLowerCase()).join("\u0000");
      if (product.options.length > 0 && combos.has(combo)) {
        issues.push({ path: ["variants", index, "optionValues"], message: "Another variant has the same options" });
      }
      combos.add(combo);
    }
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) issues.push({ path: ["variants", index, "sku"], message: "Another variant has this SKU" });
    skus.set(sku, index);
    if (variant.compareAtPrice !== null && variant.compareAtPrice <= variant.price) {
      issues.push({
        path: ["variants", index, "compareAtPrice"],
        message: "must be more than the price (it is shown struck through), or left blank",
      });
    }
  });
  return issues;
}

/** The variant title the storefront shows: its option values joined, or "Default Title" without options. */
export function variantTitle(optionValues: readonly string[]): string {
  return optionValues.length > 0 ? optionValues.join(" / ") : DEFAULT_VARIANT_TITLE;
}
