// A submitted form read as plain fields, for a schema to check.

/** The form's fields as an object of strings (the first value of a repeated name, files dropped). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in out)) out[name] = value;
  return out;
}
