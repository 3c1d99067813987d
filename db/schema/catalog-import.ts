// Catalog CSV import runs and their staging rows (migration 0020_catalog_import).
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const CATALOG_IMPORT_MODES = ["dry_run", "import"] as const;
export type CatalogImportMode = (typeof CATALOG_IMPORT_MODES)[number];
/** running → succeeded (written, or a clean dry run) | rejected (problems found: nothing written) | failed (an error). */
export const CATALOG_IMPORT_STATUSES = ["running", "succeeded", "rejected", "failed"] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];

/** One dry run or import: kept so its page can show it again after a reload, and as the import history. */
export const catalogImportRuns = pgTable(
  "catalog_import_runs",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    mode: text({ enum: CATALOG_IMPORT_MODES }).notNull(),
    status: text({ enum: CATALOG_IMPORT_STATUSES }).notNull().default("running"),
    /** reading | checking | writing | indexing | done */
    phase: text().notNull().default("reading"),
    fileName: text().notNull(),
    fileBytes: bigint({ mode: "number" }),
    bytesRead: bigint({ mode: "number" }).notNull().default(0),
    rowsRead: integer().notNull().default(0),
    /** 0..1, for the progress bar. */
    progress: doublePrecision().notNull().default(0),
    problemCount: integer().notNull().default(0),
    /** The first problems found (row, column, message); problemCount has them all. */
    problems: jsonb().notNull().default(sql`'[]'::jsonb`),
    summary: jsonb(),
    error: text(),
    /** The staff member who started it (no foreign key: the history outlives an account); null from the command line. */
    staffId: integer(),
    /** Who started it, as shown: a staff e-mail, or "command line". */
    actor: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("catalog_import_runs_started_at_idx").on(t.startedAt.desc()),
    check("catalog_import_runs_mode_known", sql`${t.mode} in ('dry_run', 'import')`),
    check("catalog_import_runs_status_known", sql`${t.status} in ('running', 'succeeded', 'rejected', 'failed')`),
  ],
);

/** A run's rows as read and checked, before one transaction writes them to the catalog (an unlogged table). */
export const catalogImportRows = pgTable(
  "catalog_import_rows",
  {
    runId: integer()
      .notNull()
      .references(() => catalogImportRuns.id, { onDelete: "cascade" }),
    /** The row as a spreadsheet numbers it (the header is row 1). */
    rowNumber: integer().notNull(),
    /** The first row of its handle: the one whose product columns count. */
    isFirst: boolean().notNull(),
    handle: text().notNull(),
    title: text(),
    descriptionHtml: text(),
    brand: text(),
    productType: text(),
    categoryIds: integer().array(),
    tags: text().array(),
    partNumber: text(),
    supersededPartNumbers: text().array(),
    seoTitle: text(),
    seoDescription: text(),
    published: boolean(),
    option1Name: text(),
    option1Value: text(),
    option2Name: text(),
    option2Value: text(),
    option3Name: text(),
    option3Value: text(),
    sku: text().notNull(),
    priceCents: integer().notNull(),
    compareAtPriceCents: integer(),
    costCents: integer(),
    stock: integer(),
    backorder: boolean(),
    weightGrams: integer(),
    imageUrls: text().array(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.rowNumber] }),
    index("catalog_import_rows_run_id_handle_idx").on(t.runId, t.handle),
    index("catalog_import_rows_run_id_sku_idx").on(t.runId, sql`lower(${t.sku})`),
  ],
);
