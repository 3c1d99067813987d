// Before and after of a change, field by field: what the audit log (and any history) shows. Only the
// fields that differ; a creation shows what was set, a deletion what was there.
const MAX_TEXT = 160;

function show(value: unknown): string {
  if (value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose values differ between two records (a non-object value is one field, "value"). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = asRecord(before);
  const b = asRecord(after);
  if (!a && !b) {
    return before === null && after === null
      ? []
      : [{ field: "value", before: before ?? undefined, after: after ?? undefined }];
  }
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return keys
    .filter((key) => JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key]))
    .map((key) => ({ field: key, before: a?.[key], after: b?.[key] }));
}

export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = fieldChanges(before, after);
  if (changes.length === 0) return <span className="text-muted">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="font-semibold text-ink">{change.field}</dt>
          <dd className="min-w-0 break-words">
            {change.before !== undefined ? (
              <del className="rounded bg-red-50 px-1 text-sale decoration-sale/60">{show(change.before)}</del>
            ) : null}
            {change.before !== undefined && change.after !== undefined ? (
              <span aria-hidden="true" className="px-1 text-muted">
                →
              </span>
            ) : null}
            {change.after !== undefined ? (
              <ins className="rounded bg-green-50 px-1 text-stock no-underline">{show(change.after)}</ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
