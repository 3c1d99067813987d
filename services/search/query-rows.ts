export { queryRows } from "../../db/rows.ts";

/**
 * A json column as its value: the drivers answer it parsed, or as text (a json value nested in a row
 * or array); fallback when it is null.
 */
export function jsonColumn<T>(value: T | string | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
