// The back office's order forms and filters: one zod schema each, used by the pages and the API.
import { z } from "zod";

export const CARRIER_OPTIONS = [
  { value: "ups", label: "UPS" },
  { value: "usps", label: "USPS" },
  { value: "fedex", label: "FedEx" },
  { value: "dhl", label: "DHL" },
  { value: "other", label: "Other carrier" },
] as const;
const CARRIER_VALUES = ["ups", "usps", "fedex", "dhl", "other"] as const;

export const PAYMENT_FILTERS = [
  { value: "authorized", label: "Authorized" },
  { value: "paid", label: "Paid" },
  { value: "partially_refunded", label: "Partially refunded" },
  { value: "refunded", label: "Refunded" },
  { value: "voided", label: "Voided" },
] as const;
export const FULFILMENT_FILTERS = [
  { value: "unfulfilled", label: "Unfulfilled" },
  { value: "partial", label: "Partially fulfilled" },
  { value: "fulfilled", label: "Fulfilled" },
  { value: "cancelled", label: "Cancelled" },
] as const;

const PAYMENT_VALUES = ["authorized", "paid", "partially_refunded", "refunded", "voided"] as const;
const FULFILMENT_VALUES = ["unfulfilled", "partial", "fulfilled", "cancelled"] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date like 2026-01-31" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "must be a real date" });

/** Filters of the order list (query parameters of GET /api/admin/orders and of /admin/orders). */
export const orderListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  payment: z.enum(PAYMENT_VALUES, { error: "must be one of the payment states" }).optional(),
  fulfilment: z.enum(FULFILMENT_VALUES, { error: "must be one of the fulfilment states" }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(["placedAt", "total"], { error: "must be placedAt or total" }).optional(),
  dir: z.enum(["asc", "desc"], { error: "must be asc or desc" }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

const lineQuantity = z.object({
  lineItemId: z.coerce.number().int().positive({ error: "must be a line id" }),
  quantity: z.coerce
    .number()
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(100_000),
});

export const fulfilBodySchema = z.object({
  lines: z.array(lineQuantity).max(500).optional(),
  carrier: z.enum(CARRIER_VALUES, { error: "choose UPS, USPS, FedEx, DHL or other" }),
  trackingNumber: z
    .string()
    .trim()
    .min(4, { error: "must be at least 4 characters" })
    .max(60, { error: "must be at most 60 characters" }),
  trackingUrl: z
    .string()
    .trim()
    .regex(/^https:\/\/\S+$/, { error: "must be an https:// address" })
    .max(500)
    .nullish(),
  notifyShopper: z.boolean().default(true),
});
export type FulfilBody = z.infer<typeof fulfilBodySchema>;

export const REFUND_REASON_OPTIONS = [
  { value: "requested_by_customer", label: "Requested by the customer" },
  { value: "duplicate", label: "Duplicate payment" },
  { value: "fraudulent", label: "Fraudulent" },
] as const;

export const refundBodySchema = z
  .object({
    /** In the store currency, 2 decimals (e.g. 25.00). */
    amount: z.coerce
      .number({ error: "must be an amount like 25.00" })
      .positive({ error: "must be above 0" })
      .max(10_000_000)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
        error: "must have at most 2 decimals",
      })
      .optional(),
    lines: z.array(lineQuantity).max(500).optional(),
    reason: z.enum(["requested_by_customer", "duplicate", "fraudulent"], {
      error: "must be requested_by_customer, duplicate or fraudulent",
    }),
    note: z.string().trim().max(500).nullish(),
    restock: z.boolean().default(false),
    notifyShopper: z.boolean().default(true),
  })
  .refine((body) => !body.restock || (body.lines?.length ?? 0) > 0, {
    error: "choose the lines to put back in stock, or refund without restocking",
    path: ["restock"],
  });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const cancelBodySchema = z.object({
  reason: z.string().trim().max(500).nullish(),
  notifyShopper: z.boolean().default(true),
});

export const noteBodySchema = z.object({
  body: z.string().trim().min(1, { error: "write something" }).max(2000, { error: "at most 2,000 characters" }),
});

export const returnDecisionSchema = z.object({
  decision: z.enum(["approve", "refuse"], { error: "must be approve or refuse" }),
  message: z.string().trim().max(1000).nullish(),
});

export const returnRefundSchema = z.object({
  restock: z.boolean().default(true),
  amount: z.coerce.number().positive().max(10_000_000).optional(),
});

export const returnListQuerySchema = z.object({
  status: z.enum(["open", "requested", "approved", "refused", "received", "refunded"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const ORDER_STATUS_LABELS: Record<string, string> = {
  placed: "Placed",
  paid: "Paid",
  partially_fulfilled: "Partially fulfilled",
  fulfilled: "Fulfilled",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  authorized: "Authorized",
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  voided: "Voided",
};

export const FULFILMENT_STATUS_LABELS: Record<string, string> = {
  unfulfilled: "Unfulfilled",
  partial: "Partially fulfilled",
  fulfilled: "Fulfilled",
};

export const toCents = (amount: number) => Math.round(amount * 100);
