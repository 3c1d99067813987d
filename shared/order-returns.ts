// The shopper's return request, one schema for the order page's form and the API.
import { z } from "zod";

export const RETURN_REASON_VALUES = ["wrong_part", "not_needed", "damaged", "defective", "other"] as const;

export const RETURN_REASON_OPTIONS: Array<{ value: (typeof RETURN_REASON_VALUES)[number]; label: string }> = [
  { value: "wrong_part", label: "Wrong part / does not fit" },
  { value: "not_needed", label: "No longer needed" },
  { value: "damaged", label: "Arrived damaged" },
  { value: "defective", label: "Defective" },
  { value: "other", label: "Other" },
];

export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        lineItemId: z.coerce.number().int().positive(),
        quantity: z.coerce.number().int().min(1, { error: "must be at least 1" }).max(10_000),
      }),
    )
    .min(1, { error: "choose at least one item to return" })
    .max(200),
  reason: z.enum(RETURN_REASON_VALUES, { error: "choose a reason" }),
  comment: z.string().trim().max(1000, { error: "at most 1,000 characters" }).nullish(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;
