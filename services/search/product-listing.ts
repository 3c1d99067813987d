import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type SortOption, type TagFilter, tagPrefixKey } from "../../shared/catalog-query.ts";
import { createTtlCache } from "../ttl-cache.ts";
import { fitsEquipmentCondition } from "./model-number.ts";
import { jsonColumn, queryRows } from "./query-rows.ts";
import type { SearchPlan } from "./search-plan.ts";
import {
  expandPrefixOperands,
  type PrefixCover,
  prefixCover,
  prefixOperands,
  titleTierOnly,
  type VocabularyNode,
  withoutWeights,
} from "./search-text.ts";

// One SQL statement per listing, over the narrow search_products rows (and search_documents when
// there is text): the matching set is computed once (a materialized CTE) and the page, the total,
// the price ceiling and the disjunctive facets are all read from it.
//
// Disjunctive facets: the base set applies every filter except the facet filters (vendor, price,
// tag prefixes). Each base row carries a bit mask of the facet filters it fails (vendor = 1,
// price = 2, tag prefix group k = 4 << k). Then
//   products on the page / total:   mask = 0
//   vendor counts:                  mask without the vendor bit = 0
//   productMaxPrice:                mask without the price bit = 0
//   counts of a tag of prefix P:    mask = 0, or mask = P's bit alone
// so each facet sees every other active filter but not its own.
//
// Shortcuts: a plain listing (a collection or the whole catalog, nothing else) reads its facets
// from search_facet_summaries; a plain listing with one facet filter takes that facet from the
// summary too (it is the plain listing's) and computes the rest on the filtered rows only.

export interface ListingFilters {
  plan: SearchPlan | null;
  collectionId: number | null;
  vendors: string[];
  tags: TagFilter[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  isFeatured: boolean | null;
  availableForSaleOnly: boolean;
  /** Equipment model handles: only the products that fit one of them (model-number.ts). */
  fitsEquipment?: readonly string[];
  sortBy: SortOption;
  /** With the default sort of a search: within a relevance tier, the lowest prices first ("cheap ..."). */
  lowPriceFirst?: boolean;
  /** Also answer topRank (a ranked search that decides on it). */
  rankStats?: boolean;
  /** Also answer typeHits (a narrow try of a ranked search that decides on it). */
  typeHits?: boolean;
  limit: number;
  offset: number;
}

export interface VendorCount {
  vendor: string;
  vendorCount: number;
}
export interface TagCount {
  tagPrefix: string;
  tagValue: string;
  tagCount: number;
}

export interface ListingResult {
  ids: number[];
  total: number;
  maxPriceCents: number;
  vendors: VendorCount[];
  tags: TagCount[];
  /** The rows of ListingExtras.collections, when extras were asked for. */
  collections: unknown[] | null;
  /** The best relevance rank on the listing (a ranked search's counted path only), else null. */
  topRank: number | null;
  /** How many rows are of the product type the query names (same path), else null. */
  typeHits: number | null;
  /**
   * The total and the facet counts were counted on the sample (a broad listing of a big catalog) and
   * scaled: estimates. The page itself is exact.
   */
  estimated: boolean;
  /** The total is an estimate too (the page is full, so the listing goes on). */
  totalEstimated: boolean;
}

/**
 * What a listing statement answers besides the page when asked: a JSON list (the categories matching
 * the words). One statement instead of two: each round trip costs both processes a write, a read and a
 * wake-up. The page's cards are not among them: most are in the process's card cache
 * (catalog/product-cards.ts), and a search that tries several listings keeps only one.
 */
export interface ListingExtras {
  /** A scalar subquery answering a JSON array, or null. */
  collections: SQL | null;
}

function withExtras(statement: SQL, extras: ListingExtras | undefined): SQL {
  if (!extras?.collections) return statement;
  // Materialized: the listing is computed once, not pulled up into the select list.
  return sql`with listing as materialized (${statement})
    select listing.*, ${extras.collections} as collections
    from listing`;
}

type FacetGroup =
  | { kind: "vendor"; names: string[]; bit: number }
  | { kind: "price"; min: number; max: number; bit: number }
  | { kind: "tag"; prefixKey: string; values: string[]; bit: number };

const PUBLISHED = sql`s.published_at is not null and s.published_at <= now()`;
const MAX_INT = 2_147_483_647;

/** The active facet filters: vendors, the price range, and the tag filters grouped by prefix. */
export function facetGroups(filters: Pick<ListingFilters, "vendors" | "tags" | "minPriceCents" | "maxPriceCents">) {
  const groups: FacetGroup[] = [];
  if (filters.vendors.length > 0) {
    groups.push({ kind: "vendor", names: filters.vendors.map((v) => v.trim().toLowerCase()), bit: 1 });
  }
  if (filters.minPriceCents !== null || filters.maxPriceCents !== null) {
    groups.push({ kind: "price", min: filters.minPriceCents ?? 0, max: filters.maxPriceCents ?? MAX_INT, bit: 2 });
  }
  const byPrefix = new Map<string, string[]>();
  for (const tag of filters.tags) {
    const key = tagPrefixKey(tag.prefix);
    byPrefix.set(key, [...(byPrefix.get(key) ?? []), tag.value.trim().toLowerCase()]);
  }
  [...byPrefix].forEach(([prefixKey, values], index) => {
    groups.push({ kind: "tag", prefixKey, values, bit: 4 * 2 ** index });
  });
  return groups;
}

/** True when the row passes the group's filter. */
function passes(group: FacetGroup): SQL {
  switch (group.kind) {
    case "vendor":
      return sql`coalesce(s.vendor_id = any(array(select v.id from vendors v
        where lower(v.name) = any(${sql.param(group.names)}::text[]))), false)`;
    case "price":
      return sql`s.price_cents between ${group.min} and ${group.max}`;
    case "tag":
      return sql`s.tag_ids && array(select t.id from tags t
        where regexp_replace(lower(btrim(t.prefix)), '[\\s-]+', ' ', 'g') = ${group.prefixKey}
          and lower(btrim(t.value)) = any(${sql.param(group.values)}::text[]))`;
  }
}

/** The facet filter as a WHERE condition the planner can answer from an index. */
function filterCondition(group: FacetGroup): SQL {
  if (group.kind === "vendor") {
    return sql`s.vendor_id = any(array(select v.id from vendors v where lower(v.name) = any(${sql.param(group.names)}::text[])))`;
  }
  return passes(group);
}

/**
 * A facet filter in the counted listing's prefilter (rows failing at most one filter): a price range
 * is checked on the rows the other filters' indexes find, not read from the price index. A range
 * such as "from $300" spans a third of a million-product catalog: its bitmap cost more than the
 * rows it ruled out (12 ms for each of two branches of a category + vendor + two tags + price listing).
 */
function prefilterCondition(group: FacetGroup): SQL {
  if (group.kind === "price") return sql`(s.price_cents + 0) between ${group.min} and ${group.max}`;
  return filterCondition(group);
}

/**
 * A chosen order's keys (the id last, so pages never overlap) with their SQL types, and its one
 * direction: every order but relevance runs all its keys the same way, so a row comparison tells which
 * of two rows comes first. orderBy and sortColumns read them.
 */
function sortKey(sortBy: SortOption): { columns: [string, string][]; descending: boolean } {
  const id: [string, string] = ["product_id", "int"];
  switch (sortBy) {
    case "id_asc":
      return { columns: [id], descending: false };
    case "id_desc":
      return { columns: [id], descending: true };
    case "title_asc":
    case "title_desc":
      return { columns: [["title_key", 'text collate "C"'], id], descending: sortBy === "title_desc" };
    case "price_asc":
    case "price_desc":
      return { columns: [["price_cents", "int"], id], descending: sortBy === "price_desc" };
    case "top_rated":
      return {
        columns: [["avg_rating", "real"], ["total_reviews", "int"], id],
        descending: true,
      };
    case "best_selling":
      return { columns: [["sales_count", "int"], id], descending: true };
    default:
      return {
        columns: [["available", "boolean"], ["featured", "boolean"], ["sales_count", "int"], id],
        descending: true,
      };
  }
}

/** A sort key's column on rows aliased s (the search tables) or b (rows whose product id is b.id). */
function keyColumn(column: string, alias: "s" | "b"): string {
  return alias === "b" && column === "product_id" ? "b.id" : `${alias}.${column}`;
}

/**
 * The sort keys a range of search documents can be read by, and the indexed expression that bounds it
 * (search_documents_title_range_idx, search_documents_price_range_idx). The indexes are on expressions
 * no ORDER BY uses, so the planner cannot walk them in order looking for matches.
 */
const RANGE_EXPRESSIONS: Readonly<Record<string, string>> = {
  title_key: "(s.title_key || '')",
  price_cents: "(s.price_cents + 0)",
};

/** The range an order's first key can be read in (its expression and SQL type), or null. */
function sortRange(sortBy: SortOption): { expression: string; type: string } | null {
  const [[column, type]] = sortKey(sortBy).columns;
  const expression = RANGE_EXPRESSIONS[column];
  return expression ? { expression, type } : null;
}

/** The ORDER BY of a sort option; every order ends with the id so pages never overlap. */
function orderBy(sortBy: SortOption, ranked: boolean, alias: "s" | "b", lowPriceFirst = false): SQL {
  const id = keyColumn("product_id", alias);
  const c = (column: string) => sql.raw(`${alias}.${column}`);
  if (ranked && sortBy === "default") {
    // Relevance. "Cheap ...": the lowest prices first within a tier (a price of 0, "call for price", last).
    return lowPriceFirst
      ? sql`${c("rank")} desc, (${c("price_cents")} = 0) asc, ${c("price_cents")} asc, ${sql.raw(`${id} desc`)}`
      : sql`${c("rank")} desc, ${c("sales_count")} desc, ${sql.raw(`${id} desc`)}`;
  }
  // A chosen order, or the merchandising one: in stock, featured, best sellers, newest.
  const { columns, descending } = sortKey(sortBy);
  const direction = descending ? "desc" : "asc";
  return sql.raw(columns.map(([column]) => `${keyColumn(column, alias)} ${direction}`).join(", "));
}

/** Only the sort keys the chosen order needs: the materialized set stays small enough for work_mem. */
function sortColumns(sortBy: SortOption, ranked: boolean): SQL {
  if (ranked && sortBy === "default") return sql`s.sales_count`;
  // The base rows carry the id and the price already.
  const keys = sortKey(sortBy)
    .columns.map(([column]) => column)
    .filter((column) => column !== "product_id" && column !== "price_cents");
  return sql.raw(keys.length > 0 ? keys.map((column) => `s.${column}`).join(", ") : "s.product_id as sort_id");
}

/**
 * Relevance as a tier (then best sellers first within a tier): an exact part-number hit; every typed
 * word in the title; in the title, part numbers or vendor; the same two with synonyms; anywhere but
 * the description; description matches last. CASE stops at the first tier that holds, so a product
 * in the title tier costs one or two lookups in its small head vector; no ts_rank over thousands
 * of rows.
 */
export function rankExpression(plan: SearchPlan): SQL {
  const matches = (tier: string) => sql`s.head_vector @@ to_tsquery('simple', ${tier})`;
  // Ranked n, n - 1, ..., 1: the plan's tiers, best first.
  const ranked = plan.tiers.map((tier, index) => sql`when ${matches(tier)} then ${plan.tiers.length - index}`);
  // The plan's tiers narrow one another: a row outside the last (broadest) is outside them all. Asking
  // it first settles description-only matches in one lookup, not one per tier.
  const outside = sql`when not (${matches(plan.tiers[plan.tiers.length - 1])}) then 0`;
  const parts: SQL[] = [sql`case ${outside} ${sql.join(ranked, sql` `)} else 0 end`];
  // Each measured attribute the product has ("3hp"), above any tier: a 1 HP pump never outranks a 3 HP one.
  for (const attribute of plan.attributes) {
    parts.push(sql`case when ${matches(attribute)} then ${RANK.attribute} else 0 end`);
  }
  // The product type the query names comes before all that: "cartridge" lists cartridges before
  // cartridge filters, "gasket for pentair filter" gaskets before filters (which rank below the rest).
  if (plan.typeNouns.length > 0 || plan.fitsTypeNouns.length > 0) {
    const named = plan.typeNouns.length > 0 ? plan.typeNouns : ["-"];
    const fits = plan.fitsTypeNouns.length > 0 ? plan.fitsTypeNouns : ["-"];
    parts.push(sql`case when s.type_nouns && ${sql.param(named)}::text[] then ${RANK.type}
      when s.type_nouns && ${sql.param(fits)}::text[] then ${RANK.fitsType} else 0 end`);
  }
  const rank = sql.join(parts, sql` + `);
  // An exact part number first of all.
  if (plan.partNumberExact)
    return sql`case when ${matches(plan.partNumberExact)} then ${RANK.partNumber} else ${rank} end`;
  return rank;
}

/** The parts of a relevance rank, apart enough that each outweighs all below it. */
export const RANK = { partNumber: 1_000_000, type: 10_000, fitsType: -20_000, attribute: 100 } as const;

/** What the best row of a ranked listing had: the named product type, every typed attribute. */
export function topRankHas(plan: SearchPlan, topRank: number | null): { type: boolean; attributes: boolean } {
  if (topRank === null || topRank >= RANK.partNumber) return { type: true, attributes: true };
  const type = plan.typeNouns.length === 0 || topRank >= RANK.type;
  const rest = ((topRank % RANK.type) + RANK.type) % RANK.type;
  return { type, attributes: rest >= RANK.attribute * plan.attributes.length };
}

function baseConditions(filters: ListingFilters): SQL[] {
  const conditions: SQL[] = [PUBLISHED];
  // Inline so the planner sees the tsquery and uses the GIN index.
  if (filters.plan) conditions.push(sql`s.match_vector @@ to_tsquery('simple', ${filters.plan.match})`);
  if (filters.collectionId !== null) conditions.push(sql`s.collection_ids @> array[${filters.collectionId}::int]`);
  if (filters.isFeatured !== null) conditions.push(sql`s.featured = ${filters.isFeatured}`);
  if (filters.availableForSaleOnly) conditions.push(sql`s.available`);
  if (filters.fitsEquipment?.length) conditions.push(fitsEquipmentCondition(filters.fitsEquipment));
  return conditions;
}

/** Only a collection (or nothing): the listing whose facets are precomputed. */
function hasPlainBase(filters: ListingFilters): boolean {
  return (
    !filters.plan && filters.isFeatured === null && !filters.availableForSaleOnly && !filters.fitsEquipment?.length
  );
}

interface ListingRow {
  total: number | string | null;
  max_price: number | string | null;
  vendors: VendorCount[] | string | null;
  tags: TagCount[] | string | null;
  ids: number[] | string | null;
  collections?: unknown[] | string | null;
  top_rank?: number | string | null;
  type_hits?: number | string | null;
}

interface SummaryRow {
  total_products: number;
  max_price_cents: number;
  vendors: VendorCount[] | string;
  tags: TagCount[] | string;
}

function toResult(row: ListingRow): ListingResult {
  return {
    ids: jsonColumn<number[]>(row.ids, []),
    total: Number(row.total ?? 0),
    maxPriceCents: Number(row.max_price ?? 0),
    vendors: jsonColumn<VendorCount[]>(row.vendors, []),
    tags: jsonColumn<TagCount[]>(row.tags, []),
    collections: jsonColumn<unknown[] | null>(row.collections, null),
    topRank: row.top_rank === null || row.top_rank === undefined ? null : Number(row.top_rank),
    typeHits: row.type_hits === null || row.type_hits === undefined ? null : Number(row.type_hits),
    estimated: false,
    totalEstimated: false,
  };
}

const SUMMARY = (collectionId: number | null) => sql`(select row_to_json(f) from (
    select total_products, max_price_cents, vendors, tags from search_facet_summaries
    where collection_id = ${collectionId ?? 0}) f)`;

async function plainListing(
  db: Database,
  filters: ListingFilters,
  extras: ListingExtras | undefined,
): Promise<ListingResult | null> {
  const rows = await queryRows<ListingRow & { found: boolean }>(
    db,
    withExtras(
      sql`
    select f.collection_id is not null as found, f.total_products as total, f.max_price_cents as max_price,
      f.vendors, f.tags,
      (select coalesce(json_agg(x.product_id), '[]') from (
        select s.product_id from search_products s
        where ${sql.join(baseConditions(filters), sql` and `)} and ${filters.offset} < f.total_products
        order by ${orderBy(filters.sortBy, false, "s")}
        limit ${filters.limit} offset ${filters.offset}
      ) x) as ids
    from (select ${filters.collectionId ?? 0}::int as id) wanted
    left join search_facet_summaries f on f.collection_id = wanted.id
  `,
      extras,
    ),
  );
  const row = rows[0];
  if (!row?.found) return null;
  return toResult(row);
}

// Which one-word searches are precomputed: a few hundred keys, read once a minute per database, so a
// one-word search without a summary (a part number, a rare word) is one statement, not a lookup that
// misses and then the counted one. A stale set is harmless: a key it lacks is counted, a key it still
// holds after a rebuild dropped it finds no row and is counted too. rebuildSearchIndex clears it.
const summaryKeys = createTtlCache<Set<string>>(60_000, 1);

export function clearWordSummaryKeys(db: Database): void {
  summaryKeys.clear(db);
}

function wordSummaryKeys(db: Database): Promise<Set<string>> {
  return summaryKeys(db, "keys", async () => {
    const rows = await queryRows<{ match_query: string }>(db, sql`select match_query from search_word_summaries`);
    return new Set(rows.map((row) => row.match_query));
  });
}

/**
 * A one-word search with no filter: totals and facets precomputed (search_word_summaries), and every
 * match in relevance order, so any page of the default order is a slice. Another sort is one ordered
 * scan of the matches, without the facet work.
 */
async function wordListing(
  db: Database,
  filters: ListingFilters,
  groups: FacetGroup[],
  extras: ListingExtras | undefined,
): Promise<ListingResult | null> {
  const { plan } = filters;
  if (plan?.words.length !== 1 || groups.length > 0 || filters.collectionId !== null) return null;
  if (filters.isFeatured !== null || filters.availableForSaleOnly || filters.lowPriceFirst) return null;
  if (filters.fitsEquipment?.length) return null;
  if (!(await wordSummaryKeys(db)).has(plan.summaryKey)) return null;
  const stored = filters.sortBy === "default";
  const ids = stored
    ? sql`to_json(w.ranked_ids[${filters.offset + 1}:${filters.offset + filters.limit}])`
    : sql`(select coalesce(json_agg(x.id), '[]') from (
        select s.product_id as id from search_documents s
        where ${sql.join(baseConditions(filters), sql` and `)} and ${filters.offset} < w.total_products
        order by ${orderBy(filters.sortBy, false, "s")}
        limit ${filters.limit} offset ${filters.offset}) x)`;
  const rows = await queryRows<ListingRow>(
    db,
    withExtras(
      sql`select w.total_products as total, w.max_price_cents as max_price, w.vendors, w.tags, ${ids} as ids
    from search_word_summaries w where w.match_query = ${plan.summaryKey}`,
      extras,
    ),
  );
  return rows[0] ? toResult(rows[0]) : null;
}

/** One vendor's whole range (the brand page): facets precomputed, the page an index walk. */
async function vendorListing(
  db: Database,
  filters: ListingFilters,
  vendor: string,
  extras: ListingExtras | undefined,
): Promise<ListingResult | null> {
  const rows = await queryRows<ListingRow>(
    db,
    withExtras(
      sql`
    select vs.total_products as total, vs.max_price_cents as max_price, vs.tags, f.vendors,
      (select coalesce(json_agg(x.product_id), '[]') from (
        select s.product_id from search_products s
        where s.vendor_id = v.id and ${PUBLISHED} and ${filters.offset} < vs.total_products
        order by ${orderBy(filters.sortBy, false, "s")}
        limit ${filters.limit} offset ${filters.offset}
      ) x) as ids
    from vendors v
    join search_vendor_summaries vs on vs.vendor_id = v.id
    left join search_facet_summaries f on f.collection_id = 0
    where lower(v.name) = ${vendor}
    limit 1
  `,
      extras,
    ),
  );
  return rows[0] ? toResult(rows[0]) : null;
}

/**
 * How the search splits a prefix around the frequent words it starts (expandPrefixes). `frequentDocuments`
 * is the literal of search_lexemes_frequent_idx (migration 0026); tests lower it to exercise the
 * expansion on a small catalog.
 */
export const prefixExpansion = {
  /** A word held by at least this many documents is frequent. */
  frequentDocuments: 1000,
  /** A prefix whose cover needs more terms than this is searched as the prefix. */
  maxTerms: 128,
  /**
   * ... or more prefixes than this: each costs the index a bitmap of its own (about 0.35 ms: "pu", with
   * 77 short prefixes around pump, pumps, purge and pulsator, read as long as 'pu':* did).
   */
  maxPrefixes: 16,
  /** Shorter prefixes stay as typed (one letter starts tens of thousands of words). */
  minLength: 2,
};

/**
 * The plan with each prefix it searches replaced by the frequent words it starts, as whole words, and
 * prefixes of the rest (prefixCover): "super pu" searches 'pump' | 'pumps' | 'pua':* | ... instead of
 * 'pu':*. It matches the same rows (search_lexemes holds every lexeme of the documents), faster through
 * a GIN index, which reads a prefix by merging the posting lists of every word it starts into one bitmap
 * before intersecting it with the other words (pu: 258,000 of a million products, 37 ms), but
 * intersects whole words by skipping through their lists from the rarest word's rows (4 ms). A prefix
 * that starts no frequent word stays: its lists are short. The covers come from the process's cache
 * (storedCovers), which looks up the ones it lacks: a search that tries several listings (its attributes, a
 * corrected or relaxed query) asks the vocabulary once per prefix.
 */
export async function expandPrefixes(db: Database, plan: SearchPlan): Promise<SearchPlan> {
  const prefixes = prefixOperands([plan.match, ...plan.tiers, plan.partNumberExact, ...plan.attributes]).filter(
    (prefix) => prefix.length >= prefixExpansion.minLength,
  );
  const found = prefixes.length > 0 ? await storedCovers(db, prefixes) : [];
  const covers = new Map<string, PrefixCover>();
  for (const [index, prefix] of prefixes.entries()) {
    const cover = found[index];
    if (cover) covers.set(prefix, cover);
  }
  if (covers.size === 0) return plan;
  const expand = (tsquery: string) => expandPrefixOperands(tsquery, covers);
  return {
    ...plan,
    match: expand(plan.match),
    tiers: plan.tiers.map(expand),
    partNumberExact: plan.partNumberExact === null ? null : expand(plan.partNumberExact),
    attributes: plan.attributes.map(expand),
  };
}

/**
 * The process's covers, by prefix and the expansion's settings. The vocabulary changes only when
 * documents are written: refreshProductSearchData and rebuildSearchIndex empty this cache (and any store
 * change empties every cache, on every instance). Prefixes repeat across shoppers (the header box
 * searches "ha", "hay", "hayw" on the way to "hayward"), and a cover saves one statement of 1–7 ms.
 */
const coverCache = createTtlCache<PrefixCover | null>(60_000, 5_000);

export function clearPrefixCovers(db: Database): void {
  coverCache.clear(db);
}

/** The covers of `prefixes`, in order: those not cached are looked up together, in one statement. */
function storedCovers(db: Database, prefixes: readonly string[]): Promise<(PrefixCover | null)[]> {
  const { frequentDocuments, maxPrefixes, maxTerms } = prefixExpansion;
  const settings = `${frequentDocuments}/${maxPrefixes}/${maxTerms}`;
  const uncached: string[] = [];
  let lookUp: Promise<Map<string, PrefixCover | null>> | null = null;
  // The cache calls a loader at once for each prefix it lacks: they are gathered, then looked up together.
  const covers = prefixes.map((prefix) =>
    coverCache(db, `${settings}:${prefix}`, () => {
      uncached.push(prefix);
      return Promise.resolve().then(() => {
        lookUp ??= lookUpCovers(db, uncached);
        return lookUp.then((found) => found.get(prefix) ?? null);
      });
    }),
  );
  return Promise.all(covers);
}

/**
 * Looks up the covers of `prefixes` in one statement of index probes: the frequent words below each
 * prefix, and the next letters along the paths to them (1–7 ms). Answers each one's cover; null when the
 * prefix starts no frequent word, or its cover has too many terms to be cheaper (prefixExpansion).
 */
async function lookUpCovers(db: Database, prefixes: string[]): Promise<Map<string, PrefixCover | null>> {
  const known = new Map<string, PrefixCover | null>();
  const rows = await queryRows<{ prefix: string; node: string; is_lexeme: boolean; next: string[] }>(
    db,
    sql`with recursive p as (select unnest(${sql.param(prefixes)}::text[]) collate "C" as prefix),
      frequent as (
        select p.prefix, l.lexeme from p join search_lexemes l
          on l.lexeme >= p.prefix and l.lexeme < p.prefix || chr(1114111)
          and l.documents >= ${sql.raw(String(Math.max(1, Math.floor(prefixExpansion.frequentDocuments))))}
      ),
      nodes as (
        select distinct f.prefix, left(f.lexeme, n) as node
        from frequent f cross join lateral generate_series(length(f.prefix), length(f.lexeme)) as n
      ),
      -- The letters that follow each node, one index probe each (the first word after the last letter's
      -- words): "sp" starts 88,000 words, which a scan of its range would read.
      next_letters (prefix, node, letter) as (
        select n.prefix, n.node, (select substr(l.lexeme, length(n.node) + 1, 1) from search_lexemes l
          where l.lexeme > n.node and l.lexeme < n.node || chr(1114111) order by l.lexeme limit 1)
        from nodes n
        union all
        select x.prefix, x.node, (select substr(l.lexeme, length(x.node) + 1, 1) from search_lexemes l
          where l.lexeme >= x.node || x.letter || chr(1114111) and l.lexeme < x.node || chr(1114111)
          order by l.lexeme limit 1)
        from next_letters x where x.letter is not null
      )
      -- One probe per node: as an EXISTS, the planner (which expects millions of nodes from the recursion)
      -- hashed the whole vocabulary instead, 70-85 ms at 100,000 products against 11-13 with probes.
      select x.prefix, x.node, coalesce((select true from search_lexemes l where l.lexeme = x.node), false) as is_lexeme,
        coalesce(array_agg(x.letter order by x.letter) filter (where x.letter is not null), '{}') as next
      from next_letters x group by x.prefix, x.node`,
  );
  const trees = new Map<string, Map<string, VocabularyNode>>();
  for (const row of rows) {
    const tree = trees.get(row.prefix) ?? new Map<string, VocabularyNode>();
    tree.set(row.node, { isLexeme: row.is_lexeme, next: row.next });
    trees.set(row.prefix, tree);
  }
  for (const prefix of prefixes) {
    const tree = trees.get(prefix);
    const cover = tree ? prefixCover(prefix, tree) : null;
    const cheaper =
      cover !== null &&
      cover.prefixes.length <= prefixExpansion.maxPrefixes &&
      cover.words.length + cover.prefixes.length <= prefixExpansion.maxTerms;
    known.set(prefix, cheaper ? cover : null);
  }
  return known;
}

/**
 * The page of product ids (in display order), the total and the facets for the filters.
 */
export async function findListing(
  db: Database,
  listingFilters: ListingFilters,
  extras?: ListingExtras,
): Promise<ListingResult> {
  const groups = facetGroups(listingFilters);
  const word = await wordListing(db, listingFilters, groups, extras);
  if (word) return word;
  const filters = listingFilters.plan
    ? { ...listingFilters, plan: await expandPrefixes(db, listingFilters.plan) }
    : listingFilters;
  if (hasPlainBase(filters) && groups.length === 0) {
    const plain = await plainListing(db, filters, extras);
    if (plain) return plain;
  }
  const [only] = groups;
  if (hasPlainBase(filters) && groups.length === 1 && filters.collectionId === null && only.kind === "vendor") {
    if (only.names.length === 1) {
      const vendor = await vendorListing(db, filters, only.names[0], extras);
      if (vendor) return vendor;
    }
  }
  const broad = await broadListing(db, filters, groups, extras);
  if (broad) return broad;
  if (hasPlainBase(filters) && groups.length === 1) {
    return computeListing(db, filters, groups, { fromSummary: groups[0], extras });
  }
  return computeListing(db, filters, groups, { extras });
}

interface CountedOptions {
  /** The one facet whose counts are the plain listing's summary (answered as `summary`). */
  own?: FacetGroup;
  /** Facets counted elsewhere (the sample's estimates): like `own`, their filters prune the scan. */
  filtered?: readonly FacetGroup[];
  /** ids as an int[] rather than a JSON array. */
  idsArray?: boolean;
  /** Count on search_sample: no page. */
  sample?: boolean;
  /** The sample also answers walk_key: the keys of its walkKeyAt-th match in the chosen order (1-based). */
  walkKeyAt?: number;
  /** The sample also answers range_key: the keys of its rangeKeyAt-th match, like walk_key (sortRange). */
  rangeKeyAt?: number;
}

/**
 * The counted listing as one statement answering one row: total, max_price, vendors, tags, ids (a JSON
 * array, or an int[] with idsArray), summary, top_rank, type_hits (and on the sample: scanned,
 * level_hits, walk_key, range_key).
 */
function countedListingSql(
  filters: ListingFilters,
  groups: FacetGroup[],
  { own, filtered = [], idsArray = false, sample = false, walkKeyAt = 0, rangeKeyAt = 0 }: CountedOptions = {},
): SQL {
  const conditions = baseConditions(filters);
  // The facets counted elsewhere: their filters prune the scan (indexable form).
  const pruning = own ? [own] : filtered;
  const masked = groups.filter((group) => !pruning.includes(group));
  for (const group of pruning) conditions.push(filterCondition(group));
  // A row failing two facet filters counts nowhere: keep only rows failing at most one (an OR of
  // ANDs the planner can answer from the vendor, price and tag indexes).
  if (masked.length >= 2 && masked.length <= 4) {
    conditions.push(
      sql`(${sql.join(
        masked.map(
          (skipped) =>
            sql`(${sql.join(masked.filter((group) => group !== skipped).map(prefilterCondition), sql` and `)})`,
        ),
        sql` or `,
      )})`,
    );
  }
  const mask =
    masked.length > 0
      ? sql.join(
          masked.map((group) => sql`case when ${passes(group)} then 0 else ${group.bit}::bigint end`),
          sql` + `,
        )
      : sql`0::bigint`;
  // Without masked filters every base row counts everywhere: no filter on the mask at all, which
  // also keeps the planner's row estimates (and so its choice of hash aggregation) sane.
  const where = (condition: SQL) => (masked.length > 0 ? sql`where ${condition}` : sql``);
  const and = (condition: SQL) => (masked.length > 0 ? sql`and ${condition}` : sql``);
  // On the sample: the sort keys of its at-th match (1-based) passing every filter, in the chosen order.
  const sampledKeys = (at: number, name: string) =>
    sql`, (select json_build_array(${sql.raw(
      sortKey(filters.sortBy)
        .columns.map(([column]) => keyColumn(column, "b"))
        .join(", "),
    )}) from base b ${where(sql`b.mask = 0`)}
      order by ${orderBy(filters.sortBy, false, "b")} offset ${at - 1} limit 1) as ${sql.raw(name)}`;
  const tagGroups = masked.filter((group) => group.kind === "tag");
  // The bit of the group a tag's prefix belongs to (0 when its prefix is not filtered).
  const prefixBit =
    tagGroups.length > 0
      ? sql`case regexp_replace(lower(btrim(t.prefix)), '[\\s-]+', ' ', 'g') ${sql.join(
          tagGroups.map((group) => sql`when ${group.kind === "tag" ? group.prefixKey : ""} then ${group.bit}::bigint`),
          sql` `,
        )} else 0::bigint end`
      : sql`0::bigint`;
  const ranked = filters.plan !== null && filters.sortBy === "default";
  // Only rows on the page's side of the mask are ordered: the others (counted in the facets only)
  // skip the rank's vector lookups.
  // The sampled count also tells how many rows have the best possible rank (how far a walk must go).
  const plan = filters.plan;
  const levelOf = sample && ranked && plan ? rankLevelExpression(plan) : null;
  const levels = levelOf && plan ? plan.tiers : [];
  const bestColumn = levelOf ? sql`, ${levelOf} as level` : sql``;
  // The sample answers no page: it ranks only to count the rows of the named type.
  const rank = ranked && filters.plan && (!sample || filters.typeHits) ? rankExpression(filters.plan) : null;
  const rankColumn =
    rank === null
      ? sql``
      : masked.length > 0
        ? sql`, case when ${mask} = 0 then ${rank} else 0 end as rank`
        : sql`, ${rank} as rank`;
  // The page, in order. The best rank of a first page is its first row's: it is read from the page
  // (a CTE used twice is computed once), not from another pass over every match.
  const pageRows = sql`select b.id${rank === null ? sql`` : sql`, b.rank`} from base b ${where(sql`b.mask = 0`)}
        order by ${orderBy(filters.sortBy, ranked, "b", filters.lowPriceFirst)}
        limit ${filters.limit} offset ${filters.offset}`;
  const wantTop = rank !== null && filters.rankStats === true && !sample;
  const topFromPage = wantTop && filters.offset === 0 && filters.limit > 0;
  const page = topFromPage ? sql`page` : sql`(${pageRows})`;
  const topRank = !wantTop
    ? sql`null`
    : topFromPage
      ? sql`(select max(p.rank) from page p)`
      : sql`(select max(b.rank) from base b ${where(sql`b.mask = 0`)})`;
  const pageCte = topFromPage ? sql`, page as materialized (${pageRows})` : sql``;
  // Text searches read search_documents (the same columns plus the vectors), listings the narrow rows;
  // the sampled count of a broad listing reads search_sample (no page: its ids are not the catalog's).
  const source = sample ? sql`search_sample s` : filters.plan ? sql`search_documents s` : sql`search_products s`;
  const ids = sample
    ? sql`'[]'::json`
    : idsArray
      ? sql`array(select x.id from ${page} x)`
      : sql`(select coalesce(json_agg(x.id), '[]') from ${page} x)`;

  return sql`
    with base as materialized (
      select s.product_id as id, s.vendor_id, s.price_cents, s.tag_set_id,
        ${sortColumns(filters.sortBy, ranked)}${rankColumn}, ${mask} as mask${bestColumn}
      from ${source}
      where ${sql.join(conditions, sql` and `)}
    ),
    -- One pass over the matching rows for every count: by vendor, tag set and mask.
    grouped as (
      select b.vendor_id, b.tag_set_id, b.mask, count(*)::int as n, max(b.price_cents) as max_price
      from base b group by b.vendor_id, b.tag_set_id, b.mask
    )${pageCte}
    select
      (select coalesce(sum(g.n), 0) from grouped g ${where(sql`g.mask = 0`)}) as total,
      (select max(g.max_price) from grouped g ${where(sql`g.mask & ~2::bigint = 0`)}) as max_price,
      (select coalesce(json_agg(json_build_object('vendor', v.name, 'vendorCount', x.n)), '[]')
        from (select g.vendor_id, sum(g.n)::int as n from grouped g
              where g.vendor_id is not null ${and(sql`g.mask & ~1::bigint = 0`)} group by g.vendor_id) x
        join vendors v on v.id = x.vendor_id) as vendors,
      (select coalesce(json_agg(json_build_object('tagPrefix', z.prefix, 'tagValue', z.value, 'tagCount', z.n)), '[]')
        -- Counts per tag set spread over the set's tags.
        from (select t.prefix, t.value, sum(g.n)::int as n
              from grouped g
              join search_tag_sets ts on ts.id = g.tag_set_id
              cross join lateral unnest(ts.tag_ids) as tag_id
              join tags t on t.id = tag_id
              ${where(sql`g.mask = 0 or g.mask = ${prefixBit}`)}
              group by t.id, t.prefix, t.value) z) as tags,
      ${ids} as ids,
      ${own ? SUMMARY(filters.collectionId) : sql`null`} as summary,
      ${topRank} as top_rank,
      ${
        rank === null || !filters.typeHits || !filters.plan?.typeNouns.length
          ? sql`null`
          : sql`(select count(*) from base b where b.rank >= ${RANK.type} and b.rank < ${RANK.partNumber}
              ${and(sql`b.mask = 0`)})`
      } as type_hits${sample ? sql`, (select count(*) from base) as scanned` : sql``}${
        levels.length > 0
          ? sql`, (select json_agg(x.n order by x.level) from (select l.level, (select count(*) from base b
              where b.level <= l.level ${and(sql`b.mask = 0`)})::int as n
              from generate_series(0, ${levels.length - 1}::int) as l(level)) x) as level_hits`
          : sql``
      }${walkKeyAt > 0 && sample && !ranked ? sampledKeys(walkKeyAt, "walk_key") : sql``}${
        rangeKeyAt > 0 && sample && !ranked ? sampledKeys(rangeKeyAt, "range_key") : sql``
      }
  `;
}

/**
 * Every match of a one-word search in relevance order, with its totals and facets, written into
 * search_word_summaries by one statement (the ids never leave the database).
 */
export function wordSummaryInsertSql(filters: ListingFilters): SQL {
  if (!filters.plan) throw new Error("a word summary needs a search plan");
  return sql`
    insert into search_word_summaries (match_query, total_products, max_price_cents, vendors, tags, ranked_ids)
    select ${filters.plan.summaryKey}, l.total, coalesce(l.max_price, 0), l.vendors::jsonb, l.tags::jsonb, l.ids
    from (${countedListingSql(filters, facetGroups(filters), { idsArray: true })}) l
    on conflict (match_query) do nothing`;
}

/** The result with the filtered facet's own counts taken from the plain listing's summary. */
function withOwnFacet(result: ListingResult, own: FacetGroup, summary: SummaryRow): ListingResult {
  if (own.kind === "vendor") result.vendors = jsonColumn<VendorCount[]>(summary.vendors, []);
  if (own.kind === "price") result.maxPriceCents = summary.max_price_cents;
  if (own.kind === "tag") {
    result.tags = [
      ...result.tags.filter((tag) => tagPrefixKey(tag.tagPrefix) !== own.prefixKey),
      ...jsonColumn<TagCount[]>(summary.tags, []).filter((tag) => tagPrefixKey(tag.tagPrefix) === own.prefixKey),
    ];
  }
  return result;
}

async function computeListing(
  db: Database,
  filters: ListingFilters,
  groups: FacetGroup[],
  options: { fromSummary?: FacetGroup; extras?: ListingExtras },
): Promise<ListingResult> {
  const own = options.fromSummary;
  const rows = await queryRows<ListingRow & { summary: SummaryRow | string | null }>(
    db,
    withExtras(countedListingSql(filters, groups, { own }), options.extras),
  );
  const result = toResult(rows[0]);
  if (!own) return result;
  // The filtered facet's own counts are those of the plain listing.
  const summary = jsonColumn<SummaryRow | null>(rows[0].summary, null);
  // No summary yet (a collection added since the last rebuild): count that facet too.
  if (!summary) return computeListing(db, filters, groups, { extras: options.extras });
  return withOwnFacet(result, own, summary);
}

// Broad listings of a big catalog. Counting every match for the facets is what a broad search costs
// (a word in a third of a million products, with a vendor and a price filter): so from
// broadListings.minCatalog products on, a counted listing is first counted on search_sample (one
// product in SAMPLE_RATE, migration 0023). When that says the exact count would scan at least
// broadListings.minScanned rows, the sample's figures, scaled, are the answer's (flagged estimated),
// and only the page is read from the catalog, without counting: an ordered index walk for a chosen
// sort, the precomputed relevance order of a one-word search, or the ranked rows that pass every
// filter. A narrower listing is counted exactly, as before.

/** One search document in SAMPLE_RATE is in search_sample, by a hash of its id (search-index.ts). */
export const SAMPLE_RATE = 16;
export const SAMPLE_MEMBER = "(hashint4(d.product_id) & 15) = 0";

/**
 * When a listing is answered from the sample: a catalog of at least minCatalog products and at least
 * minScanned rows to count (an exact count of 23,000 matches cost 65 ms at a million products, the
 * sampled one 36). With fewer than minSampledRows sampled rows passing every filter (a poor estimate)
 * those rows are counted exactly and only the filtered facets estimated (fewPassingListing).
 */
export const broadListings = {
  minCatalog: 200_000,
  minScanned: 10_000,
  minSampledRows: 64,
  /** The most rows a walk may look at, as a share of the rows the exact page reads. */
  maxWalkShare: 1 / 3,
  /**
   * Which sampled match (1-based) bounds the range a page sorted by title or price reads (sortRange),
   * for a page that needs the first `needed` matches. The sample holds one match in 16, so its
   * ⌈needed / 16⌉-th match lies as often before the page's last row as after it; twice as far and two
   * more leave fewer than `needed` matches in the range about one time in 400 for a first page of 36
   * (one in 50 for 16 rows): the exact page is read then, as before.
   */
  rangeSampledMatch: (needed: number) => 2 * walkKeyAt(needed) + 2,
  /**
   * Whether a page the cheaper tries (walks, levels, ranges) leave unfilled is read exactly. Always, but
   * for a test that shows a page came from those tries: without it such a page would be short.
   */
  readExact: true,
};

const catalogSizes = createTtlCache<number>(60_000, 1);

function catalogSize(db: Database): Promise<number> {
  return catalogSizes(db, "size", async () => {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`select total_products as n from search_facet_summaries where collection_id = 0`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** A count seen on the sample, scaled to the catalog and rounded to two significant digits. */
function scaled(sampled: number): number {
  const n = sampled * SAMPLE_RATE;
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** The text match of a row of search_products, read from its search document (a walk in index order). */
function textMatchOf(plan: SearchPlan): SQL {
  return sql`(select d.match_vector from search_documents d where d.product_id = s.product_id)
    @@ to_tsquery('simple', ${plan.match})`;
}

/** Every condition of the listing on search_products s: its base, its text and every facet filter. */
function walkConditions(filters: ListingFilters, groups: FacetGroup[]): SQL[] {
  const conditions = baseConditions({ ...filters, plan: null });
  if (filters.plan) conditions.push(textMatchOf(filters.plan));
  for (const group of groups) conditions.push(filterCondition(group));
  return conditions;
}

/**
 * The best rank level a row of `s` is in (it is in every level from that one on: rankLevelCondition), or
 * null when it is in none. Each tier is asked once: a row's level is the first tier it matches, given
 * the named type (or an exact part number: level 0). Asking each level's condition in turn asked the
 * first tier once per level, and cost 31 of the 58 ms of the sampled count of "pool pump motor" at
 * a million products.
 */
export function rankLevelExpression(plan: SearchPlan): SQL | null {
  if ((plan.attributes.length > 0 && !plan.attributesConstant) || plan.tiers.length === 0) return null;
  const tiers = sql`case ${sql.join(
    plan.tiers.map((tier, level) => sql`when s.head_vector @@ to_tsquery('simple', ${tier}) then ${level}::int`),
    sql` `,
  )} end`;
  const typed =
    plan.typeNouns.length > 0
      ? sql`case when s.type_nouns && ${sql.param(plan.typeNouns)}::text[] then ${tiers} end`
      : plan.fitsTypeNouns.length > 0
        ? sql`case when not (s.type_nouns && ${sql.param(plan.fitsTypeNouns)}::text[]) then ${tiers} end`
        : tiers;
  return plan.partNumberExact
    ? sql`case when s.head_vector @@ to_tsquery('simple', ${plan.partNumberExact}) then 0 else ${typed} end`
    : typed;
}

/**
 * The rows ranked at level k or better, as an indexable condition (search_documents_head_idx): an
 * exact part number, or the named type (not the type it fits) in one of the first k + 1 relevance
 * tiers; level 0 (every word in the title's weight-A tier) is the best possible rank. No row outside
 * ranks as high as one inside. Null when the query has measured attributes (they add to the rank row
 * by row), unless every row has the same of them (plan.attributesConstant).
 */
export function rankLevelCondition(plan: SearchPlan, level: number, { indexed = false } = {}): SQL | null {
  if ((plan.attributes.length > 0 && !plan.attributesConstant) || level >= plan.tiers.length) return null;
  // As the condition an index answers: the index reads one query without weights (the tiers then often
  // repeat one another: "hot tub heater" in the title and in the title or part numbers), and the
  // weighted tiers are checked on its rows only (ts_match_vq is @@ in a form no index takes).
  const head = (tier: string) =>
    indexed
      ? sql`ts_match_vq(s.head_vector, to_tsquery('simple', ${tier}))`
      : sql`s.head_vector @@ to_tsquery('simple', ${tier})`;
  // The type first: a row of another type fails it at once (a walk asks it of thousands of rows).
  const type =
    plan.typeNouns.length > 0
      ? sql`s.type_nouns && ${sql.param(plan.typeNouns)}::text[] and `
      : plan.fitsTypeNouns.length > 0
        ? sql`not (s.type_nouns && ${sql.param(plan.fitsTypeNouns)}::text[]) and `
        : sql``;
  const tiers = plan.tiers.slice(0, level + 1).map((tier) => `(${tier})`);
  const top = sql`(${type}${head(tiers.join(" | "))})`;
  const exact = plan.partNumberExact ? sql`(${top} or ${head(plan.partNumberExact)})` : top;
  if (!indexed) return exact;
  const included = plan.tiers.slice(0, level + 1);
  const unweighted = (tiers: string[]) =>
    [...new Set(tiers.map(withoutWeights))].map((tier) => `(${tier})`).join(" | ");
  // Only the title's words (level 0, and any level whose tiers are all weight A): the title tier's index,
  // whose rows are nearly all the level's; an exact part number is read from the head index beside it.
  if (included.every(titleTierOnly)) {
    const part = plan.partNumberExact
      ? sql` or s.head_vector @@ to_tsquery('simple', ${withoutWeights(plan.partNumberExact)})`
      : sql``;
    return sql`((ts_filter(s.head_vector, '{a}') @@ to_tsquery('simple', ${unweighted(included)})${part}) and ${exact})`;
  }
  const indexedTiers = [...included, ...(plan.partNumberExact ? [plan.partNumberExact] : [])];
  return sql`(s.head_vector @@ to_tsquery('simple', ${unweighted(indexedTiers)}) and ${exact})`;
}

/**
 * The rank every row at `level` or better has (rankLevelCondition), when they all rank alike, else null:
 * level 0 (every word in the title's tier, and the named type), unless measured attributes or an exact
 * part number add to some of its rows only. The tiers narrow one another, so the best tier's rows are
 * inside the broadest (rankExpression's first test) and rank tiers.length; the named type adds RANK.type.
 */
export function alikeRank(plan: SearchPlan, level: number): number | null {
  if (level !== 0 || plan.tiers.length === 0 || plan.attributes.length > 0 || plan.partNumberExact) return null;
  return plan.tiers.length + (plan.typeNouns.length > 0 ? RANK.type : 0);
}

/** Rows a price walk looks at before it settles for the category's price ceiling. */
const PRICE_WALK_ROWS = 200;
/** The sort keys every order reads, for rows walked in an order and sorted again. */
const WALK_COLUMNS = sql`s.product_id as id, s.title_key, s.price_cents, s.avg_rating, s.total_reviews,
  s.sales_count, s.available, s.featured`;

/**
 * The page of a broad listing (and its best rank, and the exact price ceiling when a short walk down
 * the price index finds it) as one row: ids, top_rank, max_price. A walk that found less than a page
 * within its rows leaves the page to the exact statement (a CASE: computed only then).
 */
/**
 * How far each walk of a broad page may go (rows it looks at), from the sampled densities; 0: no walk.
 * A walked row costs a random read of its search document, about three rows of a bitmap scan: a walk
 * is tried when four times the rows it should need stay under a third of what the exact page reads.
 */
interface WalkPlan {
  /** The chosen order's walk, or the one-word relevance order's. */
  rows: number;
  /** The best-selling walk for the rows of the chosen rank level (level, below). */
  bestRows: number;
  /** The first rank level with enough rows to fill the page (read from the head index), or null. */
  level: number | null;
  /**
   * The keys of the sampled match that a chosen order's walk must reach to fill the page (walkKeyAt),
   * or null when the sample has too few. Matches can cluster far from where the order starts ("hayward
   * filter" by title descending: every other brand's titles come first), where the catalog-wide density
   * that sizes the walk does not hold: a walk that would end before that match is not tried.
   */
  key: unknown[] | null;
  /**
   * The range column's value at the sampled match broadListings.rangeSampledMatch names (sortRange), or
   * null: a page sorted by title or price reads only the matches up to it ("hayward filter" by price,
   * descending: 129 rows instead of 56,000), and is exact when they fill it.
   */
  rangeKey: string | number | null;
}

/** Which sampled match (1-based) a chosen order's walk should reach to fill `needed` rows. */
export function walkKeyAt(needed: number): number {
  return Math.max(1, Math.ceil(needed / SAMPLE_RATE));
}

/** True when the walk of `budget` rows in the chosen order reaches the row with the sampled keys. */
function walkReaches(sortBy: SortOption, key: unknown[], budget: number, rowConditions: SQL): SQL {
  const { columns, descending } = sortKey(sortBy);
  const values = columns.map(([, type], i) => sql`${String(key[i])}::${sql.raw(type)}`);
  const keys = sql.raw(columns.map(([column]) => keyColumn(column, "s")).join(", "));
  const last = sql`(select ${keys} from search_products s where ${rowConditions}
    order by ${orderBy(sortBy, false, "s")} offset ${budget - 1} limit 1)`;
  const sampled = values.length > 1 ? sql`(${sql.join(values, sql`, `)})` : values[0];
  // No row at the budget: the walk sees every row of the order.
  return sql`coalesce(${sampled} ${sql.raw(descending ? ">=" : "<=")} ${last}, true)`;
}

function walkBudget(needed: number, density: number, exactRows: number): number {
  if (density <= 0) return 0;
  const budget = Math.min(Math.ceil((4 * needed) / density), Math.floor(exactRows * broadListings.maxWalkShare));
  return budget >= needed / density ? Math.min(budget, 100_000) : 0;
}

function broadPageSql(filters: ListingFilters, groups: FacetGroup[], wordIds: boolean, walks: WalkPlan): SQL {
  const { plan } = filters;
  const ranked = plan !== null && filters.sortBy === "default";
  const window = sql`limit ${filters.limit} offset ${filters.offset}`;
  const budget = walks.rows;
  // Every filter as a condition on search_documents s (or search_products without text): the rows on the page.
  const allConditions = baseConditions(filters);
  for (const group of groups) allConditions.push(filterCondition(group));
  // Every filter but the text, on search_products s (search_documents has the same columns).
  const rowFilters = walkConditions({ ...filters, plan: null }, groups);
  const rowConditions = sql.join(rowFilters, sql` and `);
  // Cheaper tries first, each answering (id, rank) rows in page order; the first that fills the page is it.
  const tries: SQL[] = [];
  let exact: SQL;
  let topRank: SQL | null = null;
  if (!ranked || !plan) {
    // A chosen order: a walk down its index, the text looked up per row; else the matches sorted.
    const source = plan ? sql`search_documents s` : sql`search_products s`;
    exact = sql`select s.product_id as id, null::int as rank from ${source}
      where ${sql.join(allConditions, sql` and `)}
      order by ${orderBy(filters.sortBy, false, "s")} ${window}`;
    if (plan && budget > 0 && walks.key) {
      tries.push(sql`select b.id, null::int as rank from (
          select ${WALK_COLUMNS} from search_products s where ${rowConditions}
          order by ${orderBy(filters.sortBy, false, "s")} limit ${budget}) b
        where ${walkReaches(filters.sortBy, walks.key, budget, rowConditions)} and (select d.match_vector from search_documents d where d.product_id = b.id) @@ to_tsquery('simple', ${plan.match})
        order by ${orderBy(filters.sortBy, false, "b")} ${window}`);
    }
    // The matches up to the sampled key, sorted: when they fill the page, no match beyond the key can be
    // on it. The planner ANDs the range's bitmap with the match index's (or reads a short range alone).
    const range = sortRange(filters.sortBy);
    if (plan && range && walks.rangeKey !== null) {
      const within = sortKey(filters.sortBy).descending ? ">=" : "<=";
      tries.push(sql`select s.product_id as id, null::int as rank from search_documents s
        where ${sql.join(allConditions, sql` and `)}
          and ${sql.raw(range.expression)} ${sql.raw(within)} ${String(walks.rangeKey)}::${sql.raw(range.type)}
        order by ${orderBy(filters.sortBy, false, "s")} ${window}`);
    }
  } else {
    // Relevance: the rows that pass every filter, ranked (no facet counting).
    const rankedRows = (rows: SQL) => sql`select b.id, b.rank from (
        select s.product_id as id, s.sales_count, s.price_cents, ${rankExpression(plan)} as rank
        from search_documents s where ${sql.join(allConditions, sql` and `)}) b
      order by ${orderBy("default", true, "b", filters.lowPriceFirst)} ${rows}`;
    exact = rankedRows(window);
    // The rows a rank level's condition finds through the head vectors' index, with the match query
    // checked on them, last (ts_match_vq: @@ in a form no index takes). Those rows nearly all match
    // anyway: reading the match index too, for a bitmap to AND with, cost "sand fil" 13 of its 22 ms of
    // index reads; and the level's weighted tiers, checked first, leave few rows to check it on.
    const levelConditions = (level: SQL) => [
      ...rowFilters,
      level,
      sql`ts_match_vq(s.match_vector, to_tsquery('simple', ${plan.match}))`,
    ];
    // A later page of a listing that decides on its best rank asks it of the first page.
    if (filters.rankStats && filters.offset > 0)
      topRank = sql`(select max(x.rank) from (${rankedRows(sql`limit 1`)}) x)`;
    if (wordIds && budget > 0) {
      // One word: every match is stored in relevance order; the page is the first ones that pass the filters.
      tries.push(sql`select u.id, null::int as rank from search_word_summaries w
        cross join lateral unnest(w.ranked_ids[1:${budget}]) with ordinality as u(id, ord)
        where w.match_query = ${plan.summaryKey}
          and (select true from search_products s where s.product_id = u.id and ${rowConditions})
        ${window}`);
    }
    if (walks.level !== null && !wordIds) {
      // The rows of the chosen level (the first with enough rows to fill the page) that no better level
      // holds all rank alike (their first tier is the level's, with the named type), below every row of
      // the levels above: without part numbers or a price order, they come best sellers first, so a walk
      // down the best-selling index that looks each row up finds them, and stops at the page's last
      // (its rows come in the index's order). The rows of the better levels, fewer than a page, come
      // from the head vector's index. Level 0 is the best possible rank: nothing above it.
      // Rows that all rank alike need no rank of their own: a constant instead of the tiers' lookups.
      const alike = alikeRank(plan, walks.level);
      const levelRank = alike === null ? rankExpression(plan) : sql`${alike}::int`;
      const chosen = rankLevelCondition(plan, walks.level);
      const above = walks.level > 0 ? rankLevelCondition(plan, walks.level - 1, { indexed: true }) : null;
      if (!plan.partNumberExact && !filters.lowPriceFirst && walks.bestRows > 0 && chosen) {
        // The walk reads the documents in best-selling order (search_documents_best_selling_walk_idx,
        // on an expression no listing's ORDER BY uses) and checks each row where it reads it: the level
        // first (its type, then a few title words), which most rows fail, then the whole match query.
        const walked = sql`select s.product_id as id, s.sales_count, ${levelRank} as rank
          from (select * from search_documents s where ${rowConditions}
            order by (s.sales_count + 0) desc, s.product_id desc limit ${walks.bestRows}) s
          where ${chosen} and s.match_vector @@ to_tsquery('simple', ${plan.match})
          limit ${filters.offset + filters.limit}`;
        const rows = above
          ? sql`select s.product_id as id, s.sales_count, ${rankExpression(plan)} as rank
              from search_documents s where ${sql.join(levelConditions(above), sql` and `)}
            union (${walked})`
          : walked;
        tries.push(sql`select x.id, x.rank from (${rows}) x
          order by x.rank desc, x.sales_count desc, x.id desc ${window}`);
      }
      // ...else every row of the chosen level and above, ranked, from the head vector's index.
      const level = rankLevelCondition(plan, walks.level, { indexed: true });
      if (level)
        tries.push(sql`select b.id, b.rank from (
          select s.product_id as id, s.sales_count, s.price_cents, ${levelRank} as rank
          from search_documents s where ${sql.join(levelConditions(level), sql` and `)}) b
        order by ${orderBy("default", true, "b", filters.lowPriceFirst)} ${window}`);
    }
  }
  if (!broadListings.readExact) exact = sql`select null::int as id, null::int as rank where false`;
  // Each try runs only when the ones before it did not fill the page (a CTE runs when first read).
  const ctes = [
    ...tries.map((t, i) => sql`${sql.raw(`try${i}`)} as materialized (${t})`),
    sql`exact as materialized (${exact})`,
  ];
  const pick = (rows: (name: SQL) => SQL, last: SQL) =>
    sql`case ${sql.join(
      tries.map(
        (_, i) =>
          sql`when (select count(*) from ${sql.raw(`try${i}`)}) = ${filters.limit} then ${rows(sql.raw(`try${i}`))}`,
      ),
      sql` `,
    )} else ${last} end`;
  const page =
    tries.length > 0
      ? sql`with ${sql.join(ctes, sql`, `)}
      select ${pick((t) => sql`(select coalesce(json_agg(x.id), '[]') from ${t} x)`, sql`(select coalesce(json_agg(x.id), '[]') from exact x)`)} as ids,
        ${pick((t) => sql`(select max(x.rank) from ${t} x)`, topRank ?? sql`(select max(x.rank) from exact x)`)} as top_rank`
      : sql`select coalesce(json_agg(x.id), '[]') as ids, ${topRank ?? sql`max(x.rank)`} as top_rank from (${exact}) x`;
  // The price ceiling ignores the price filter only.
  const priceConditions = walkConditions(
    { ...filters, plan: null },
    groups.filter((group) => group.kind !== "price"),
  );
  // The most expensive rows of the catalog, checked one by one: a bounded walk however rare the filters.
  const priceWalk = sql`select s.* from search_products s where ${PUBLISHED}
    order by s.price_cents desc, s.product_id desc limit ${PRICE_WALK_ROWS}`;
  const maxPrice = sql`(select s.price_cents from (${priceWalk}) s
    where ${sql.join(priceConditions, sql` and `)}${
      plan
        ? sql` and (select d.match_vector from search_documents d where d.product_id = s.product_id)
          @@ to_tsquery('simple', ${plan.match})`
        : sql``
    }
    order by s.price_cents desc limit 1)`;
  // No match near the top of the price index: the ceiling of the whole category (or catalog), which is
  // never below the listing's: the price filter's range then leaves no product out.
  const ceiling = sql`(select f.max_price_cents from search_facet_summaries f
    where f.collection_id = ${filters.collectionId ?? 0})`;
  return sql`select p.ids, p.top_rank, coalesce(${maxPrice}, ${ceiling}) as max_price from (${page}) p`;
}

/**
 * A broad listing that few rows pass ("pump" from one small brand, from $100): the facets count the
 * many rows that fail one filter only (every other brand's pumps from $100), too many to count exactly,
 * and the rows passing every filter are too few for the sample. Those rows are counted exactly (every
 * filter prunes the scan): the page, the total and the counts of the unfiltered facets; a filtered
 * facet's own counts are the sample's, scaled.
 */
async function fewPassingListing(
  db: Database,
  filters: ListingFilters,
  groups: FacetGroup[],
  estimate: ListingResult,
  extras: ListingExtras | undefined,
): Promise<ListingResult> {
  const rows = await queryRows<ListingRow>(
    db,
    withExtras(countedListingSql(filters, groups, { filtered: groups }), extras),
  );
  const result = toResult(rows[0]);
  const filteredPrefixes = new Set(groups.flatMap((group) => (group.kind === "tag" ? [group.prefixKey] : [])));
  const estimatedTags = estimate.tags
    .filter((tag) => filteredPrefixes.has(tagPrefixKey(tag.tagPrefix)))
    .map((tag) => ({ ...tag, tagCount: scaled(tag.tagCount) }));
  return {
    ...result,
    vendors: groups.some((group) => group.kind === "vendor")
      ? estimate.vendors.map((v) => ({ ...v, vendorCount: scaled(v.vendorCount) }))
      : result.vendors,
    // The sample's ceiling may miss the most expensive rows: never below a listed price.
    maxPriceCents: groups.some((group) => group.kind === "price")
      ? Math.max(estimate.maxPriceCents, result.maxPriceCents)
      : result.maxPriceCents,
    tags: [...result.tags.filter((tag) => !filteredPrefixes.has(tagPrefixKey(tag.tagPrefix))), ...estimatedTags],
    estimated: true,
    totalEstimated: false,
  };
}

async function broadListing(
  db: Database,
  filters: ListingFilters,
  groups: FacetGroup[],
  extras: ListingExtras | undefined,
): Promise<ListingResult | null> {
  if ((await catalogSize(db)) < broadListings.minCatalog) return null;
  const { plan } = filters;
  const needed = filters.offset + filters.limit;
  // A plain listing (a category, the catalog) with one facet filter: that facet's counts are the plain
  // listing's (its summary), so the filter prunes the sampled scan as it prunes the exact count
  // (computeListing's fromSummary): pool pumps of one brand read the brand's sampled pumps, not all 13,000.
  const own = hasPlainBase(filters) && groups.length === 1 ? groups[0] : undefined;
  const [sampled] = await queryRows<
    ListingRow & {
      summary?: SummaryRow | string | null;
      scanned: number | string;
      level_hits?: number[] | string | null;
      walk_key?: unknown[] | string | null;
      range_key?: unknown[] | string | null;
    }
  >(
    db,
    countedListingSql({ ...filters, limit: 0, offset: 0 }, groups, {
      own,
      sample: true,
      walkKeyAt: plan && filters.sortBy !== "default" ? walkKeyAt(needed) : 0,
      rangeKeyAt: plan && sortRange(filters.sortBy) ? broadListings.rangeSampledMatch(needed) : 0,
    }),
  );
  if (!sampled || Number(sampled.scanned) * SAMPLE_RATE < broadListings.minScanned) return null;
  const summary = own ? jsonColumn<SummaryRow | null>(sampled.summary, null) : null;
  // Without a summary (a collection added since the last rebuild), or with few sampled rows, the
  // pruned exact count (computeListing) answers.
  if (own && (!summary || Number(sampled.total ?? 0) < broadListings.minSampledRows)) return null;
  if (Number(sampled.total ?? 0) < broadListings.minSampledRows) {
    return groups.length > 0 ? fewPassingListing(db, filters, groups, toResult(sampled), extras) : null;
  }
  const wordIds =
    plan !== null &&
    plan.words.length === 1 &&
    filters.sortBy === "default" &&
    !filters.lowPriceFirst &&
    !filters.rankStats &&
    (await wordSummaryKeys(db)).has(plan.summaryKey);
  const catalog = Math.max(await catalogSize(db), 1);
  const sampledRows = Math.max(catalog / SAMPLE_RATE, 1);
  const passing = Number(sampled.total ?? 0);
  const scanned = Number(sampled.scanned) * SAMPLE_RATE;
  // Rows at each rank level or better; a level is used when the sample promises twice the page.
  const levelHits = jsonColumn<number[]>(sampled.level_hits, []).map((n) => n * SAMPLE_RATE);
  const level = levelHits.findIndex((n) => n >= 2 * needed);
  const walks: WalkPlan = {
    // A chosen order walks the catalog; one word walks its own matches.
    rows: wordIds
      ? walkBudget(needed, passing / Math.max(Number(sampled.scanned), 1), scanned)
      : walkBudget(needed, passing / sampledRows, scanned),
    // The level's other way reads its rows' candidates from the head index, which has no weights (two
    // to three times the level's rows: 26,000 for the 10,000 of "pool pump motor"), and ranks each.
    bestRows: level < 0 ? 0 : walkBudget(needed, levelHits[level] / catalog, 3 * levelHits[level]),
    level: level < 0 ? null : level,
    key: jsonColumn<unknown[] | null>(sampled.walk_key, null),
    rangeKey: (jsonColumn<unknown[] | null>(sampled.range_key, null)?.[0] as string | number | undefined) ?? null,
  };
  const rows = await queryRows<ListingRow>(db, withExtras(broadPageSql(filters, groups, wordIds, walks), extras));
  const row = rows[0];
  const estimate = toResult(sampled);
  const page = toResult(row);
  // A page that is not full ends the listing: its total is exact.
  const ended = page.ids.length < filters.limit && (page.ids.length > 0 || filters.offset === 0);
  const total = ended
    ? filters.offset + page.ids.length
    : Math.max(scaled(estimate.total), filters.offset + page.ids.length);
  const result: ListingResult = {
    ...page,
    total,
    maxPriceCents: row.max_price === null || row.max_price === undefined ? estimate.maxPriceCents : page.maxPriceCents,
    vendors: estimate.vendors.map((v) => ({ ...v, vendorCount: scaled(v.vendorCount) })),
    tags: estimate.tags.map((t) => ({ ...t, tagCount: scaled(t.tagCount) })),
    typeHits: estimate.typeHits === null ? null : estimate.typeHits * SAMPLE_RATE,
    estimated: true,
    totalEstimated: !ended,
  };
  return own && summary ? withOwnFacet(result, own, summary) : result;
}
