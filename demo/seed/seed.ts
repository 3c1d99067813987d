/**
 * Writes the demo store into an empty database: content first, then the generated catalog in
 * batches (multi-row inserts with explicit ids, so child rows need no RETURNING round trips),
 * then the denormalised counts. Everything runs in one transaction: a crash leaves no half store.
 */

import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import { dropSecondaryIndexes, recreateIndexes } from "../../db/bulk-indexes.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import {
  collectionFeaturedProducts,
  collectionImages,
  collectionProducts,
  collections,
  inventoryItems,
  inventoryLevels,
  inventoryLocations,
  optionValues,
  productImages,
  productModel3ds,
  productOptions,
  productReviews,
  products,
  productTags,
  searchSynonyms,
  siteReviews,
  tags,
  variantOptionValues,
  variants,
  vendors,
} from "../../db/schema/catalog.ts";
import { discountCodes, shippingPolicies, shippingRates, taxRates } from "../../db/schema/commerce.ts";
import { articles, helpPages, navItems, navMenus, pages, questions, questionTopics } from "../../db/schema/content.ts";
import { countries, states } from "../../db/schema/customers.ts";
import {
  equipmentCalloutParts,
  equipmentCallouts,
  equipmentDiagrams,
  equipmentModelKeys,
  equipmentModels,
  equipmentRebuildKitParts,
  equipmentRebuildKits,
} from "../../db/schema/equipment.ts";
import {
  type AttributeRecord,
  attributeRecord,
  insertAttributeRecords,
} from "../../services/search/search-attributes.ts";
import { searchVectorSql } from "../../services/search/search-index.ts";
import { countriesRequiringState, countries as countrySeeds, states as stateSeeds } from "../../shared/countries.ts";
import {
  demoArticleImageUrl,
  demoBannerUrl,
  demoBrandImageUrl,
  demoMenuImageUrl,
  demoPhoneBannerUrl,
} from "../images/demo-image.ts";
import { articleHtml, articles as articleSeeds } from "./content/articles.ts";
import { brands } from "./content/brands.ts";
import type { FlatCategory } from "./content/categories.ts";
import { flattenCategories } from "./content/categories.ts";
import { discountCodes as discountSeeds, shippingRates as rateSeeds, shippingPolicy } from "./content/commerce.ts";
import { helpPages as helpSeeds, pages as pageSeeds } from "./content/help-pages.ts";
import { FOOTER_MENU, footerLinks, MAIN_MENU, mainMenuExtraLinks } from "./content/navigation.ts";
import { productTemplates } from "./content/product-templates.ts";
import { answerers, askers, questionTopics as topicSeeds } from "./content/questions.ts";
import { SITE_REVIEWS_URL, siteReviews as siteReviewSeeds } from "./content/site-reviews.ts";
import { searchSynonyms as synonymSeeds } from "./content/synonyms.ts";
import { seedDemoStaff } from "./demo-staff.ts";
import { EQUIPMENT_TEMPLATE_KEYS, type EquipmentPartCandidate, insertDemoEquipment } from "./equipment.ts";
import type { GeneratedProduct } from "./generate-catalog.ts";
import { DEFAULT_SEED, generateProducts, REFERENCE_DATE } from "./generate-catalog.ts";
import { slugify } from "./part-number.ts";

export const DEFAULT_PRODUCT_COUNT = 3000;
const TOP_FEATURED = 8;
const SUB_FEATURED = 4;

export interface SeedProgress {
  done: number;
  total: number;
}

export interface SeedOptions {
  products?: number;
  seed?: number;
  /** Products generated and written per round; smaller rounds use less memory. */
  batchSize?: number;
  onProgress?: (progress: SeedProgress) => void;
  /** Skip foreign-key checks while inserting when the role may (superuser); default true. */
  skipForeignKeyChecks?: boolean;
  /** Told when each phase of the seed ends, with its duration in ms. */
  onPhase?: (phase: string, ms: number) => void;
  /**
   * More work in the seed's transaction, run after everything is written and before the indexes of
   * `products` are built (a search rebuild that computes the vectors rewrites every product row to
   * store its vector: without those indexes that is a table write, not twelve index insertions per
   * product; the seed writes each product with its vector, so its rebuild only copies them). A failure
   * rolls the whole seed back. The seed then ends with VACUUM ANALYZE.
   */
  inTransaction?: (tx: Database) => Promise<void>;
  /**
   * More work after the commit, run while the closing VACUUM ANALYZE runs (on a server, each on
   * connections of its own). A failure there leaves the committed store.
   */
  afterCommit?: (db: Database) => Promise<void>;
}

export interface SeedSummary {
  products: number;
  variants: number;
  reviews: number;
  collections: number;
  vendors: number;
  tags: number;
  equipmentModels: number;
  /** Time spent writing the equipment models, diagrams and callouts (part of elapsedMs). */
  equipmentMs: number;
  elapsedMs: number;
}

/** Every table the demo data fills, parents before children (the reset truncates them together). */
const seededTables: readonly PgTable[] = [
  vendors,
  products,
  productOptions,
  optionValues,
  variants,
  variantOptionValues,
  inventoryLocations,
  inventoryItems,
  inventoryLevels,
  productImages,
  productModel3ds,
  tags,
  productTags,
  collections,
  collectionImages,
  collectionProducts,
  collectionFeaturedProducts,
  productReviews,
  siteReviews,
  articles,
  helpPages,
  pages,
  questionTopics,
  questions,
  navMenus,
  navItems,
  countries,
  states,
  discountCodes,
  shippingPolicies,
  shippingRates,
  taxRates,
  equipmentModels,
  equipmentModelKeys,
  equipmentDiagrams,
  equipmentCallouts,
  equipmentCalloutParts,
  equipmentRebuildKits,
  equipmentRebuildKitParts,
];

/**
 * Demo sales tax: the statewide base rates of a few US states (local surcharges left out). Every other
 * destination has no row and pays no tax.
 */
const DEMO_TAX_RATES = [
  { stateCode: "CA", name: "California sales tax", ratePpm: 72_500 },
  { stateCode: "TX", name: "Texas sales tax", ratePpm: 62_500 },
  { stateCode: "NY", name: "New York sales tax", ratePpm: 40_000 },
  { stateCode: "FL", name: "Florida sales tax", ratePpm: 60_000 },
  { stateCode: "WA", name: "Washington sales tax", ratePpm: 65_000 },
  { stateCode: "NJ", name: "New Jersey sales tax", ratePpm: 66_250 },
  { stateCode: "AZ", name: "Arizona sales tax", ratePpm: 56_000 },
] as const;

const PRODUCTS_TABLE = getTableName(products);

/** The tables with a row or more per product, loaded without their secondary indexes. */
const BULK_TABLES = [
  products,
  productOptions,
  optionValues,
  variants,
  variantOptionValues,
  inventoryItems,
  inventoryLevels,
  productImages,
  productTags,
  collectionProducts,
  productReviews,
].map((table) => getTableName(table));

/** Tables whose ids the seeder assigns itself; their identity sequences are moved past them. */
const explicitIdTables: readonly PgTable[] = [
  vendors,
  products,
  productOptions,
  optionValues,
  variants,
  inventoryLocations,
  inventoryItems,
  inventoryLevels,
  tags,
  collections,
  navItems,
];

/** What the load writes: the seeded tables and the search attributes of each product. */
const WRITTEN_TABLES = [...seededTables.map((table) => getTableName(table)), "search_product_attributes"];

/**
 * The tables of the store's schema, quoted. VACUUM and ANALYZE name them: run over the whole database
 * they would also take the cluster's shared catalogs, and wait for any other database's transaction
 * that holds them (another seed's, for one).
 */
async function storeTables(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(relname) as name from pg_class
      where relkind in ('r', 'm') and relnamespace = current_schema()::regnamespace order by relname`,
  );
  return rows.map((row) => row.name);
}

export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/**
 * Empties every seeded table and restarts its ids. CASCADE also empties what references them
 * (carts, orders, saved addresses): this is for demo and test databases only.
 * Search synonyms are left alone: the store edits them and a migration starts them off.
 */
export async function resetCatalog(db: Database): Promise<void> {
  const names = seededTables.map((t) => `"${getTableName(t)}"`).join(", ");
  await db.execute(sql.raw(`TRUNCATE TABLE ${names} RESTART IDENTITY CASCADE`));
}

/** PostgreSQL array literal for a text[] value ({"a","b"}), quoting every element. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

/** Values that travel with the rows of insertRows without being columns: one per row. */
interface RowInput {
  name: string;
  /** Its SQL type: text or text[] (array values travel as array literals). */
  type: "text" | "text[]";
  values: readonly (string | readonly string[] | null)[];
}

/** Columns insertRows computes in SQL from the row (`u."column"`) and its inputs (`u.name`). */
interface ComputedColumns {
  inputs: readonly RowInput[];
  columns: readonly { name: string; value: SQL }[];
  /** Joined after the rows (`from unnest(...) as u ${join}`). */
  join?: SQL;
}

/**
 * Multi-row insert through unnest(): one array parameter per column instead of one parameter per
 * value, so a statement carries thousands of rows with a short SQL text and little parsing, on
 * PostgreSQL and PGlite alike. Keys missing from every row are left to their column defaults.
 */
async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T["$inferInsert"][],
  options: { skipExisting?: boolean; computed?: ComputedColumns } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row as object)) keys.add(key);
  const picked = [...keys].map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, name: toSnakeCase(key), type: column.getSQLType() };
  });
  const inputs = options.computed?.inputs ?? [];
  const computedColumns = options.computed?.columns ?? [];
  // unnest() flattens nested arrays: array values travel as array literals and are cast back.
  const travel = (value: unknown, type: string) =>
    value === undefined || value === null ? null : type.endsWith("[]") ? textArrayLiteral(value as string[]) : value;
  const rowsPerStatement = picked.length > 20 ? 1000 : 5000;
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const end = Math.min(rows.length, start + rowsPerStatement);
    const slice = rows.slice(start, end) as readonly Record<string, unknown>[];
    const params = [
      ...picked.map(({ key, type }) => slice.map((row) => travel(row[key], type))),
      ...inputs.map(({ type, values }) => values.slice(start, end).map((value) => travel(value, type))),
    ];
    const sourceTypes = [...picked.map((c) => c.type), ...inputs.map((i) => i.type)];
    const names = sql.raw(
      [...picked.map((c) => `"${c.name}"`), ...computedColumns.map((c) => `"${c.name}"`)].join(", "),
    );
    const aliases = sql.raw([...picked.map((c) => `"${c.name}"`), ...inputs.map((i) => i.name)].join(", "));
    const selected = sql.join(
      [
        ...picked.map((c) => sql.raw(c.type.endsWith("[]") ? `u."${c.name}"::${c.type}` : `u."${c.name}"`)),
        ...computedColumns.map((c) => c.value),
      ],
      sql`, `,
    );
    const sources = sql.join(
      params.map((values, i) => {
        const type = sourceTypes[i];
        return sql`${sql.param(values)}::${sql.raw(type.endsWith("[]") ? "text[]" : `${type}[]`)}`;
      }),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${selected} FROM unnest(${sources}) AS u(${aliases})${
        options.computed?.join ?? sql``
      }${options.skipExisting ? sql` ON CONFLICT DO NOTHING` : sql``}`,
    );
  }
}

function paragraphs(texts: readonly string[]): string {
  return texts.map((t) => `<p>${t}</p>`).join("\n");
}

interface CollectionIndex {
  flat: FlatCategory[];
  idByHandle: Map<string, number>;
  /** Collection ids of a leaf and all its ancestors, leaf first. */
  ancestry: Map<string, number[]>;
}

function indexCollections(): CollectionIndex {
  const flat = flattenCategories();
  const idByHandle = new Map(flat.map((c, i) => [c.handle, i + 1]));
  const byHandle = new Map(flat.map((c) => [c.handle, c]));
  const ancestry = new Map<string, number[]>();
  for (const c of flat) {
    const chain: number[] = [];
    let node: FlatCategory | undefined = c;
    while (node) {
      chain.push(idByHandle.get(node.handle) ?? 0);
      node = node.parentHandle ? byHandle.get(node.parentHandle) : undefined;
    }
    ancestry.set(c.handle, chain);
  }
  return { flat, idByHandle, ancestry };
}

function collectionDescription(c: FlatCategory, brandNames: string[]): string {
  if (c.paragraphs.length) return paragraphs([c.summary, ...c.paragraphs]);
  const brandLine = brandNames.length
    ? `Shop ${c.title.toLowerCase()} from ${brandNames.slice(0, -1).join(", ")}${brandNames.length > 1 ? " and " : ""}${brandNames[brandNames.length - 1]}.`
    : "";
  return paragraphs([
    c.summary,
    `${brandLine} Search by the part number on your old part, or ask our experts: we answer parts questions every day.`.trim(),
  ]);
}

/** Everything but the products: brands, categories, reference data, store settings, pages and menus. */
async function insertContent(db: Database, index: CollectionIndex): Promise<void> {
  await insertVendors(db);
  await insertCollections(db, index);
  await insertRows(db, inventoryLocations, [{ id: 1, name: "Main Warehouse" }]);
  await insertCountries(db);
  await insertCommerceSettings(db);
  await insertSearchSynonyms(db);
  await insertPagesAndReviews(db);
  await insertNavigation(db, index);
}

/** The brands, each with its logo and description. */
async function insertVendors(db: Database): Promise<void> {
  await insertRows(
    db,
    vendors,
    brands.map((b, i) => ({
      id: i + 1,
      name: b.name,
      handle: b.handle,
      imageUrl: demoBrandImageUrl(b.handle),
      descriptionHtml: `<p>${b.description}</p>`,
    })),
  );
}

/** The category tree, with descriptions naming the brands of each leaf, and its banner and menu images. */
async function insertCollections(db: Database, index: CollectionIndex): Promise<void> {
  // Brand names per leaf, for the leaf descriptions.
  const brandsByLeaf = new Map<string, Set<string>>();
  for (const t of productTemplates) {
    for (const handle of [t.collection, ...(t.alsoIn ?? [])]) {
      const set = brandsByLeaf.get(handle) ?? new Set<string>();
      for (const b of t.brands) set.add(brands.find((x) => x.handle === b)?.name ?? b);
      brandsByLeaf.set(handle, set);
    }
  }
  await insertRows(
    db,
    collections,
    index.flat.map((c, i) => ({
      id: i + 1,
      parentId: c.parentHandle ? (index.idByHandle.get(c.parentHandle) ?? null) : null,
      level: c.level,
      position: c.position,
      handle: c.handle,
      title: c.title,
      descriptionHtml: collectionDescription(c, [...(brandsByLeaf.get(c.handle) ?? [])].slice(0, 4)),
      seoTitle: c.seoTitle,
      seoDescription: c.summary,
      isIndexed: true,
      imageUrl: demoMenuImageUrl(c.handle),
      legacyId: 100 + i * 3,
    })),
  );
  const imageRows: (typeof collectionImages.$inferInsert)[] = [];
  for (const c of index.flat) {
    if (c.level > 2) continue;
    const collectionId = index.idByHandle.get(c.handle) ?? 0;
    imageRows.push({ collectionId, placement: "topBanner", imagePath: demoBannerUrl(c.handle), altText: c.title });
    imageRows.push({
      collectionId,
      placement: "topBannerPhone",
      imagePath: demoPhoneBannerUrl(c.handle),
      altText: c.title,
    });
    imageRows.push({ collectionId, placement: "menuImage", imagePath: demoMenuImageUrl(c.handle), altText: c.title });
  }
  await insertRows(db, collectionImages, imageRows);
}

/** Countries and their states (reference data another part of the app may already have loaded). */
async function insertCountries(db: Database): Promise<void> {
  await insertRows(
    db,
    countries,
    countrySeeds.map(([code, title], i) => ({
      code,
      title,
      position: i + 1,
      requiresState: countriesRequiringState.includes(code),
    })),
    // Reference data another part of the app may already have loaded.
    { skipExisting: true },
  );
  await insertRows(
    db,
    states,
    Object.entries(stateSeeds).flatMap(([countryCode, list]) =>
      list.map(([code, title]) => ({ countryCode, code, title })),
    ),
    { skipExisting: true },
  );
}

/** Discount codes, the shipping policy with its rates, and the tax rates. */
async function insertCommerceSettings(db: Database): Promise<void> {
  await insertRows(
    db,
    discountCodes,
    discountSeeds.map((d) => ({
      code: d.code,
      title: d.title,
      kind: d.kind,
      percentOff: d.percentOff ?? null,
      amountOffCents: d.amountOffCents ?? null,
      minimumSubtotalCents: d.minimumSubtotalCents ?? 0,
      startsAt: new Date(d.startsAt),
      endsAt: d.endsAt ? new Date(d.endsAt) : null,
      usageLimit: d.usageLimit ?? null,
      usageCount: d.usageCount ?? 0,
      oncePerCustomer: d.oncePerCustomer ?? false,
      isActive: d.isActive ?? true,
    })),
    { skipExisting: true },
  );
  const [policy] = await db
    .insert(shippingPolicies)
    .values({ ...shippingPolicy, isActive: true })
    .returning({ id: shippingPolicies.id });
  await insertRows(
    db,
    shippingRates,
    rateSeeds.map((r, i) => ({ ...r, policyId: policy.id, position: i + 1 })),
  );
  await insertRows(
    db,
    taxRates,
    DEMO_TAX_RATES.map((rate) => ({ countryCode: "US", ...rate })),
    { skipExisting: true },
  );
}

/** Search synonyms ("pump" finds "motor" parts...); a term already defined is kept. */
async function insertSearchSynonyms(db: Database): Promise<void> {
  await db
    .insert(searchSynonyms)
    .values(synonymSeeds.map(([term, synonyms]) => ({ term, synonyms: [...synonyms] })))
    .onConflictDoNothing({ target: searchSynonyms.term });
}

/** Blog articles, help pages, static pages and the store's own reviews. */
async function insertPagesAndReviews(db: Database): Promise<void> {
  await insertRows(
    db,
    articles,
    articleSeeds.map((a) => {
      const date = new Date(`${a.date}T15:00:00Z`);
      return {
        handle: a.handle,
        legacyId: a.legacyId ?? null,
        kind: a.kind,
        title: a.title,
        author: a.author,
        imageUrl: a.kind === "blog" ? demoArticleImageUrl(a.handle) : null,
        excerpt: a.excerpt,
        bodyHtml: articleHtml(a),
        seoTitle: a.title,
        seoDescription: a.excerpt,
        createdAt: date,
        updatedAt: date,
        publishedAt: date,
      };
    }),
  );
  await insertRows(
    db,
    helpPages,
    helpSeeds.map((h, i) => ({ ...h, position: i + 1 })),
  );
  await insertRows(
    db,
    pages,
    pageSeeds.map((p) => ({
      handle: p.handle,
      title: p.title,
      bodyHtml: p.bodyHtml,
      seoTitle: p.title,
      seoDescription: p.seoDescription,
    })),
  );
  await insertRows(
    db,
    siteReviews,
    siteReviewSeeds.map((r) => ({
      name: r.name,
      stars: r.stars,
      message: r.message,
      url: SITE_REVIEWS_URL,
      createdAt: new Date(`${r.date}T18:00:00Z`),
    })),
  );
}

/** The main menu (the top two levels of the category tree, then extra links) and the footer menu. */
async function insertNavigation(db: Database, index: CollectionIndex): Promise<void> {
  const menus = await db
    .insert(navMenus)
    .values([MAIN_MENU, FOOTER_MENU])
    .returning({ id: navMenus.id, handle: navMenus.handle });
  const mainMenuId = menus.find((m) => m.handle === MAIN_MENU.handle)?.id ?? 0;
  const footerMenuId = menus.find((m) => m.handle === FOOTER_MENU.handle)?.id ?? 0;
  const items: (typeof navItems.$inferInsert)[] = [];
  let navId = 0;
  const tops = index.flat.filter((c) => c.level === 1);
  for (const top of tops) {
    const topId = ++navId;
    items.push({
      id: topId,
      menuId: mainMenuId,
      parentId: null,
      title: top.title,
      position: top.position,
      collectionId: index.idByHandle.get(top.handle) ?? null,
    });
    for (const child of index.flat.filter((c) => c.parentHandle === top.handle)) {
      items.push({
        id: ++navId,
        menuId: mainMenuId,
        parentId: topId,
        title: child.title,
        position: child.position,
        collectionId: index.idByHandle.get(child.handle) ?? null,
      });
    }
  }
  mainMenuExtraLinks.forEach((link, i) => {
    items.push({
      id: ++navId,
      menuId: mainMenuId,
      parentId: null,
      title: link.title,
      url: link.url,
      position: tops.length + i + 1,
    });
  });
  footerLinks.forEach((link, i) => {
    items.push({
      id: ++navId,
      menuId: footerMenuId,
      parentId: null,
      title: link.title,
      url: link.url,
      position: i + 1,
    });
  });
  await insertRows(db, navItems, items);
}

async function insertQuestions(db: Database, productCount: number): Promise<void> {
  const topics = await db
    .insert(questionTopics)
    .values(topicSeeds.map((t, i) => ({ handle: t.handle, title: t.title, position: i + 1 })))
    .returning({ id: questionTopics.id, handle: questionTopics.handle });
  // The first question of some topics is about one of the well-known products (ids 1..30).
  const productForTopic: Record<string, number> = {
    "pumps-and-motors": 1,
    "filters-and-cartridges": 4,
    heaters: 15,
    "spa-and-hot-tub": 17,
    "cleaners-and-salt-systems": 13,
  };
  const rows: (typeof questions.$inferInsert)[] = [];
  let n = 0;
  for (const topic of topicSeeds) {
    const topicId = topics.find((t) => t.handle === topic.handle)?.id ?? null;
    topic.questions.forEach(([title, answer], i) => {
      const productId = i === 0 && productForTopic[topic.handle] <= productCount ? productForTopic[topic.handle] : null;
      rows.push({
        displayableId: String(1001 + n * 7),
        handle: slugify(title),
        topicId,
        productId,
        title,
        bodyHtml: null,
        answerHtml: `<p>${answer}</p>`,
        askedBy: askers[n % askers.length],
        answeredBy: answerers[n % answerers.length],
        isPublished: true,
        createdAt: new Date(REFERENCE_DATE - (n * 9 + 3) * 24 * 3600 * 1000),
      });
      n++;
    });
  }
  await insertRows(db, questions, rows);
}

interface FeaturedCandidate {
  id: number;
  score: number;
}

/** Keeps the best `limit` candidates (featured first, then best sellers) per collection. */
function offerFeatured(
  pool: Map<number, FeaturedCandidate[]>,
  collectionId: number,
  candidate: FeaturedCandidate,
  limit: number,
) {
  const list = pool.get(collectionId) ?? [];
  if (list.length < limit || candidate.score > list[list.length - 1].score) {
    list.push(candidate);
    list.sort((a, b) => b.score - a.score || a.id - b.id);
    if (list.length > limit) list.pop();
    pool.set(collectionId, list);
  }
}

interface IdCounters {
  option: number;
  optionValue: number;
  variant: number;
  tag: number;
}

async function insertProductBatch(
  db: Database,
  batch: GeneratedProduct[],
  ids: IdCounters,
  tagIds: Map<string, number>,
  vendorIds: Map<string, number>,
  index: CollectionIndex,
  positions: Map<number, number>,
  featured: Map<number, FeaturedCandidate[]>,
): Promise<{ variants: number; reviews: number }> {
  const productRows: (typeof products.$inferInsert)[] = [];
  const optionRows: (typeof productOptions.$inferInsert)[] = [];
  const optionValueRows: (typeof optionValues.$inferInsert)[] = [];
  const variantRows: (typeof variants.$inferInsert)[] = [];
  const variantOptionRows: (typeof variantOptionValues.$inferInsert)[] = [];
  const itemRows: (typeof inventoryItems.$inferInsert)[] = [];
  const levelRows: (typeof inventoryLevels.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const modelRows: (typeof productModel3ds.$inferInsert)[] = [];
  const newTagRows: (typeof tags.$inferInsert)[] = [];
  const productTagRows: (typeof productTags.$inferInsert)[] = [];
  const collectionRows: (typeof collectionProducts.$inferInsert)[] = [];
  const reviewRows: (typeof productReviews.$inferInsert)[] = [];
  const attributeRows: AttributeRecord[] = [];
  // The text of each product's search vector, which its row is written with (computed in SQL).
  const searchSkus: string[][] = [];
  const searchTagWords: string[] = [];
  const searchCollectionTitles: (string | null)[] = [];

  for (const p of batch) {
    const productId = p.index + 1;

    productRows.push({
      id: productId,
      handle: p.handle,
      title: p.title,
      seoTitle: null,
      seoDescription: p.seoDescription,
      isIndexed: true,
      descriptionHtml: p.descriptionHtml,
      vendorId: vendorIds.get(p.vendorHandle) ?? null,
      productType: p.productType,
      productCode: p.productCode,
      partNumberNormalized: p.partNumberNormalized,
      supersededPartNumbers: p.supersededPartNumbers,
      isFeatured: p.isFeatured,
      salesCount: p.salesCount,
      avgRating: p.avgRating,
      totalReviews: p.totalReviews,
      minPriceCents: p.minPriceCents,
      maxPriceCents: p.maxPriceCents,
      compareAtPriceCents: p.compareAtPriceCents,
      availableForSale: p.availableForSale,
      weightGrams: p.weightGrams,
      freeShippingEligible: p.freeShippingEligible,
      oversized: p.oversized,
      legacyId: p.legacyId,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
      publishedAt: p.createdAt,
    });

    // Option values by "option name\0value" for the variant links.
    const valueIds = new Map<string, number>();
    p.options.forEach((option, optionIndex) => {
      const optionId = ++ids.option;
      optionRows.push({ id: optionId, productId, name: option.name, position: optionIndex + 1 });
      option.values.forEach((value, valueIndex) => {
        const valueId = ++ids.optionValue;
        optionValueRows.push({ id: valueId, optionId, value, position: valueIndex + 1 });
        valueIds.set(`${optionIndex}\0${value}`, valueId);
      });
    });

    for (const v of p.variants) {
      const variantId = ++ids.variant;
      variantRows.push({
        id: variantId,
        productId,
        title: v.title,
        position: v.position,
        priceCents: v.priceCents,
        compareAtPriceCents: v.compareAtPriceCents,
        sku: v.sku,
        weightGrams: v.weightGrams,
        availableForSale: v.availableForSale,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      });
      v.optionValues.forEach((value, optionIndex) => {
        const optionValueId = valueIds.get(`${optionIndex}\0${value}`);
        if (optionValueId) variantOptionRows.push({ variantId, optionValueId });
      });
      // One inventory item and one level per variant: the ids line up with the variant id.
      itemRows.push({ id: variantId, variantId, sku: v.sku, tracked: true });
      levelRows.push({
        id: variantId,
        inventoryItemId: variantId,
        locationId: 1,
        available: v.available,
        bypassNegativeQuantity: v.bypassNegativeQuantity,
      });
    }

    p.images.forEach((image, i) => {
      imageRows.push({ productId, url: image.url, altText: image.altText, position: i + 1, width: 800, height: 800 });
    });
    if (p.model3d) modelRows.push({ productId, url: p.model3d.url, posterUrl: p.model3d.posterUrl, position: 1 });

    for (const [prefix, value] of p.tags) {
      const key = `${prefix}\0${value}`;
      let tagId = tagIds.get(key);
      if (!tagId) {
        tagId = ++ids.tag;
        tagIds.set(key, tagId);
        newTagRows.push({ id: tagId, prefix, value });
      }
      productTagRows.push({ productId, tagId });
    }
    // The search attributes are read here, from the generated product, while the database writes the
    // previous batch: the search rebuild then only fills in products that lack them. Tags in id order,
    // as the rebuild reads them.
    const tagsById = p.tags
      .map((tag) => ({ tag, id: tagIds.get(`${tag[0]}\0${tag[1]}`) ?? 0 }))
      .sort((a, b) => a.id - b.id)
      .map(({ tag }) => tag);
    attributeRows.push(
      attributeRecord(productId, {
        title: p.title,
        productCode: p.productCode,
        productType: p.productType,
        tags: tagsById,
        descriptionHtml: p.descriptionHtml,
      }),
    );
    searchTagWords.push(tagsById.map(([, value]) => value).join(" "));
    searchSkus.push(p.variants.map((v) => v.sku));

    const score = (p.isFeatured ? 1_000_000 : 0) + p.salesCount;
    const collectionTitles: string[] = [];
    for (const handle of p.collectionHandles) {
      const collectionId = index.idByHandle.get(handle);
      if (!collectionId) continue;
      const position = (positions.get(collectionId) ?? 0) + 1;
      positions.set(collectionId, position);
      collectionRows.push({ collectionId, productId, position });
      collectionTitles.push(index.flat[collectionId - 1].title);
    }
    searchCollectionTitles.push(collectionTitles.length ? collectionTitles.join(" ") : null);
    const chain = index.ancestry.get(p.collectionHandles[0]) ?? [];
    const top = chain[chain.length - 1];
    const second = chain[chain.length - 2];
    if (top) offerFeatured(featured, top, { id: productId, score }, TOP_FEATURED);
    if (second) offerFeatured(featured, second, { id: productId, score }, SUB_FEATURED);

    for (const r of p.reviews) {
      reviewRows.push({
        productId,
        authorName: r.authorName,
        starsRating: r.rating,
        title: r.title,
        body: r.body,
        isPublished: true,
        createdAt: r.createdAt,
      });
    }
  }

  // Each product is written with its search vector (the search rebuild then copies it into the search
  // documents): the same expression as the rebuild's, over the same text, so a product row is written once.
  const { head, body } = searchVectorSql({
    title: sql`u."title"`,
    productCode: sql`u."product_code"`,
    supersededPartNumbers: sql`u."superseded_part_numbers"::text[]`,
    skus: sql`(select string_agg(distinct search_part_number(sku), ' ') from unnest(u.search_skus::text[]) sku)`,
    vendorName: sql`v.name`,
    tagWords: sql`u.search_tag_words`,
    productType: sql`u."product_type"`,
    collectionTitles: sql`u.search_collection_titles`,
    attributeWords: sql`u.search_attribute_words`,
    descriptionHtml: sql`u."description_html"`,
  });
  await insertRows(db, products, productRows, {
    computed: {
      inputs: [
        { name: "search_skus", type: "text[]", values: searchSkus },
        { name: "search_tag_words", type: "text", values: searchTagWords },
        { name: "search_collection_titles", type: "text", values: searchCollectionTitles },
        { name: "search_attribute_words", type: "text", values: attributeRows.map((a) => a.words) },
      ],
      columns: [{ name: "search_vector", value: sql`${head} || setweight(${body}, 'D')` }],
      join: sql` LEFT JOIN ${vendors} v ON v.id = u."vendor_id"`,
    },
  });
  await insertRows(db, productOptions, optionRows);
  await insertRows(db, optionValues, optionValueRows);
  await insertRows(db, variants, variantRows);
  await insertRows(db, variantOptionValues, variantOptionRows);
  await insertRows(db, inventoryItems, itemRows);
  await insertRows(db, inventoryLevels, levelRows);
  await insertRows(db, productImages, imageRows);
  await insertRows(db, productModel3ds, modelRows);
  await insertRows(db, tags, newTagRows);
  await insertRows(db, productTags, productTagRows);
  await insertRows(db, collectionProducts, collectionRows);
  await insertRows(db, productReviews, reviewRows);
  await insertAttributeRecords(db, attributeRows);
  return { variants: variantRows.length, reviews: reviewRows.length };
}

async function updateDenormalisedCounts(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE ${vendors} v SET product_count = s.n
    FROM (SELECT vendor_id, count(*)::int AS n FROM ${products} GROUP BY vendor_id) s
    WHERE v.id = s.vendor_id`);
  // A collection counts the distinct products of its whole subtree.
  await db.execute(sql`
    WITH RECURSIVE tree(root, id) AS (
      SELECT id, id FROM ${collections}
      UNION ALL
      SELECT t.root, c.id FROM tree t JOIN ${collections} c ON c.parent_id = t.id
    )
    UPDATE ${collections} c SET product_count = s.n
    FROM (
      SELECT t.root, count(DISTINCT cp.product_id)::int AS n
      FROM tree t JOIN ${collectionProducts} cp ON cp.collection_id = t.id
      GROUP BY t.root
    ) s
    WHERE c.id = s.root`);
}

async function moveIdentitiesPastSeededIds(db: Database): Promise<void> {
  for (const table of explicitIdTables) {
    const name = getTableName(table);
    await db.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), (SELECT max(id) FROM "${name}"))`),
    );
  }
}

/**
 * The generated rows are consistent by construction (and tested so), and checking ~15 foreign keys
 * per product is a large share of the insert time. A superuser (always the case on PGlite) may turn
 * the checks off for this transaction only; other roles keep them.
 */
async function skipForeignKeyChecksIfAllowed(db: Database): Promise<void> {
  const result = (await db.execute(
    sql`select rolsuper as "superuser" from pg_roles where rolname = current_user`,
  )) as unknown as { rows: { superuser: boolean }[] };
  if (result.rows[0]?.superuser) await db.execute(sql`set local session_replication_role = replica`);
}

/**
 * Seeds an empty database with the demo store. Throws when products already exist: call
 * resetCatalog first to start over.
 */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const total = options.products ?? DEFAULT_PRODUCT_COUNT;
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  if (!Number.isInteger(total) || total < 0) throw new Error(`products must be a whole number, got ${total}`);
  if (!(await isCatalogEmpty(db))) {
    throw new Error("The catalog is not empty: reset it first (npm run seed -- --reset).");
  }
  const index = indexCollections();
  const vendorIds = new Map(brands.map((b, i) => [b.handle, i + 1]));
  const summary = { products: 0, variants: 0, reviews: 0 };
  const tagIds = new Map<string, number>();
  const equipmentParts: EquipmentPartCandidate[] = [];
  const equipment = { models: 0, ms: 0 };
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (options.skipForeignKeyChecks ?? true) await skipForeignKeyChecksIfAllowed(t);
    // Memory for building the indexes at the end (sorts in memory; a GIN index over a million vectors
    // in fewer, larger passes) and for the search build's batches (their sorts and hashes stay out of
    // temporary files), this transaction only. Used only as far as the data needs it.
    await t.execute(sql`set local maintenance_work_mem = '1GB'`);
    await t.execute(sql`set local work_mem = '64MB'`);
    await insertContent(t, index);
    const ids: IdCounters = { option: 0, optionValue: 0, variant: 0, tag: 0 };
    const positions = new Map<number, number>();
    const featured = new Map<number, FeaturedCandidate[]>();
    // The big tables are written without their secondary indexes, which are built once at the end.
    const dropped = await dropSecondaryIndexes(t, BULK_TABLES);
    let batch: GeneratedProduct[] = [];
    // One batch is written while the next is generated: the database and this process work at once.
    let writing: Promise<void> | null = null;
    const write = async (rows: GeneratedProduct[]) => {
      const written = await insertProductBatch(t, rows, ids, tagIds, vendorIds, index, positions, featured);
      summary.products += rows.length;
      summary.variants += written.variants;
      summary.reviews += written.reviews;
      options.onProgress?.({ done: summary.products, total });
    };
    const flush = async () => {
      if (writing) await writing;
      // insertProductBatch assigns the ids before its first await: batches stay in order.
      writing = write(batch);
      // A failed write is awaited (and thrown) by the next flush or the end of the loop.
      writing.catch(() => {});
      batch = [];
    };
    options.onProgress?.({ done: 0, total });
    let generated = 0;
    for (const product of generateProducts({ products: total, seed: options.seed ?? DEFAULT_SEED })) {
      batch.push(product);
      // Let the statements of the batch being written go out while this one is generated.
      if (++generated % 50 === 0 && writing) await new Promise((resolve) => setImmediate(resolve));
      if (EQUIPMENT_TEMPLATE_KEYS.has(product.templateKey)) {
        equipmentParts.push({
          productId: product.index + 1,
          vendorHandle: product.vendorHandle,
          templateKey: product.templateKey,
          partName: product.partName,
          kind: product.kind,
        });
      }
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length) await flush();
    if (writing) await writing;
    phase("products");
    // The indexes of the products' child rows first (a search rebuild joins through them); those of
    // products itself after the work in this transaction that rewrites its rows.
    await recreateIndexes(
      t,
      dropped.filter((i) => i.table !== PRODUCTS_TABLE),
    );
    phase("indexes of the product rows");

    const featuredRows: (typeof collectionFeaturedProducts.$inferInsert)[] = [];
    for (const [collectionId, list] of featured) {
      for (const [i, c] of list.entries()) featuredRows.push({ collectionId, productId: c.id, position: i + 1 });
    }
    await insertRows(t, collectionFeaturedProducts, featuredRows);
    await insertQuestions(t, total);
    const equipmentStarted = performance.now();
    const written = await insertDemoEquipment(t, equipmentParts, vendorIds, (table, rows) =>
      insertRows(t, table, rows),
    );
    equipment.models = written.models;
    equipment.ms = Math.round(performance.now() - equipmentStarted);
    await updateDenormalisedCounts(t);
    await moveIdentitiesPastSeededIds(t);
    phase("equipment, featured products and counts");
    if (options.inTransaction) {
      // Statistics of what this transaction wrote, for the planner of the work that follows.
      await t.execute(sql.raw(`ANALYZE ${WRITTEN_TABLES.map((name) => `"${name}"`).join(", ")}`));
      await options.inTransaction(t);
      phase("work in the transaction");
    }
    await recreateIndexes(
      t,
      dropped.filter((i) => i.table === PRODUCTS_TABLE),
    );
    phase("indexes of the products");
  });

  // The demo store's owner (README: "The back office"); never on a real store.
  await seedDemoStaff(db);
  // Fresh statistics, or the planner guesses from empty tables; VACUUM sets the visibility map of the
  // new tables (index-only scans) and drops the row versions a rewrite inside the transaction left.
  const tables = (await storeTables(db)).join(", ");
  const settled = await Promise.allSettled([
    db.execute(sql.raw(`${options.inTransaction ? "VACUUM ANALYZE" : "ANALYZE"} ${tables}`)),
    options.afterCommit?.(db),
  ]);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  phase(options.afterCommit ? "statistics and the work after the commit" : "statistics");
  return {
    ...summary,
    collections: index.flat.length,
    vendors: brands.length,
    tags: tagIds.size,
    equipmentModels: equipment.models,
    equipmentMs: equipment.ms,
    elapsedMs: Date.now() - started,
  };
}
