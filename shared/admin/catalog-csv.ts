// The catalog CSV: one row per variant. The columns, the rules of one row, and the shapes of an import
// run's report, shared by the import (services/catalog/csv/), its API and the /admin/import page.
import { z } from "zod";

/** Separates several values in one cell (categories, tags, superseded numbers, image URLs). */
export const LIST_SEPARATOR = "|";
/** Separates the levels of a category path: `Pumps > Pool Pumps`. */
export const CATEGORY_PATH_SEPARATOR = ">";
export const MAX_OPTIONS = 3;

export interface CatalogCsvColumn {
  name: string;
  /** Product columns count on the first row of a handle; later rows leave them empty or repeat them. */
  level: "product" | "variant";
  required: boolean;
  description: string;
}

/** Every column, in the order an export writes them (the README's table is this list). */
export const CATALOG_CSV_COLUMNS = [
  {
    name: "handle",
    level: "product",
    required: true,
    description: "The product's URL name; rows with the same handle are one product's variants.",
  },
  { name: "title", level: "product", required: false, description: "Product title (needed for a new product)." },
  { name: "description_html", level: "product", required: false, description: "Product description (HTML)." },
  {
    name: "brand",
    level: "product",
    required: false,
    description: "Brand name; a brand the store does not have yet is created.",
  },
  { name: "product_type", level: "product", required: false, description: 'Kind of product ("Pool Pump").' },
  {
    name: "categories",
    level: "product",
    required: false,
    description:
      'Category paths from the top, levels joined by ">", several joined by "|": `Pumps > Pool Pumps|Spa > Spa Pumps`. Each must exist.',
  },
  {
    name: "tags",
    level: "product",
    required: false,
    description: 'Tags as `Prefix_Value`, joined by "|": `Horsepower_1.5 HP|Voltage_230V`.',
  },
  { name: "part_number", level: "product", required: false, description: "Manufacturer part number as printed." },
  {
    name: "superseded_part_numbers",
    level: "product",
    required: false,
    description: 'Older part numbers this part replaces, joined by "|".',
  },
  {
    name: "seo_title",
    level: "product",
    required: false,
    description: "Title for search engines (empty: the product title).",
  },
  { name: "seo_description", level: "product", required: false, description: "Description for search engines." },
  {
    name: "published",
    level: "product",
    required: false,
    description: "`true` (on the storefront) or `false` (draft). A new product without it is published.",
  },
  { name: "option1_name", level: "product", required: false, description: 'First option\'s name ("Size").' },
  {
    name: "option1_value",
    level: "variant",
    required: false,
    description: 'This variant\'s value of the first option ("1.5 HP").',
  },
  { name: "option2_name", level: "product", required: false, description: "Second option's name." },
  {
    name: "option2_value",
    level: "variant",
    required: false,
    description: "This variant's value of the second option.",
  },
  { name: "option3_name", level: "product", required: false, description: "Third option's name." },
  {
    name: "option3_value",
    level: "variant",
    required: false,
    description: "This variant's value of the third option.",
  },
  {
    name: "sku",
    level: "variant",
    required: true,
    description: "The variant's SKU, unique in the store (case does not count): the key an import updates by.",
  },
  {
    name: "price",
    level: "variant",
    required: true,
    description: "Price in the store currency, a dot before at most 2 decimals: `1149.99`.",
  },
  {
    name: "compare_at_price",
    level: "variant",
    required: false,
    description: "Price before the sale (empty: not on sale).",
  },
  {
    name: "cost",
    level: "variant",
    required: false,
    description: "What the store pays for one (never shown to shoppers).",
  },
  {
    name: "stock",
    level: "variant",
    required: false,
    description: "Units in stock at the main location (a whole number).",
  },
  { name: "backorder", level: "variant", required: false, description: "`true`: keeps selling when stock runs out." },
  {
    name: "weight_grams",
    level: "variant",
    required: false,
    description: "Shipping weight in grams (a whole number).",
  },
  {
    name: "image_urls",
    level: "product",
    required: false,
    description: 'Product images in order, joined by "|": `https://...` addresses or store paths (`/img/...`).',
  },
] as const satisfies readonly CatalogCsvColumn[];

export type CatalogCsvColumnName = (typeof CATALOG_CSV_COLUMNS)[number]["name"];
export const CATALOG_CSV_HEADER: readonly CatalogCsvColumnName[] = CATALOG_CSV_COLUMNS.map((c) => c.name);
export const REQUIRED_COLUMNS: readonly CatalogCsvColumnName[] = CATALOG_CSV_COLUMNS.filter((c) => c.required).map(
  (c) => c.name,
);
export const PRODUCT_COLUMNS: readonly CatalogCsvColumnName[] = CATALOG_CSV_COLUMNS.filter(
  (c) => c.level === "product" && c.name !== "handle",
).map((c) => c.name);

const KNOWN = new Set<string>(CATALOG_CSV_HEADER);
export function isCatalogCsvColumn(name: string): name is CatalogCsvColumnName {
  return KNOWN.has(name);
}

/** One problem of a file: its row as a spreadsheet numbers it (the header is row 1), its column, what is wrong. */
export const csvProblemSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type CsvProblem = z.infer<typeof csvProblemSchema>;

// ---- Cell rules -------------------------------------------------------------------------------

const MAX_CENTS = 2_147_483_647;

/** "1149.99" → 114999; "" → null. A comma, a currency sign or a third decimal is refused. */
function moneyCell(label: string) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text);
      if (!match) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a number with at most 2 decimals, like 24.99 (no currency sign or thousands separator), not "${text}".`,
        });
        return z.NEVER;
      }
      const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
      if (cents > MAX_CENTS) {
        ctx.addIssue({ code: "custom", message: `${label} is too large.` });
        return z.NEVER;
      }
      return cents;
    });
}

function wholeNumberCell(label: string, min: number) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      if (!/^-?\d{1,9}$/.test(text) || Number(text) < min) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a whole number${min === 0 ? " (0 or more)" : ""}, not "${text}".`,
        });
        return z.NEVER;
      }
      return Number(text);
    });
}

const TRUE_WORDS = new Set(["true", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "no", "0"]);
function booleanCell(label: string) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return null;
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      ctx.addIssue({ code: "custom", message: `${label} must be true or false, not "${text}".` });
      return z.NEVER;
    });
}

/** Free text: trimmed, empty → null, bounded. */
function textCell(max: number) {
  return z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().max(max, `At most ${max} characters.`))
    .transform((text) => (text === "" ? null : text));
}

/** A "|"-separated list: trimmed items, empty ones dropped; empty → null. */
export function splitList(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function listCell(max: number) {
  return z
    .string()
    .max(max, `At most ${max} characters.`)
    .transform((text) => {
      const items = splitList(text);
      return items.length === 0 ? null : items;
    });
}

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category path: levels trimmed, compared without case. */
export function splitCategoryPath(path: string): string[] {
  return path
    .split(CATEGORY_PATH_SEPARATOR)
    .map((level) => level.trim())
    .filter((level) => level !== "");
}
export function categoryPathKey(levels: readonly string[]): string {
  return levels.map((level) => level.toLowerCase().replace(/\s+/g, " ")).join(" > ");
}

/** An image address the storefront can show: http(s), or a path on the store ("/img/..."). */
export function isImageUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A tag as written in the file: `Prefix_Value` → [prefix, value]; null when it has no prefix. */
export function splitTag(tag: string): [string, string] | null {
  const at = tag.indexOf("_");
  if (at <= 0 || at === tag.length - 1) return null;
  return [tag.slice(0, at).trim(), tag.slice(at + 1).trim()];
}

const cell = z.string().default("");

/**
 * One row's cells, each checked on its own (a cell missing from the file reads as ""). What needs
 * other rows or the database (a handle's first row, duplicate SKUs, categories) is checked by the import.
 */
export const catalogCsvRowSchema = z.object({
  handle: cell.pipe(
    z
      .string()
      .trim()
      .min(1, "A handle is required.")
      .max(255, "At most 255 characters.")
      .regex(HANDLE_PATTERN, "A handle is lowercase letters, digits and single dashes, like hayward-super-pump."),
  ),
  title: cell.pipe(textCell(255)),
  description_html: cell.pipe(textCell(100_000)),
  brand: cell.pipe(textCell(120)),
  product_type: cell.pipe(textCell(120)),
  categories: cell.pipe(listCell(4000)),
  tags: cell.pipe(
    listCell(8000).superRefine((tags, ctx) => {
      for (const tag of tags ?? []) {
        if (!splitTag(tag)) ctx.addIssue({ code: "custom", message: `The tag "${tag}" needs a prefix: Prefix_Value.` });
      }
    }),
  ),
  part_number: cell.pipe(textCell(120)),
  superseded_part_numbers: cell.pipe(listCell(4000)),
  seo_title: cell.pipe(textCell(255)),
  seo_description: cell.pipe(textCell(1000)),
  published: cell.pipe(booleanCell("published")),
  option1_name: cell.pipe(textCell(120)),
  option1_value: cell.pipe(textCell(255)),
  option2_name: cell.pipe(textCell(120)),
  option2_value: cell.pipe(textCell(255)),
  option3_name: cell.pipe(textCell(120)),
  option3_value: cell.pipe(textCell(255)),
  sku: cell.pipe(z.string().trim().min(1, "A SKU is required.").max(120, "At most 120 characters.")),
  price: cell.pipe(
    moneyCell("The price").refine((cents) => cents !== null, "A price is required (0 for call-for-price)."),
  ),
  compare_at_price: cell.pipe(moneyCell("The compare-at price")),
  cost: cell.pipe(moneyCell("The cost")),
  stock: cell.pipe(wholeNumberCell("Stock", -1_000_000)),
  backorder: cell.pipe(booleanCell("backorder")),
  weight_grams: cell.pipe(wholeNumberCell("The weight", 0)),
  image_urls: cell.pipe(
    listCell(20_000).superRefine((urls, ctx) => {
      const seen = new Set<string>();
      for (const url of urls ?? []) {
        if (!isImageUrl(url)) {
          ctx.addIssue({
            code: "custom",
            message: `"${url.slice(0, 200)}" is not an image address (https://... or a store path /img/...).`,
          });
        } else if (seen.has(url)) {
          ctx.addIssue({ code: "custom", message: `The image ${url.slice(0, 200)} is listed twice.` });
        }
        seen.add(url);
      }
    }),
  ),
});
export type CatalogCsvRow = z.output<typeof catalogCsvRowSchema>;

/**
 * Checks one row's cells: the row, or its problems (each naming its column). `rowNumber` is the
 * spreadsheet row (header = 1).
 */
export function parseCatalogCsvRow(
  record: Record<string, string | undefined>,
  rowNumber: number,
): { row: CatalogCsvRow; problems: [] } | { row: null; problems: CsvProblem[] } {
  const result = catalogCsvRowSchema.safeParse(record);
  if (result.success) return { row: result.data, problems: [] };
  return {
    row: null,
    problems: result.error.issues.map((issue) => ({
      row: rowNumber,
      column: typeof issue.path[0] === "string" ? issue.path[0] : null,
      message: issue.message,
    })),
  };
}

// ---- Runs ------------------------------------------------------------------------------------

export const importSummarySchema = z.object({
  rows: z.number().int(),
  products: z.number().int(),
  newProducts: z.number().int(),
  variants: z.number().int(),
  newVariants: z.number().int(),
  removedVariants: z.number().int(),
  newBrands: z.array(z.string()),
  /** Products whose stored data changed (an import); those a dry run would touch. */
  changedProducts: z.number().int(),
  /** Seconds each phase took. */
  seconds: z.object({ reading: z.number(), checking: z.number(), writing: z.number(), indexing: z.number() }),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const IMPORT_PHASES = ["reading", "checking", "writing", "indexing", "done"] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const importRunSchema = z.object({
  id: z.number().int(),
  mode: z.enum(["dry_run", "import"]),
  status: z.enum(["running", "succeeded", "rejected", "failed"]),
  phase: z.enum(IMPORT_PHASES),
  fileName: z.string(),
  rowsRead: z.number().int(),
  progress: z.number(),
  rowsPerSecond: z.number(),
  problemCount: z.number().int(),
  problems: z.array(csvProblemSchema),
  summary: importSummarySchema.nullable(),
  error: z.string().nullable(),
  actor: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

/** At most this many problems are kept on a run (the count has them all). */
export const MAX_STORED_PROBLEMS = 1000;
