// The owner's shipping and tax settings (/admin/settings/shipping, /admin/settings/tax): the shipping
// policy with its rate table, the countries (and states) the checkout ships to, and sales tax rates.
// The pages' forms and the API judge by these schemas. They edit exactly what the checkout reads:
// shipping_policies / shipping_rates (services/shipping), countries.ships_to / states
// (services/checkout/checkout-details.ts) and tax_rates (services/checkout/tax-rates.ts).
import { z } from "zod";
import { amountSchema } from "./product.ts";

/** Where free shipping applies: the contiguous US states and DC, or every destination. */
export const FREE_SHIPPING_REGIONS = ["US-mainland", "anywhere"] as const;
export type FreeShippingRegion = (typeof FREE_SHIPPING_REGIONS)[number];
export const FREE_SHIPPING_REGION_LABELS: Readonly<Record<FreeShippingRegion, string>> = {
  "US-mainland": "Mainland US only",
  anywhere: "Everywhere we ship",
};

export const MAX_SHIPPING_RATES = 50;
export const MAX_STATES = 100;

/** An empty field (a blank number input gives NaN) means "no value". */
const isBlank = (value: unknown) =>
  value === "" || value === null || value === undefined || (typeof value === "number" && Number.isNaN(value));
const blankTo = (fallback: unknown) => (value: unknown) => (isBlank(value) ? fallback : value);

const gramsSchema = z
  .number({ error: "must be a whole number of grams" })
  .int({ error: "must be a whole number of grams" })
  .min(0, { error: "cannot be negative" })
  .max(1_000_000, { error: "must be at most 1,000,000 g" });

export const shippingRateFormSchema = z
  .object({
    /** The rate being edited; absent for a new one. */
    id: z.preprocess(blankTo(null), z.number().int().positive().nullable()).optional(),
    name: z
      .string()
      .trim()
      .min(1, { error: "Enter the service's name, for example Ground" })
      .max(100, { error: "must be at most 100 characters" }),
    minSubtotal: z.preprocess(blankTo(0), amountSchema),
    /** Null: no upper limit. A rate applies when min <= subtotal < max. */
    maxSubtotal: z.preprocess(blankTo(null), amountSchema.nullable()),
    minWeightGrams: z.preprocess(blankTo(0), gramsSchema),
    maxWeightGrams: z.preprocess(blankTo(null), gramsSchema.nullable()),
    price: z.preprocess(blankTo(undefined), amountSchema),
  })
  .superRefine((rate, ctx) => {
    if (rate.maxSubtotal !== null && rate.maxSubtotal <= rate.minSubtotal) {
      ctx.addIssue({
        code: "custom",
        path: ["maxSubtotal"],
        message: "must be more than the minimum subtotal (leave it empty for no limit)",
      });
    }
    if (rate.maxWeightGrams !== null && rate.maxWeightGrams <= rate.minWeightGrams) {
      ctx.addIssue({
        code: "custom",
        path: ["maxWeightGrams"],
        message: "must be more than the minimum weight (leave it empty for no limit)",
      });
    }
  });
export type ShippingRateForm = z.output<typeof shippingRateFormSchema>;

export const shippingPolicyFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Enter a name, for example Standard US Shipping" })
    .max(100, { error: "must be at most 100 characters" }),
  /** Null: no free shipping (the storefront's banner is hidden). */
  freeShippingThreshold: z.preprocess(blankTo(null), amountSchema.nullable()),
  freeShippingRegion: z.enum(FREE_SHIPPING_REGIONS, { error: "Choose where free shipping applies" }),
  /** In the order they are tried (their position); a name is one service, its rows are bands. */
  rates: z.array(shippingRateFormSchema).max(MAX_SHIPPING_RATES, { error: `at most ${MAX_SHIPPING_RATES} rates` }),
});
export type ShippingPolicyForm = z.output<typeof shippingPolicyFormSchema>;
export type ShippingPolicyFormInput = z.input<typeof shippingPolicyFormSchema>;

export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "Choose a country" });

/** POST /api/admin/settings/countries: a country from the ISO list, with its states. */
export const countryAddSchema = z.object({ code: countryCodeSchema });

export const stateFormSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, { error: "must be 1 to 3 letters or digits, for example CA" }),
  title: z
    .string()
    .trim()
    .min(1, { error: "Enter the state's name" })
    .max(100, { error: "must be at most 100 characters" }),
});

/** PUT /api/admin/settings/countries/{code}: whether the checkout ships there, and its states. */
export const countryFormSchema = z
  .object({
    shipsTo: z.boolean(),
    requiresState: z.boolean(),
    states: z.array(stateFormSchema).max(MAX_STATES, { error: `at most ${MAX_STATES} states` }),
  })
  .superRefine((country, ctx) => {
    const seen = new Set<string>();
    country.states.forEach((state, index) => {
      if (seen.has(state.code)) {
        ctx.addIssue({ code: "custom", path: ["states", index, "code"], message: `${state.code} is listed twice` });
      }
      seen.add(state.code);
    });
    if (country.requiresState && country.states.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["requiresState"],
        message: "A country whose addresses need a state must list at least one state",
      });
    }
  });
export type CountryForm = z.output<typeof countryFormSchema>;

/** A percentage with at most 4 decimals (6.625 %), stored in parts per million. */
export const taxPercentSchema = z
  .number({ error: "must be a percentage such as 7.25" })
  .min(0, { error: "cannot be negative" })
  .max(99.9999, { error: "must be below 100 %" })
  .refine((value) => Math.abs(Math.round(value * 10_000) - value * 10_000) < 1e-6, {
    error: "may have at most 4 decimals",
  });

export const taxRateFormSchema = z.object({
  countryCode: countryCodeSchema,
  /** Empty: the whole country (a state's own rate wins over it). */
  stateCode: z.preprocess(
    blankTo(""),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9]{1,3})?$/, { error: "Choose a state" }),
  ),
  name: z
    .string()
    .trim()
    .min(1, { error: "Enter a name, for example California sales tax" })
    .max(100, { error: "must be at most 100 characters" }),
  ratePercent: z.preprocess(blankTo(undefined), taxPercentSchema),
});
export type TaxRateForm = z.output<typeof taxRateFormSchema>;
export type TaxRateFormInput = z.input<typeof taxRateFormSchema>;

export function percentToPpm(percent: number): number {
  return Math.round(percent * 10_000);
}

export function ppmToPercent(ppm: number): number {
  return ppm / 10_000;
}
