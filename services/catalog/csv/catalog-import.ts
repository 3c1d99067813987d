// Catalog CSV import. A run reads the file as a stream (csv-parse), checks each row (the shared zod
// schema) and what needs several rows (a handle's first row, duplicate SKUs, options), and loads the
// good rows into a staging table in batches; SQL then checks what needs the catalog (a SKU another
// product owns, a new product without a title, product columns that differ between a handle's rows).
// Any problem: nothing is written and the run lists them all by row and column. Otherwise a dry run
// stops there with its counts, and an import writes everything in one transaction (import-apply.ts),
// then refreshes the search data of the products it changed and announces the change.
import { type Readable, Transform } from "node:stream";
import { parse } from "csv-parse";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { queryRows } from "../../../db/rows.ts";
import type { CatalogImportMode } from "../../../db/schema/catalog-import.ts";
import {
  CATALOG_CSV_HEADER,
  type CatalogCsvColumnName,
  type CatalogCsvRow,
  type CsvProblem,
  type ImportPhase,
  type ImportRun,
  type ImportSummary,
  isCatalogCsvColumn,
  MAX_OPTIONS,
  MAX_STORED_PROBLEMS,
  PRODUCT_COLUMNS,
  parseCatalogCsvRow,
  REQUIRED_COLUMNS,
  splitCategoryPath,
  splitTag,
} from "../../../shared/admin/catalog-csv.ts";
import type { StoreChangeFeed } from "../../changes/store-changes.ts";
import { refreshProductSearchData } from "../../search/search-index.ts";
import { type CategoryPaths, loadCategoryPaths } from "./category-paths.ts";
import { applyStagedImport } from "./import-apply.ts";
import { createImportRun, getImportRun, setLiveProgress, updateImportRun } from "./import-runs.ts";
import { withoutStatementTimeout } from "./statement-timeout.ts";

/** Rows per staging insert: a few MB of parameters, flat memory on PGlite. */
const STAGE_BATCH = 1000;
/** Products per search refresh statement. */
const INDEX_BATCH = 5000;
/** From this many changed products on, the import refreshes the planner's statistics before indexing. */
const ANALYZE_AFTER_PRODUCTS = 2000;
/** At most this many rows in one file. */
export const MAX_IMPORT_ROWS = 500_000;
const PROGRESS_EVERY_MS = 250;

export interface CatalogImportOptions {
  mode: CatalogImportMode;
  fileName: string;
  /** The file's size, for the progress bar while it is read. */
  fileBytes?: number | null;
  /** Who runs it, as the run and the audit log show it. */
  actor: string;
  staffId?: number | null;
  /** Told of the progress (the command line prints it). */
  onProgress?: (progress: ImportProgress) => void;
  /** Where a written import is announced (caches, other instances). */
  changes?: StoreChangeFeed;
  /** Called once a written import has committed (the audit entry). */
  onWritten?: (run: ImportRun) => Promise<void>;
}

export interface ImportProgress {
  runId: number;
  phase: ImportPhase;
  rowsRead: number;
  progress: number;
  problemCount: number;
  elapsedSeconds: number;
}

type Columns = Map<CatalogCsvColumnName, number>;

interface HandleState {
  firstRow: number;
  optionNames: (string | null)[];
  combos: Map<string, number>;
}

/** What the row checks that need several rows remember: per handle and per SKU, not the rows. */
class FileChecks {
  readonly handles = new Map<string, HandleState>();
  readonly skus = new Map<string, number>();

  private readonly categories: CategoryPaths;

  constructor(categories: CategoryPaths) {
    this.categories = categories;
  }

  /** Problems of `row` against the rows before it; the category ids it names. */
  check(row: CatalogCsvRow, rowNumber: number, problems: CsvProblem[]): { isFirst: boolean; categoryIds: number[] } {
    const problem = (column: string | null, message: string) => problems.push({ row: rowNumber, column, message });
    let state = this.handles.get(row.handle);
    const isFirst = state === undefined;
    if (!state) {
      const optionNames = [row.option1_name, row.option2_name, row.option3_name];
      state = { firstRow: rowNumber, optionNames, combos: new Map() };
      this.handles.set(row.handle, state);
      const seen = new Set<string>();
      optionNames.forEach((name, i) => {
        if (name === null) return;
        if (i > 0 && optionNames[i - 1] === null)
          problem(
            `option${i + 1}_name`,
            `Option ${i + 1} is named but option ${i} is not: fill the options from option1 up.`,
          );
        if (seen.has(name.toLowerCase())) problem(`option${i + 1}_name`, `The option "${name}" is named twice.`);
        seen.add(name.toLowerCase());
      });
    }

    const sku = row.sku.toLowerCase();
    const skuRow = this.skus.get(sku);
    if (skuRow !== undefined)
      problem("sku", `The SKU ${row.sku} is also on row ${skuRow}: each variant needs its own SKU.`);
    else this.skus.set(sku, rowNumber);

    const values = [row.option1_value, row.option2_value, row.option3_value];
    for (let i = 0; i < MAX_OPTIONS; i++) {
      const name = state.optionNames[i];
      if (name !== null && values[i] === null)
        problem(`option${i + 1}_value`, `A value for the option "${name}" is required.`);
      if (name === null && values[i] !== null)
        problem(
          `option${i + 1}_value`,
          `The product's first row (row ${state.firstRow}) names no option ${i + 1}: add option${i + 1}_name there.`,
        );
    }
    const combo = values.map((v) => v?.toLowerCase() ?? "").join("\u001f");
    const comboRow = state.combos.get(combo);
    if (comboRow !== undefined) {
      problem(
        state.optionNames[0] === null ? "option1_name" : "option1_value",
        state.optionNames[0] === null
          ? `The product already has a variant on row ${comboRow}: a product with several variants needs options that tell them apart.`
          : `Row ${comboRow} has the same option values for this product.`,
      );
    } else state.combos.set(combo, rowNumber);

    const categoryIds: number[] = [];
    for (const path of row.categories ?? []) {
      const levels = splitCategoryPath(path);
      const id = this.categories.idOf(levels);
      if (id === null)
        problem(
          "categories",
          `No category "${levels.join(" > ")}": create it in the back office first, or fix the path.`,
        );
      else if (id === "ambiguous")
        problem("categories", `Two categories are named "${levels.join(" > ")}": rename one to tell them apart.`);
      else if (!categoryIds.includes(id)) categoryIds.push(id);
    }
    return { isFirst, categoryIds };
  }
}

/** A PostgreSQL array literal of text values ({"a","b"}), for array columns sent through unnest(). */
function textArrayLiteral(values: readonly string[] | null): string | null {
  if (values === null) return null;
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

interface StagedRow {
  rowNumber: number;
  isFirst: boolean;
  row: CatalogCsvRow;
  categoryIds: number[] | null;
  tags: string[] | null;
}

const STAGING_COLUMNS = [
  ["row_number", "int"],
  ["is_first", "boolean"],
  ["handle", "text"],
  ["title", "text"],
  ["description_html", "text"],
  ["brand", "text"],
  ["product_type", "text"],
  ["category_ids", "int[]"],
  ["tags", "text[]"],
  ["part_number", "text"],
  ["superseded_part_numbers", "text[]"],
  ["seo_title", "text"],
  ["seo_description", "text"],
  ["published", "boolean"],
  ["option1_name", "text"],
  ["option1_value", "text"],
  ["option2_name", "text"],
  ["option2_value", "text"],
  ["option3_name", "text"],
  ["option3_value", "text"],
  ["sku", "text"],
  ["price_cents", "int"],
  ["compare_at_price_cents", "int"],
  ["cost_cents", "int"],
  ["stock", "int"],
  ["backorder", "boolean"],
  ["weight_grams", "int"],
  ["image_urls", "text[]"],
] as const;

function stagingValues(s: StagedRow): unknown[] {
  const r = s.row;
  return [
    s.rowNumber,
    s.isFirst,
    r.handle,
    r.title,
    r.description_html,
    r.brand,
    r.product_type,
    s.categoryIds === null ? null : `{${s.categoryIds.join(",")}}`,
    textArrayLiteral(s.tags),
    r.part_number,
    textArrayLiteral(r.superseded_part_numbers),
    r.seo_title,
    r.seo_description,
    r.published,
    r.option1_name,
    r.option1_value,
    r.option2_name,
    r.option2_value,
    r.option3_name,
    r.option3_value,
    r.sku,
    r.price,
    r.compare_at_price,
    r.cost,
    r.stock,
    r.backorder,
    r.weight_grams,
    textArrayLiteral(r.image_urls),
  ];
}

/** One multi-row insert through unnest(): one array parameter per column, whatever the row count. */
async function stageRows(db: Database, runId: number, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(stagingValues);
  const names = STAGING_COLUMNS.map(([name]) => name).join(", ");
  const sources = sql.join(
    STAGING_COLUMNS.map(([, type], i) =>
      // Array columns travel as array literals (unnest would flatten real arrays) and are cast back.
      type.endsWith("[]")
        ? sql`${sql.param(values.map((v) => v[i]))}::text[]`
        : sql`${sql.param(values.map((v) => v[i]))}::${sql.raw(type)}[]`,
    ),
    sql`, `,
  );
  const selected = STAGING_COLUMNS.map(([name, type]) => (type.endsWith("[]") ? `${name}::${type}` : name)).join(", ");
  await db.execute(sql`
    insert into catalog_import_rows (run_id, ${sql.raw(names)})
    select ${runId}, ${sql.raw(selected)} from unnest(${sources}) as u(${sql.raw(names)})`);
}

/** Problems that need the catalog or several rows: found in SQL over the staged rows. */
async function checkStagedRows(db: Database, runId: number, columns: Columns): Promise<CsvProblem[]> {
  return withoutStatementTimeout(db, async (tx) => {
    const problems: CsvProblem[] = [];
    const owned = await queryRows<{ row_number: number; sku: string; handle: string }>(
      tx,
      sql`select s.row_number, v.sku, p.handle
          from catalog_import_rows s
          join variants v on lower(v.sku) = lower(s.sku)
          join products p on p.id = v.product_id
          where s.run_id = ${runId} and p.handle <> s.handle
          order by s.row_number limit ${MAX_STORED_PROBLEMS}`,
    );
    for (const o of owned)
      problems.push({
        row: o.row_number,
        column: "sku",
        message: `The SKU ${o.sku} belongs to the product ${o.handle}: change the SKU or the handle.`,
      });

    const untitled = await queryRows<{ row_number: number; exists: boolean }>(
      tx,
      sql`select s.row_number, (p.id is not null) as exists
          from catalog_import_rows s left join products p on p.handle = s.handle
          where s.run_id = ${runId} and s.is_first and s.title is null
            and (p.id is null or ${columns.has("title")})
          order by s.row_number limit ${MAX_STORED_PROBLEMS}`,
    );
    for (const u of untitled)
      problems.push({
        row: u.row_number,
        column: "title",
        message: u.exists
          ? "A title is required on the product's first row."
          : "A title is required on the first row of a new product.",
      });

    // Product columns on a later row of a handle: empty, or the same as on its first row.
    const present = PRODUCT_COLUMNS.filter((c) => columns.has(c)).map(stagingColumnOf);
    if (present.length) {
      const pairs = sql.join(
        present.map((c) => sql`(${c}, s.${sql.raw(c)}::text, f.${sql.raw(c)}::text)`),
        sql`, `,
      );
      const conflicts = await queryRows<{ row_number: number; column_name: string; first_row: number }>(
        tx,
        sql`with firsts as (select * from catalog_import_rows where run_id = ${runId} and is_first)
            select s.row_number, c.column_name, f.row_number as first_row
            from catalog_import_rows s
            join firsts f on f.handle = s.handle
            cross join lateral (values ${pairs}) as c(column_name, value, first_value)
            where s.run_id = ${runId} and not s.is_first and c.value is not null
              and c.value is distinct from c.first_value
            order by s.row_number limit ${MAX_STORED_PROBLEMS}`,
      );
      for (const c of conflicts)
        problems.push({
          row: c.row_number,
          column: csvColumnOf(c.column_name),
          message: `Differs from the product's first row (row ${c.first_row}): leave it empty on later rows, or make them the same.`,
        });
    }
    return problems;
  });
}

/** The staging column a CSV column is stored in. */
function stagingColumnOf(column: CatalogCsvColumnName): string {
  if (column === "categories") return "category_ids";
  return column;
}
function csvColumnOf(stagingColumn: string): string {
  return stagingColumn === "category_ids" ? "categories" : stagingColumn;
}

/** Counts for a dry run: what the import would create, update and remove. */
async function dryRunSummary(db: Database, runId: number): Promise<Omit<ImportSummary, "seconds">> {
  return withoutStatementTimeout(db, async (tx) => {
    const [counts] = await queryRows<{
      rows: number;
      products: number;
      new_products: number;
      new_variants: number;
      removed_variants: number;
    }>(
      tx,
      sql`select
            (select count(*)::int from catalog_import_rows where run_id = ${runId}) as rows,
            (select count(*)::int from catalog_import_rows where run_id = ${runId} and is_first) as products,
            (select count(*)::int from catalog_import_rows s where s.run_id = ${runId} and s.is_first
               and not exists (select 1 from products p where p.handle = s.handle)) as new_products,
            (select count(*)::int from catalog_import_rows s where s.run_id = ${runId}
               and not exists (select 1 from variants v where lower(v.sku) = lower(s.sku))) as new_variants,
            (select count(*)::int from variants v join products p on p.id = v.product_id
               join catalog_import_rows s on s.run_id = ${runId} and s.is_first and s.handle = p.handle
               where not exists (select 1 from catalog_import_rows x
                                 where x.run_id = ${runId} and lower(x.sku) = lower(v.sku))) as removed_variants`,
    );
    const brands = await queryRows<{ brand: string }>(
      tx,
      sql`select distinct on (lower(s.brand)) s.brand from catalog_import_rows s
          where s.run_id = ${runId} and s.is_first and s.brand is not null
            and not exists (select 1 from vendors v where lower(v.name) = lower(s.brand))
          order by lower(s.brand)`,
    );
    return {
      rows: counts.rows,
      products: counts.products,
      newProducts: counts.new_products,
      variants: counts.rows,
      newVariants: counts.new_variants,
      removedVariants: counts.removed_variants,
      newBrands: brands.map((b) => b.brand),
      changedProducts: counts.products,
    };
  });
}

/** Counts the bytes that pass (for the progress bar). */
function byteCounter(onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}

interface ReadResult {
  rows: number;
  columns: Columns;
  problems: CsvProblem[];
  problemCount: number;
}

/** Reads, checks and stages the file; keeps at most MAX_STORED_PROBLEMS problems (and counts them all). */
async function readAndStage(
  db: Database,
  runId: number,
  source: Readable,
  report: (phase: ImportPhase, rows: number, bytes: number, problems: number, force?: boolean) => Promise<void>,
): Promise<ReadResult> {
  const categories = await loadCategoryPaths(db);
  const problems: CsvProblem[] = [];
  let problemCount = 0;
  const add = (found: CsvProblem[]) => {
    problemCount += found.length;
    for (const p of found) if (problems.length < MAX_STORED_PROBLEMS) problems.push(p);
  };
  let bytes = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 1_000_000,
  });
  const counted = source.pipe(byteCounter((n) => (bytes += n)));
  counted.on("error", (error) => parser.destroy(error));
  source.on("error", (error) => parser.destroy(error));
  counted.pipe(parser);

  let columns: Columns | null = null;
  let checks: FileChecks | null = null;
  let rows = 0;
  let batch: StagedRow[] = [];
  let headerBroken = false;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = new Map();
        const found: CsvProblem[] = [];
        record.forEach((cell, index) => {
          const name = cell.trim().toLowerCase();
          if (name === "") return;
          if (!isCatalogCsvColumn(name))
            found.push({
              row: 1,
              column: name,
              message: `Unknown column "${cell.trim()}". The columns are: ${CATALOG_CSV_HEADER.join(", ")}.`,
            });
          else if (columns?.has(name))
            found.push({ row: 1, column: name, message: `The column ${name} appears twice.` });
          else columns?.set(name, index);
        });
        for (const required of REQUIRED_COLUMNS)
          if (!columns.has(required))
            found.push({
              row: 1,
              column: required,
              message: `The column ${required} is required (the first row names the columns).`,
            });
        add(found);
        headerBroken = found.length > 0;
        if (headerBroken) break;
        checks = new FileChecks(categories);
        continue;
      }
      rows++;
      const rowNumber = rows + 1;
      if (rows > MAX_IMPORT_ROWS) {
        add([{ row: rowNumber, column: null, message: `A file may have at most ${MAX_IMPORT_ROWS} rows: split it.` }]);
        break;
      }
      const found: CsvProblem[] = [];
      if (
        record.length > (columns.size === 0 ? 0 : Math.max(...columns.values()) + 1) &&
        record.slice(Math.max(...columns.values()) + 1).some((c) => c.trim() !== "")
      )
        found.push({ row: rowNumber, column: null, message: "The row has more cells than the header names columns." });
      const cells: Record<string, string> = {};
      for (const [name, index] of columns) cells[name] = record[index] ?? "";
      const parsed = parseCatalogCsvRow(cells, rowNumber);
      if (parsed.row && checks) {
        const { isFirst, categoryIds } = checks.check(parsed.row, rowNumber, found);
        batch.push({
          rowNumber,
          isFirst,
          row: parsed.row,
          categoryIds: parsed.row.categories === null ? null : categoryIds,
          tags: parsed.row.tags?.map((t) => (splitTag(t) ?? ["", t]).join("_")) ?? null,
        });
      } else {
        found.push(...parsed.problems);
        // A handle whose first row is broken still counts as seen, so its later rows are not "first".
        const handle = cells.handle?.trim();
        if (handle && checks && !checks.handles.has(handle))
          checks.handles.set(handle, {
            firstRow: rowNumber,
            // Its option names as written, so its later rows are checked against them rather than against none.
            optionNames: [1, 2, 3].map((n) => cells[`option${n}_name`]?.trim() || null),
            combos: new Map(),
          });
      }
      add(found);
      if (batch.length >= STAGE_BATCH) {
        await stageRows(db, runId, batch);
        batch = [];
      }
      await report("reading", rows, bytes, problemCount);
    }
    if (!columns && problemCount === 0)
      add([{ row: 1, column: null, message: "The file is empty: its first row must name the columns." }]);
    await stageRows(db, runId, batch);
  } catch (error) {
    if (!(error instanceof Error) || !("code" in error) || !String(error.code).startsWith("CSV_")) throw error;
    add([{ row: rows + 2, column: null, message: `The file is not valid CSV here: ${error.message}` }]);
  } finally {
    source.unpipe?.();
  }
  await report("reading", rows, bytes, problemCount, true);
  return { rows, columns: columns ?? new Map(), problems, problemCount };
}

/**
 * Runs a dry run or an import of `source` (a CSV stream) to the end and returns the finished run.
 * A new run row is created first (its id goes to onProgress at once).
 */
export async function runCatalogImport(
  db: Database,
  source: Readable,
  options: CatalogImportOptions,
): Promise<ImportRun> {
  const runId = await createImportRun(db, {
    mode: options.mode,
    fileName: options.fileName,
    fileBytes: options.fileBytes ?? null,
    actor: options.actor,
    staffId: options.staffId ?? null,
  });
  return continueCatalogImport(db, runId, source, options);
}

/** Runs an import whose run row already exists (the API answers with its id before the work starts). */
export async function continueCatalogImport(
  db: Database,
  runId: number,
  source: Readable,
  options: CatalogImportOptions,
): Promise<ImportRun> {
  const started = performance.now();
  const seconds = { reading: 0, checking: 0, writing: 0, indexing: 0 };
  let lastReport = 0;
  let lastSaved = 0;
  const fileBytes = options.fileBytes ?? null;
  const report = async (
    phase: ImportPhase,
    rows: number,
    bytes: number,
    problemCount: number,
    force = false,
    fraction?: number,
  ) => {
    const now = performance.now();
    if (!force && now - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = now;
    // Reading is the first 60% of the bar (by bytes), checking 5%, writing 20%, indexing 15%.
    const progress =
      phase === "reading"
        ? fileBytes
          ? 0.6 * Math.min(1, bytes / fileBytes)
          : 0
        : phase === "checking"
          ? 0.6
          : phase === "writing"
            ? 0.65
            : phase === "indexing"
              ? 0.85 + 0.15 * (fraction ?? 0)
              : 1;
    setLiveProgress(runId, { phase, rowsRead: rows, bytesRead: bytes, progress, problemCount });
    options.onProgress?.({
      runId,
      phase,
      rowsRead: rows,
      progress,
      problemCount,
      elapsedSeconds: (now - started) / 1000,
    });
    // The row is saved now and then (other instances, a reload after a restart).
    if (force || now - lastSaved > 2000) {
      lastSaved = now;
      await updateImportRun(db, runId, { phase, rowsRead: rows, bytesRead: bytes, progress, problemCount });
    }
  };

  try {
    let phaseStart = performance.now();
    const read = await readAndStage(db, runId, source, report);
    seconds.reading = (performance.now() - phaseStart) / 1000;
    let problems = read.problems;
    let problemCount = read.problemCount;

    phaseStart = performance.now();
    await report("checking", read.rows, 0, problemCount, true);
    if (read.rows > 0 && read.columns.size > 0) {
      await db.execute(sql`analyze catalog_import_rows`);
      const more = await checkStagedRows(db, runId, read.columns);
      problemCount += more.length;
      problems = [...problems, ...more]
        .sort((a, b) => a.row - b.row || (a.column ?? "").localeCompare(b.column ?? ""))
        .slice(0, MAX_STORED_PROBLEMS);
    }
    if (read.rows === 0 && problemCount === 0)
      problems = [{ row: 2, column: null, message: "The file has no rows under its header." }];
    problemCount = Math.max(problemCount, problems.length);
    seconds.checking = (performance.now() - phaseStart) / 1000;

    if (problemCount > 0) {
      await clearStaging(db, runId);
      await updateImportRun(db, runId, {
        status: "rejected",
        phase: "done",
        rowsRead: read.rows,
        progress: 1,
        problemCount,
        problems,
        finished: true,
      });
      return getImportRun(db, runId);
    }

    let summary: ImportSummary;
    if (options.mode === "dry_run") {
      summary = { ...(await dryRunSummary(db, runId)), seconds: { ...seconds } };
      summary.seconds.checking = (performance.now() - phaseStart) / 1000;
    } else {
      phaseStart = performance.now();
      await report("writing", read.rows, 0, 0, true);
      const applied = await applyStagedImport(db, runId, read.columns);
      seconds.writing = (performance.now() - phaseStart) / 1000;

      phaseStart = performance.now();
      const ids = applied.changedProductIds;
      // A large import can grow the catalog tables many times over: fresh planner statistics keep the
      // search refresh below on its indexes (with the old ones it scans whole tables batch after batch).
      if (ids.length >= ANALYZE_AFTER_PRODUCTS) await db.execute(sql`analyze`);
      const announce = async () => {
        if (!ids.length || !options.changes) return;
        await options.changes.publish({ kind: "product", ids });
        await options.changes.publish({ kind: "price", ids });
        await options.changes.publish({ kind: "stock", ids });
        if (applied.summary.newBrands.length) await options.changes.publish({ kind: "brand" });
      };
      // The written rows are committed: caches drop what they kept of them now (prices, stock, cards),
      // not only after the search refresh, which takes minutes on a big file (and may fail).
      await announce();
      try {
        for (let from = 0; process.env.IMPORT_SKIP_INDEX !== "1" && from < ids.length; from += INDEX_BATCH) {
          const slice = ids.slice(from, from + INDEX_BATCH);
          await withoutStatementTimeout(db, (tx) => refreshProductSearchData(tx, slice));
          await report("indexing", read.rows, 0, 0, false, (from + slice.length) / ids.length);
        }
      } finally {
        // And again once the search rows are refreshed (what a page read meanwhile kept is dropped).
        await announce();
      }
      seconds.indexing = (performance.now() - phaseStart) / 1000;
      summary = { ...applied.summary, seconds };
    }
    await clearStaging(db, runId);
    await updateImportRun(db, runId, {
      status: "succeeded",
      phase: "done",
      rowsRead: read.rows,
      progress: 1,
      summary,
      finished: true,
    });
    const run = await getImportRun(db, runId);
    if (options.mode === "import") await options.onWritten?.(run);
    return run;
  } catch (error) {
    await clearStaging(db, runId).catch(() => {});
    await updateImportRun(db, runId, {
      status: "failed",
      phase: "done",
      error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
      finished: true,
    }).catch(() => {});
    throw error;
  } finally {
    setLiveProgress(runId, null);
  }
}

async function clearStaging(db: Database, runId: number): Promise<void> {
  await withoutStatementTimeout(db, (tx) => tx.execute(sql`delete from catalog_import_rows where run_id = ${runId}`));
}
