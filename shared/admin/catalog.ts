// Back-office catalog forms other than the product editor: the product list's query, bulk actions,
// stock adjustments, categories and brands. Shared by the pages and the API.
import { z } from "zod";
import { handleSchema } from "./product.ts";

/**
 * A product's stock in the back office's list: in (every tracked variant above its low-stock threshold),
 * low (a tracked variant that does not take backorders is at or below it, or out), out (nothing can be
 * sold), backorder (a variant with nothing on hand sells on backorder), untracked (no variant's stock is
 * counted: it always sells).
 */
export const STOCK_STATES = ["in", "low", "out", "backorder", "untracked"] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const STOCK_FILTERS = STOCK_STATES;
export const PRODUCT_SORTS = ["updated", "title", "price", "stock"] as const;

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const idList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .filter(Boolean)
          .map((part) => Number(part))
      : value,
  z
    .array(z.number().int().positive({ error: "must be a list of ids" }))
    .min(1, { error: "Select at least one product" })
    .max(100, { error: "at most 100 products at once" }),
);

/** `/admin/products?q=&category=&brand=&status=&stock=&sort=&dir=&page=&size=` and the same API query. */
export const productListQuerySchema = z.object({
  q: z.preprocess(blank, z.string().trim().max(200, { error: "must be at most 200 characters" }).optional()),
  category: z.preprocess(blank, z.coerce.number().int().positive({ error: "must be a category id" }).optional()),
  brand: z.preprocess(blank, z.coerce.number().int().positive({ error: "must be a brand id" }).optional()),
  status: z.preprocess(blank, z.enum(["draft", "published"], { error: "must be draft or published" }).optional()),
  stock: z.preprocess(
    blank,
    z.enum(STOCK_FILTERS, { error: "must be in, low, out, backorder or untracked" }).optional(),
  ),
  sort: z.preprocess(
    blank,
    z.enum(PRODUCT_SORTS, { error: "must be updated, title, price or stock" }).default("updated"),
  ),
  dir: z.preprocess(blank, z.enum(["asc", "desc"], { error: "must be asc or desc" }).default("desc")),
  page: z.preprocess(blank, z.coerce.number().int().min(1, { error: "must be 1 or more" }).max(10_000).default(1)),
  size: z.preprocess(blank, z.coerce.number().int().min(10).max(100, { error: "must be from 10 to 100" }).default(25)),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const BULK_ACTIONS = ["publish", "unpublish", "price", "stock"] as const;

export const bulkActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("publish"), productIds: idList }),
    z.object({ action: z.literal("unpublish"), productIds: idList }),
    z.object({
      action: z.literal("price"),
      productIds: idList,
      /** percent: +10 raises by 10 %, -15 lowers; amount: +5 adds 5.00 to every variant's price. */
      mode: z.enum(["percent", "amount"], { error: "must be percent or amount" }),
      value: z
        .number({ error: "must be a number" })
        .min(-100_000)
        .max(100_000)
        .refine((value) => value !== 0, { error: "must not be 0" }),
    }),
    z.object({
      action: z.literal("stock"),
      productIds: idList,
      stock: z.number().int({ error: "must be a whole number" }).min(0, { error: "cannot be negative" }).max(1_000_000),
    }),
    /** Deletes the products for good: orders keep their lines (title, SKU, price), carts lose them. */
    z.object({ action: z.literal("delete"), productIds: idList }),
  ],
  { error: "action must be publish, unpublish, price, stock or delete" },
);
export type BulkAction = z.output<typeof bulkActionSchema>;

export const STOCK_REASONS = ["received", "damaged", "count_correction", "other"] as const;
export const STOCK_REASON_LABELS: Record<
  (typeof STOCK_REASONS)[number] | "bulk_set" | "product_edit" | "import",
  string
> = {
  received: "Received",
  damaged: "Damaged",
  count_correction: "Count correction",
  other: "Other",
  bulk_set: "Bulk stock set",
  product_edit: "Product editor",
  import: "Catalog import",
};

export const stockAdjustmentSchema = z
  .object({
    variantId: z.number().int().positive(),
    /** How many units came in (positive) or went (negative). */
    delta: z
      .number({ error: "must be a whole number" })
      .int({ error: "must be a whole number" })
      .min(-1_000_000)
      .max(1_000_000)
      .refine((value) => value !== 0, { error: "must not be 0" }),
    reason: z.enum(STOCK_REASONS, { error: "must be received, damaged, count_correction or other" }),
    note: z
      .string()
      .trim()
      .max(500, { error: "must be at most 500 characters" })
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: "Say what happened (a note is needed for Other)" });
    }
    if (value.reason === "received" && value.delta < 0) {
      ctx.addIssue({ code: "custom", path: ["delta"], message: "Received stock is a positive number" });
    }
    if (value.reason === "damaged" && value.delta > 0) {
      ctx.addIssue({ code: "custom", path: ["delta"], message: "Damaged stock is a negative number" });
    }
  });
export type StockAdjustmentInput = z.input<typeof stockAdjustmentSchema>;

const htmlText = z
  .string()
  .max(50_000, { error: "must be at most 50,000 characters" })
  .nullish()
  .transform((value) => value ?? "");
const imagePath = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, { error: "must be a path such as /img/uploads/... or an https:// address" })
  .nullish()
  .transform((value) => value || null);

export const categoryInputSchema = z.object({
  title: z.string().trim().min(1, { error: "Enter a name" }).max(150, { error: "must be at most 150 characters" }),
  handle: z.union([z.literal(""), handleSchema]).nullish(),
  parentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? null),
  descriptionHtml: htmlText,
  bannerUrl: imagePath,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryMoveSchema = z.object({
  parentId: z.number().int().positive().nullable(),
  /** 0-based place among the new parent's children. */
  position: z.number().int().min(0).max(10_000),
});

export const brandInputSchema = z.object({
  name: z.string().trim().min(1, { error: "Enter a name" }).max(100, { error: "must be at most 100 characters" }),
  handle: z.union([z.literal(""), handleSchema]).nullish(),
  descriptionHtml: htmlText,
  logoUrl: imagePath,
});
export type BrandInput = z.input<typeof brandInputSchema>;

/** Bulk price change: percent or amount, rounded to the cent (half away from zero), never below 0. */
export function changedPriceCents(priceCents: number, mode: "percent" | "amount", value: number): number {
  const next = mode === "percent" ? priceCents * (1 + value / 100) : priceCents + value * 100;
  return Math.max(0, Math.sign(next) * Math.round(Math.abs(next) + 1e-9));
}
