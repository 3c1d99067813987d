// The rules of the mailing-address form with the postal-code and phone checks
// passed in: those carry large data tables (address-checks.ts), so the address dialog in the browser
// loads them only when it opens. address-form.ts binds them for the server and the server-rendered
// checkout form, so every side accepts and refuses the same input with the same words.
import { z } from "zod";
import type { AddressChecks } from "./address-checks.ts";

/** The form's fields in display order, with the labels the form shows. */
export const ADDRESS_FIELDS = [
  { name: "countryCode", label: "Country" },
  { name: "stateCode", label: "State" },
  { name: "address1", label: "Address Line 1" },
  { name: "address2", label: "Address Line 2" },
  { name: "city", label: "City" },
  { name: "zip", label: "Postal Code" },
  { name: "firstName", label: "First Name" },
  { name: "lastName", label: "Last Name" },
  { name: "company", label: "Company" },
  { name: "phone", label: "Phone Number" },
] as const;

export type AddressFieldName = (typeof ADDRESS_FIELDS)[number]["name"];

const MAX_TEXT = 200;

const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(MAX_TEXT, { error: `${label} must be at most ${MAX_TEXT} characters` })
    .optional()
    .transform((value) => (value ? value : undefined));

const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(MAX_TEXT, { error: `${label} must be at most ${MAX_TEXT} characters` });

const baseAddressSchema = z.object({
  countryCode: z
    .string({ error: "Country is required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "Country is required" }),
  stateCode: optionalText("State"),
  address1: requiredText("Address Line 1"),
  address2: optionalText("Address Line 2"),
  city: optionalText("City"),
  zip: requiredText("Postal Code"),
  firstName: requiredText("First Name"),
  lastName: requiredText("Last Name"),
  company: optionalText("Company"),
  phone: requiredText("Phone Number"),
  makeDefault: z.boolean({ error: "makeDefault must be true or false" }).optional(),
  // Clients send the nested objects as null next to the codes: accepted and ignored.
  Country: z.null().optional(),
  State: z.null().optional(),
});

export type AddressPayload = z.infer<typeof baseAddressSchema>;

/**
 * An address as a form posts it, before the rules: every field optional text, length-capped so nothing
 * huge is stored. The checkout API and the checkout page's form read this shape, then apply the rules.
 */
const rawText = () => z.string({ error: "must be text" }).max(MAX_TEXT, { error: "is too long" }).nullish();
export const addressInputSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.name, rawText()])) as Record<
    AddressFieldName,
    ReturnType<typeof rawText>
  >,
);
export type AddressInput = z.infer<typeof addressInputSchema>;

/**
 * The address schema for a country whose states are `stateCodes` (empty when the country has none):
 * a state is then required and must be one of them. Postal code and phone are checked for the country.
 */
export function addressSchemaWith(stateCodes: readonly string[], checks: AddressChecks) {
  return baseAddressSchema.superRefine(
    (parsed, ctx) => {
      // Runs even when other fields failed (`when` below), so every wrong field is named at once; values
      // may then be raw input, hence the defensive reads.
      const address = parsed as Partial<Record<string, unknown>>;
      const text = (key: string) => (typeof address[key] === "string" ? (address[key] as string).trim() : "");
      const country = text("countryCode").toUpperCase();
      const state = text("stateCode");
      if (stateCodes.length > 0) {
        if (!state) ctx.addIssue({ code: "custom", path: ["stateCode"], message: "State is required" });
        else if (!stateCodes.includes(state))
          ctx.addIssue({ code: "custom", path: ["stateCode"], message: "Choose a state of the selected country" });
      }
      if (!/^[A-Z]{2}$/.test(country)) return;
      if (text("zip") && !checks.isValidPostalCode(text("zip"), country)) {
        ctx.addIssue({
          code: "custom",
          path: ["zip"],
          message: "Postal Code does not match the format of the selected country",
        });
      }
      if (text("phone") && !checks.normalizePhone(text("phone"), country)) {
        ctx.addIssue({
          code: "custom",
          path: ["phone"],
          message: "Phone Number is not a valid number for the selected country",
        });
      }
    },
    { when: () => true },
  );
}

/** The shape accepted before the country's states are known (the server looks them up, then re-checks). */
export const addressPayloadSchema = baseAddressSchema;

/** On save, empty-string fields are dropped from the payload. */
export function dropEmptyFields<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as Array<[keyof T, T[keyof T]]>) {
    if (typeof value === "string" && value.trim() === "") continue;
    out[key] = value;
  }
  return out;
}

/** Per-field validity for highlighting valid fields as the shopper types (nothing is blocked). */
export function validFieldsWith(
  values: Partial<Record<AddressFieldName, string>>,
  stateCodes: readonly string[],
  checks: AddressChecks,
): Record<AddressFieldName, boolean> {
  const result = addressSchemaWith(stateCodes, checks).safeParse(dropEmptyFields(values));
  const invalid = new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
  const out = {} as Record<AddressFieldName, boolean>;
  for (const field of ADDRESS_FIELDS) {
    const value = values[field.name]?.trim() ?? "";
    out[field.name] = value !== "" && !invalid.has(field.name);
  }
  return out;
}

/** The first message per field, for hints under the inputs and for the server's answer. */
export function addressErrors(error: z.ZodError): Partial<Record<AddressFieldName, string>> {
  const out: Partial<Record<AddressFieldName, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as AddressFieldName;
    out[field] ??= issue.message;
  }
  return out;
}

/** One line for summaries: "Pat Doe, 1 Main St, Austin, TX 78701, US". */
export function formatAddressLine(address: Partial<Record<AddressFieldName, string | null>>): string {
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  const region = [address.stateCode, address.zip].filter(Boolean).join(" ");
  return [name, address.company, address.address1, address.address2, address.city, region, address.countryCode]
    .filter(Boolean)
    .join(", ");
}
