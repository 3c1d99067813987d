// The discount code form of /admin/discounts and its API: one schema, so the page and the server agree
// on every rule. The rules a code follows at checkout stay in services/discounts/discount-rules.ts.
import { z } from "zod";

export const DISCOUNT_KIND_LABELS = {
  percentage: "Percentage off",
  fixed_amount: "Amount off",
  free_shipping: "Free shipping",
} as const;

export const DISCOUNT_SCOPE_LABELS = {
  all: "All products",
  products: "Specific products",
  collections: "Specific categories",
} as const;

const money = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number, such as 25 or 9.99.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(1_000_000, { error: `${label} can be at most 1,000,000.` })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: `${label} can have at most 2 decimals.`,
    });

const dateTime = (label: string) =>
  z.coerce.date({ error: `${label} must be a date and time.` }).refine((date) => !Number.isNaN(date.getTime()), {
    error: `${label} must be a date and time.`,
  });

/** An empty form field means "none" (no limit, no end), not 0. */
const isBlank = (value: unknown) =>
  value === "" || value === undefined || (typeof value === "number" && Number.isNaN(value));
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? null : value), schema.nullable());

const idList = (what: string) =>
  z
    .array(z.coerce.number().int().min(1).max(2_147_483_647), { error: `${what} must be a list of ids.` })
    .max(500, { error: `A code can name at most 500 ${what}.` })
    .default([]);

export const discountFormSchema = z
  .object({
    code: z
      .string({ error: "The code is required." })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(
        z
          .string()
          .min(3, { error: "The code needs at least 3 characters." })
          .max(40, { error: "The code can be at most 40 characters." })
          .regex(/^[A-Z0-9][A-Z0-9_-]*$/, {
            error: "The code can use letters, digits, dashes and underscores only (no spaces).",
          }),
      ),
    title: z
      .string({ error: "The title is required." })
      .trim()
      .min(1, { error: "The title is required: staff see it in lists and reports." })
      .max(120, { error: "The title can be at most 120 characters." }),
    kind: z.enum(["percentage", "fixed_amount", "free_shipping"], {
      error: "Choose percentage off, amount off or free shipping.",
    }),
    percentOff: blankAsNull(
      z.coerce
        .number({ error: "The percentage must be a number." })
        .min(0.01, { error: "The percentage must be more than 0." })
        .max(100, { error: "The percentage can be at most 100." }),
    ),
    amountOff: blankAsNull(money("The amount off")),
    minimumSubtotal: z.preprocess(
      (value) => (value === "" || value === undefined ? 0 : value),
      money("The minimum subtotal"),
    ),
    startsAt: dateTime("The start"),
    endsAt: blankAsNull(dateTime("The end")),
    usageLimit: blankAsNull(
      z.coerce
        .number({ error: "The usage limit must be a whole number." })
        .int({ error: "The usage limit must be a whole number." })
        .min(1, { error: "The usage limit must be at least 1 (leave it empty for no limit)." })
        .max(10_000_000, { error: "The usage limit can be at most 10,000,000." }),
    ),
    oncePerCustomer: z.boolean().default(false),
    isActive: z.boolean().default(true),
    appliesTo: z
      .enum(["all", "products", "collections"], { error: "Choose all products, products or categories." })
      .default("all"),
    productIds: idList("products"),
    collectionIds: idList("categories"),
  })
  .superRefine((value, context) => {
    if (value.kind === "percentage" && value.percentOff === null) {
      context.addIssue({
        code: "custom",
        path: ["percentOff"],
        message: "Enter the percentage off, from 0.01 to 100.",
      });
    }
    if (value.kind === "fixed_amount" && (value.amountOff === null || value.amountOff <= 0)) {
      context.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off, more than 0." });
    }
    if (value.endsAt && value.endsAt.getTime() <= value.startsAt.getTime()) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start." });
    }
    if (value.appliesTo === "products" && value.productIds.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["productIds"],
        message: "Choose at least one product, or apply the code to all products.",
      });
    }
    if (value.appliesTo === "collections" && value.collectionIds.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["collectionIds"],
        message: "Choose at least one category, or apply the code to all products.",
      });
    }
  });
export type DiscountFormInput = z.input<typeof discountFormSchema>;
export type DiscountForm = z.output<typeof discountFormSchema>;

export const discountListQuerySchema = z.object({
  q: z.string().trim().max(100, { error: "The search can be at most 100 characters." }).optional(),
  status: z.enum(["all", "active", "paused", "scheduled", "expired", "used_up"]).default("all"),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DiscountListQuery = z.output<typeof discountListQuerySchema>;

export const discountPauseSchema = z.object({
  isActive: z.boolean({ error: "Say whether the code is active (true or false)." }),
});

/** How a code stands now, for the list's badge. */
export type DiscountStanding = "active" | "paused" | "scheduled" | "expired" | "used_up";

export const DISCOUNT_STANDING_LABELS: Record<DiscountStanding, string> = {
  active: "Active",
  paused: "Paused",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
};
