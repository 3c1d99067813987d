// Back-office equipment forms: one schema each, used by the /admin/equipment page and the API.
import { z } from "zod";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const year = z
  .number({ error: "must be a year" })
  .int({ error: "must be a whole year" })
  .min(1950, { error: "must be 1950 or later" })
  .max(2100, { error: "must be 2100 or earlier" })
  .nullable();

export const equipmentModelInputSchema = z
  .object({
    name: text(160).min(1, { error: "is required" }),
    series: text(120).min(1, { error: "is required" }),
    modelNumber: text(60).min(2, { error: "is required" }),
    aliases: z.array(text(60).min(1)).max(30, { error: "at most 30 label variants" }),
    yearFrom: year,
    yearTo: year,
    description: text(2000).nullable(),
    diagramImageUrl: text(500)
      .regex(/^(\/|https:\/\/)/, { error: "must be a path on this store or an https:// address" })
      .nullable(),
  })
  .refine((v) => v.yearFrom === null || v.yearTo === null || v.yearFrom <= v.yearTo, {
    error: "The first year must not be after the last one.",
    path: ["yearTo"],
  });
export type EquipmentModelInput = z.infer<typeof equipmentModelInputSchema>;

export const calloutInputSchema = z.object({
  keyNumber: text(8)
    .min(1, { error: "is required" })
    .regex(/^[0-9]{1,4}[A-Za-z]?$/, { error: "must be a number such as 7 or 12A" }),
  label: text(120).min(1, { error: "is required" }),
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  parts: z
    .array(
      z.object({
        partNumber: text(60).min(1, { error: "is required" }),
        quantity: z.number().int().min(1).max(999),
        note: text(200).nullable(),
      }),
    )
    .min(1, { error: "must name at least one part number" })
    .max(10),
});
export type CalloutInput = z.infer<typeof calloutInputSchema>;

/** The supplier's fitment CSV: model_number, part_number, and optionally key, label, quantity, note. */
export const fitmentImportSchema = z.object({
  csv: z
    .string()
    .min(1, { error: "The file is empty." })
    .max(2_000_000, { error: "The file is larger than 2 MB: split it." }),
  dryRun: z.boolean(),
});
export type FitmentImportInput = z.infer<typeof fitmentImportSchema>;

export const FITMENT_CSV_COLUMNS = ["model_number", "part_number", "key", "label", "quantity", "note"] as const;
