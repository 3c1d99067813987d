/**
 * Writes the demo store into an empty database: content first, then the generated catalog in
 * batches (multi-row inserts with explicit ids, so child rows need no RETURNING round trips),
 * then the denormalised counts. Everything runs in one transaction: a crash leaves no half store.
 */

import { getTableName, type SQL, sql } from "drizzle-orm";
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
  productModel3ds,
  productOptions,
  products,
  searchSynonyms,
  siteReviews,
  tags,
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
import { insertAttributeRecords } from "../../services/search/search-attributes.ts";
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
import { discountCodes as discountSeeds, shippingRates as rateSeeds, shippingPolicy } from "./content/commerce.ts";
import { helpPages as helpSeeds, pages as pageSeeds } from "./content/help-pages.ts";
import { FOOTER_MENU, footerLinks, MAIN_MENU, mainMenuExtraLinks } from "./content/navigation.ts";
import { productTemplates } from "./content/product-templates.ts";
import { answerers, askers, questionTopics as topicSeeds } from "./content/questions.ts";
import { SITE_REVIEWS_URL, siteReviews as siteReviewSeeds } from "./content/site-reviews.ts";
import { searchSynonyms as synonymSeeds } from "./content/synonyms.ts";
import { seedDemoStaff } from "./demo-staff.ts";
import { insertDemoEquipment } from "./equipment.ts";
import { DEFAULT_SEED, REFERENCE_DATE } from "./generate-catalog.ts";
import { slugify } from "./part-number.ts";
import {
  type BatchTotals,
  type CollectionIndex,
  demoVendorIds,
  type EncodedBatch,
  indexCollections,
  inlineBatches,
  PRODUCT_BATCH_TABLES,
  workerBatches,
} from "./product-batches.ts";
import { type EncodedRows, encodeRows } from "./row-encoding.ts";

export const DEFAULT_PRODUCT_COUNT = 3000;
/** From this many products on, a worker thread builds their rows (starting one costs ~0.3 s). */
const WORKER_MIN_PRODUCTS = 5000;

export interface SeedProgress {
  done: number;
  total: number;
}

export interface SeedOptions {
  products?: number;
  seed?: number;
  /** Products generated and written per round; smaller rounds use less memory. */
  batchSize?: number;
  /**
   * Where the products' rows are generated: on a worker thread (from WORKER_MIN_PRODUCTS products on,
   * unless told) or in this one.
   */
  thread?: "worker" | "inline";
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

const BULK_TABLE_BY_NAME = new Map(
  PRODUCT_BATCH_TABLES.map((table): [string, PgTable] => [getTableName(table), table]),
);

/** Every table the demo data fills (the reset truncates them together). */
const seededTables: readonly PgTable[] = [
  vendors,
  inventoryLocations,
  collections,
  collectionImages,
  ...PRODUCT_BATCH_TABLES,
  collectionFeaturedProducts,
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

/** Those with a row or more per product, loaded without their secondary indexes (the two small ones keep theirs). */
const BULK_TABLES = [...BULK_TABLE_BY_NAME.keys()].filter(
  (name) => name !== getTableName(productModel3ds) && name !== getTableName(tags),
);

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

/** Columns insertEncoded computes in SQL from the row (`u."column"`) and its inputs (`u.name`). */
interface ComputedColumns {
  columns: readonly { name: string; value: SQL }[];
  /** Joined after the rows (`from unnest(...) as u ${join}`). */
  join?: SQL;
}

/**
 * Multi-row insert through unnest(): one array parameter per column instead of one parameter per
 * value, so a statement carries thousands of rows with a short SQL text and little parsing, on
 * PostgreSQL and PGlite alike. The rows come encoded (row-encoding.ts): sending is writing text.
 */
async function insertEncoded(
  db: Database,
  table: PgTable,
  rows: EncodedRows,
  options: { skipExisting?: boolean; computed?: ComputedColumns } = {},
): Promise<void> {
  const computedColumns = options.computed?.columns ?? [];
  const names = sql.raw(
    [...rows.columns.map((c) => `"${c.name}"`), ...computedColumns.map((c) => `"${c.name}"`)].join(", "),
  );
  const aliases = sql.raw([...rows.columns.map((c) => `"${c.name}"`), ...rows.inputs.map((i) => i.name)].join(", "));
  const selected = sql.join(
    [
      ...rows.columns.map((c) => sql.raw(c.type.endsWith("[]") ? `u."${c.name}"::${c.type}` : `u."${c.name}"`)),
      ...computedColumns.map((c) => c.value),
    ],
    sql`, `,
  );
  const sourceTypes = [...rows.columns, ...rows.inputs].map((c) => (c.type.endsWith("[]") ? "text[]" : `${c.type}[]`));
  for (const literals of rows.statements) {
    const sources = sql.join(
      literals.map((literal, i) => sql`${sql.param(literal)}::${sql.raw(sourceTypes[i])}`),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO ${table} (${names}) SELECT ${selected} FROM unnest(${sources}) AS u(${aliases})${
        options.computed?.join ?? sql``
      }${options.skipExisting ? sql` ON CONFLICT DO NOTHING` : sql``}`,
    );
  }
}

/** insertEncoded for rows built here. Keys missing from every row are left to their column defaults. */
async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T["$inferInsert"][],
  options: { skipExisting?: boolean } = {},
): Promise<void> {
  if (rows.length > 0) await insertEncoded(db, table, encodeRows(table, rows), options);
}

/**
 * Each product is written with its search vector (the search rebuild then copies it into the search
 * documents): the same expression as the rebuild's, over the same text, so a product row is written
 * once. Its inputs travel with the product rows (product-batches.ts).
 */
function productSearchVector(): ComputedColumns {
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
  return {
    columns: [{ name: "search_vector", value: sql`${head} || setweight(${body}, 'D')` }],
    join: sql` LEFT JOIN ${vendors} v ON v.id = u."vendor_id"`,
  };
}

/** Writes one batch of products and their child rows, parents first. */
async function writeProductBatch(db: Database, batch: EncodedBatch, searchVector: ComputedColumns): Promise<void> {
  for (const rows of batch.tables) {
    const table = BULK_TABLE_BY_NAME.get(rows.table);
    if (!table) throw new Error(`No table ${rows.table} among the product tables`);
    await insertEncoded(db, table, rows, rows.table === PRODUCTS_TABLE ? { computed: searchVector } : {});
  }
  await insertAttributeRecords(db, { json: batch.attributesJson });
}

function paragraphs(texts: readonly string[]): string {
  return texts.map((t) => `<p>${t}</p>`).join("\n");
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
  const vendorIds = demoVendorIds();
  const summary = { products: 0, variants: 0, reviews: 0 };
  let totals: BatchTotals = { tags: 0, featured: [], equipmentParts: [] };
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
    // The big tables are written without their secondary indexes, which are built once at the end.
    const dropped = await dropSecondaryIndexes(t, BULK_TABLES);
    options.onProgress?.({ done: 0, total });
    // A large catalog's rows are generated and encoded on a worker thread while this one's connection
    // writes the previous batch: the database never waits for the next statement.
    const batchOptions = { products: total, seed: options.seed ?? DEFAULT_SEED, batchSize };
    const useWorker = options.thread === "worker" || (options.thread !== "inline" && total >= WORKER_MIN_PRODUCTS);
    const source = useWorker ? workerBatches(batchOptions) : inlineBatches(batchOptions);
    try {
      const searchVector = productSearchVector();
      for await (const batch of source.batches) {
        await writeProductBatch(t, batch, searchVector);
        summary.products += batch.products;
        summary.variants += batch.variants;
        summary.reviews += batch.reviews;
        options.onProgress?.({ done: summary.products, total });
      }
      totals = await source.totals();
    } finally {
      await source.close();
    }
    phase("products");
    // The indexes of the products' child rows first (a search rebuild joins through them); those of
    // products itself after the work in this transaction that rewrites its rows.
    await recreateIndexes(
      t,
      dropped.filter((i) => i.table !== PRODUCTS_TABLE),
    );
    phase("indexes of the product rows");

    const featuredRows = totals.featured.flatMap(([collectionId, productIds]) =>
      productIds.map((productId, i) => ({ collectionId, productId, position: i + 1 })),
    );
    await insertRows(t, collectionFeaturedProducts, featuredRows);
    await insertQuestions(t, total);
    const equipmentStarted = performance.now();
    const written = await insertDemoEquipment(t, totals.equipmentParts, vendorIds, (table, rows) =>
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
    tags: totals.tags,
    equipmentModels: equipment.models,
    equipmentMs: equipment.ms,
    elapsedMs: Date.now() - started,
  };
}
