/**
 * Rows for the seeder's multi-row inserts, encoded ahead of the insert: one PostgreSQL array literal
 * per column and statement, as plain strings. Encoding is the costly part of sending a batch (escaping
 * every value); done here, it can run while the database writes the previous batch (on another thread
 * for a large catalog, see product-batches.ts), and sending a statement is only writing its text.
 */
import { getTableColumns, getTableName } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";

/** Values that travel with the rows without being columns: one per row (see insertEncoded's `computed`). */
export interface RowInput {
  name: string;
  /** Its SQL type: text or text[] (array values travel as array literals). */
  type: "text" | "text[]";
  values: readonly (string | readonly string[] | null)[];
}

/** Rows of one table, ready to send: plain data, so it can cross from a worker thread. */
export interface EncodedRows {
  table: string;
  /** The row's columns (snake_case) with their SQL types, then the inputs. */
  columns: { name: string; type: string }[];
  inputs: { name: string; type: string }[];
  /** Per statement: one array literal per column, then one per input. */
  statements: string[][];
}

/** Rows per statement: fewer for wide tables, so a statement's parameters stay a few MB. */
const rowsPerStatement = (columns: number) => (columns > 20 ? 1000 : 5000);

/** A quoted array element: backslashes and double quotes escaped. */
function element(text: string): string {
  let needsEscape = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 92 || code === 34) {
      needsEscape = true;
      break;
    }
  }
  return needsEscape ? `"${text.replace(/[\\"]/g, "\\$&")}"` : `"${text}"`;
}

/** PostgreSQL array literal for a text[] value ({"a","b"}), quoting every element. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map(element).join(",")}}`;
}

/** The text of one value as the database reads it (null for SQL NULL). */
function valueText(value: unknown, type: string): string | null {
  if (value === undefined || value === null) return null;
  // unnest() flattens nested arrays: array values travel as array literals and are cast back.
  if (type.endsWith("[]")) return textArrayLiteral(value as string[]);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The array literal of one column's values (one element per row). */
export function columnLiteral(values: readonly unknown[], type: string): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ",";
    const text = valueText(values[i], type);
    out += text === null ? "NULL" : element(text);
  }
  return `${out}}`;
}

/** Encodes `rows` of `table` (keys missing from every row are left to their column defaults). */
export function encodeRows<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  inputs: readonly RowInput[] = [],
): EncodedRows {
  const columns = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row as object)) keys.add(key);
  const picked = [...keys].map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, name: toSnakeCase(key), type: column.getSQLType() };
  });
  const perStatement = rowsPerStatement(picked.length);
  const statements: string[][] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const end = Math.min(rows.length, start + perStatement);
    const slice = rows.slice(start, end) as readonly Record<string, unknown>[];
    statements.push([
      ...picked.map(({ key, type }) =>
        columnLiteral(
          slice.map((row) => row[key]),
          type,
        ),
      ),
      ...inputs.map(({ type, values }) => columnLiteral(values.slice(start, end), type)),
    ]);
  }
  return {
    table: getTableName(table),
    columns: picked.map(({ name, type }) => ({ name, type })),
    inputs: inputs.map(({ name, type }) => ({ name, type })),
    statements,
  };
}
