// A form's field errors from a zod result: the first message of each field, by field name, to show beside
// that field. An issue of no field (the whole value) names none and is left out.
export function fieldErrors(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
