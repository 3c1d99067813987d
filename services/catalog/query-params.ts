// Zod builders for query-string and path parameters of the catalog calls. The same schemas validate the
// REST API (through fastify-type-provider-zod) and the page loaders (URLSearchParams), so both refuse bad
// input with the same message. Messages name the allowed values: the error handler prefixes the parameter.
import { z } from "zod";

/** A query value as it arrives: a string from the URL, a number when a loader calls with one. */
const rawValue = z.union([z.string(), z.number()], { error: "must be a single value" });

/** Blank (`?page=`) counts as absent: browsers send empty form fields. */
const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

function wholeNumber(min: number, max: number, message: string) {
  return rawValue
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const number = Number(text);
      if (number < min || number > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    })
    .optional();
}

/** A whole number within [min, max]; `defaultValue` when absent or blank. */
export function integerParam(options: { min: number; max: number; defaultValue: number }) {
  const { min, max, defaultValue } = options;
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    blankToUndefined,
    wholeNumber(min, max, message).transform((value) => value ?? defaultValue),
  );
}

/** 0-based page number. */
export function pageParam() {
  return z.preprocess(
    blankToUndefined,
    wholeNumber(0, 1_000_000, "must be a whole number, 0 or more (pages count from 0)").transform(
      (value) => value ?? 0,
    ),
  );
}

/** Page size: 1..max, `defaultValue` when absent. */
export function limitParam(defaultValue: number, max: number) {
  return integerParam({ min: 1, max, defaultValue });
}

/** One of `values`, matched case-insensitively and answered in the canonical spelling. */
export function enumParam<const T extends readonly [string, ...string[]]>(values: T) {
  const message = `must be one of ${values.join(", ")}`;
  return z.preprocess(
    blankToUndefined,
    rawValue
      .transform((value, ctx) => {
        const found = values.find((allowed) => allowed.toLowerCase() === String(value).trim().toLowerCase());
        if (!found) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return found as T[number];
      })
      .optional(),
  );
}

/** A positive database id in a path such as /collections/{id}/hierarchy. */
export function idParam(what: string) {
  return rawValue.transform((value, ctx) => {
    const text = String(value).trim();
    const number = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number < 1 || number > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: `must be a ${what} id (a whole number above 0)` });
      return z.NEVER;
    }
    return number;
  });
}

/** Is this path value a database id rather than a handle? */
export function isNumericId(value: string): boolean {
  return /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647;
}
