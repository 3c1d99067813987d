import { type SQL, sql } from "drizzle-orm";
import { dropSecondaryIndexes, recreateIndexes } from "../../db/bulk-indexes.ts";
import type { Database } from "../../db/client.ts";
import { clearPrefixCovers, clearWordSummaryKeys, SAMPLE_MEMBER, wordSummaryInsertSql } from "./product-listing.ts";
import { queryRows } from "./query-rows.ts";
import { writeProductAttributes } from "./search-attributes.ts";
import { buildSearchPlan, type SearchPlan } from "./search-plan.ts";
import { clearSynonymCache, loadSynonyms } from "./synonyms.ts";

/**
 * Words found in at least this many products (and 1 % of the catalog) get their one-word search
 * precomputed: at 100,000 products the words in 1,000 or more, at a million those in 10,000 or more.
 * A word below that is counted on each search, which costs about what a precomputed word of a ten
 * times smaller catalog did to compute; a fixed threshold would make a big catalog precompute
 * thousands of words of every size.
 */
const WORD_SUMMARY_MIN_PRODUCTS = 1_000;
const WORD_SUMMARY_MIN_SHARE = 0.01;

async function wordSummaryMinProducts(db: Database): Promise<number> {
  const [{ count }] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from search_products`,
  );
  return Math.max(WORD_SUMMARY_MIN_PRODUCTS, Math.ceil(Number(count) * WORD_SUMMARY_MIN_SHARE));
}

// Everything search precomputes from the catalog (migration 0002_search):
//   products.part_number_normalized (where missing) and products.search_vector (weighted: title A;
//     part numbers, SKUs, vendor B; tags, type, collection titles C; description D)
//   search_products: what listings filter, sort and count, with tag ids and collection ids
//     (ancestors included); written in collection order so a category is contiguous on disk
//   search_documents: the match vector (every word, stripped) and the head vector (ranking)
//   search_words (the typo-correction dictionary) and search_facet_summaries (plain listings)
//   search_product_attributes (migration 0010): measured attributes and product types, read from the
//     title, tags and specification table (search-attributes.ts)
// rebuildSearchIndex() redoes it all after a bulk load; refreshProductSearchData() does a few
// products after an edit. Triggers keep prices, stock and popularity current in between.

/** Products per statement: keeps PGlite's memory flat. */
const BATCH_SIZE = 5_000;
/** Products per statement when their vectors are already stored (nothing to compute). */
const STORED_BATCH_SIZE = 50_000;

const ANCESTRY = sql`
  ancestry as (
    -- collection -> itself and every ancestor
    select c.id as collection_id, c.id as ancestor_id, c.parent_id from collections c
    union all
    select a.collection_id, c.id, c.parent_id from ancestry a join collections c on c.id = a.parent_id
  )`;

/** Registers the tag sets of the products selected by `where` (on products p). */
function tagSetsSql(where: SQL): SQL {
  return sql`
    insert into search_tag_sets (tag_ids)
    select distinct coalesce(
      (select array_agg(pt.tag_id order by pt.tag_id) from product_tags pt where pt.product_id = p.id), '{}')
    from products p where ${where}
    on conflict (tag_ids) do nothing`;
}

/** The search_products rows of the products selected by `where` (on products p). */
function searchProductRowsSql(where: SQL): SQL {
  return sql`
    with recursive ${ANCESTRY},
    target as (select p.id from products p where ${where}),
    tags_of as (
      select pt.product_id, array_agg(pt.tag_id order by pt.tag_id) as ids
      from product_tags pt join target t on t.id = pt.product_id group by pt.product_id
    ),
    collections_of as (
      select cp.product_id, array_agg(distinct a.ancestor_id order by a.ancestor_id) as ids
      from collection_products cp
      join target t on t.id = cp.product_id
      join ancestry a on a.collection_id = cp.collection_id
      group by cp.product_id
    )
    select p.id as product_id, p.vendor_id, p.min_price_cents as price_cents, p.available_for_sale as available,
      p.is_featured as featured, p.published_at, p.sales_count, p.avg_rating, p.total_reviews,
      lower(p.title) as title_key, coalesce(tg.ids, '{}') as tag_ids, ts.id as tag_set_id,
      coalesce(col.ids, '{}') as collection_ids
    from products p
    join target t on t.id = p.id
    left join tags_of tg on tg.product_id = p.id
    left join search_tag_sets ts on ts.tag_ids = coalesce(tg.ids, '{}')
    left join collections_of col on col.product_id = p.id`;
}

const SEARCH_PRODUCT_COLUMNS = sql`product_id, vendor_id, price_cents, available, featured, published_at,
  sales_count, avg_rating, total_reviews, title_key, tag_ids, tag_set_id, collection_ids`;
const SEARCH_PRODUCT_COLUMNS_OF_S = sql`s.product_id, s.vendor_id, s.price_cents, s.available, s.featured,
  s.published_at, s.sales_count, s.avg_rating, s.total_reviews, s.title_key, s.tag_ids, s.tag_set_id,
  s.collection_ids`;

/** A product's text that its search vectors are read from, as SQL expressions (each may be null). */
export interface SearchVectorSource {
  title: SQL;
  productCode: SQL;
  /** A text[] of the part numbers the product replaces. */
  supersededPartNumbers: SQL;
  /** The variants' SKUs as written by search_part_number(), distinct, space-separated. */
  skus: SQL;
  vendorName: SQL;
  /** The values of its tags in tag id order, space-separated. */
  tagWords: SQL;
  productType: SQL;
  /** The titles of its collections (in the order their collection_products rows were written), space-separated. */
  collectionTitles: SQL;
  /** search_product_attributes.words */
  attributeWords: SQL;
  descriptionHtml: SQL;
}

/**
 * The two halves of a product's search vector: the head (what shoppers search for: title, part
 * numbers, vendor, tags, type, collections, attributes; weights A to C) and the body (the
 * description, weighted D in the stored vector). The stored vector is head || setweight(body, 'D');
 * the head is then also ts_filter(vector, '{a,b,c}').
 */
export function searchVectorSql(s: SearchVectorSource): { head: SQL; body: SQL } {
  return {
    head: sql`
        -- Parts are titled "<what it is> for <what it fits>" (or "... - <fits>"): only the first half
        -- names the product, so a search for "pump" ranks pumps above "seal for Super Pump".
        setweight(to_tsvector('simple', search_normalize(regexp_replace(${s.title}, '(?i)\\s(for|-)\\s.*$', ''))), 'A')
        || setweight(to_tsvector('simple', search_normalize(coalesce(substring(${s.title} from '(?i)\\s(?:for|-)\\s(.*)$'), ''))), 'B')
        || setweight(to_tsvector('simple',
             coalesce(search_part_number(${s.productCode}), '') || ' '
             || coalesce((select string_agg(search_part_number(s), ' ') from unnest(${s.supersededPartNumbers}) s), '') || ' '
             || coalesce(${s.skus}, '') || ' '
             -- the vendor as written and run together ("sta rite" and "starite")
             || coalesce(search_normalize(${s.vendorName}) || ' ' || search_part_number(${s.vendorName}), '')), 'B')
        || setweight(to_tsvector('simple', search_normalize(
             coalesce(${s.tagWords}, '') || ' ' || coalesce(${s.productType}, '') || ' ' || coalesce(${s.collectionTitles}, ''))), 'C')
        -- Measured attributes ("3hp", "1d5in"), wherever the product states them: as the title does.
        || setweight(to_tsvector('simple', coalesce(${s.attributeWords}, '')), 'A')`,
    // The parser skips HTML tags and entities itself; a regex pass over every description
    // would double the cost of a rebuild for nothing.
    body: sql`to_tsvector('simple', search_unaccent(coalesce(${s.descriptionHtml}, '')))`,
  };
}

/**
 * Computes the vectors of the products listed by `batch` (a query returning product_id, ord),
 * stores the weighted vector in products.search_vector (only where it changed) and writes the
 * search_documents rows in `ord` order. (Data-modifying CTEs must be at the top level, hence one
 * statement with the INSERT at its end.)
 */
function documentsStatement(batch: SQL, onConflict: SQL = sql``, { addLexemes = false } = {}): SQL {
  const { head, body } = searchVectorSql({
    title: sql`p.title`,
    productCode: sql`p.product_code`,
    supersededPartNumbers: sql`p.superseded_part_numbers`,
    skus: sql`sk.skus`,
    vendorName: sql`v.name`,
    tagWords: sql`tw.words`,
    productType: sql`p.product_type`,
    collectionTitles: sql`ct.titles`,
    attributeWords: sql`pa.words`,
    descriptionHtml: sql`p.description_html`,
  });
  return sql`
    with batch as (${batch}),
    collection_titles as (
      select cp.product_id, string_agg(c.title, ' ') as titles
      from collection_products cp join batch b on b.product_id = cp.product_id join collections c on c.id = cp.collection_id
      group by cp.product_id
    ),
    tag_words as (
      select pt.product_id, string_agg(tg.value, ' ' order by pt.tag_id) as words
      from product_tags pt join batch b on b.product_id = pt.product_id join tags tg on tg.id = pt.tag_id
      group by pt.product_id
    ),
    skus as (
      select v.product_id, string_agg(distinct search_part_number(v.sku), ' ') as skus
      from variants v join batch b on b.product_id = v.product_id
      where v.sku is not null
      group by v.product_id
    ),
    heads as (
      select p.id, b.ord, ${head} as head,
        coalesce(pa.type_nouns, '{}') as type_nouns,
        ${body} as body
      from products p
      join batch b on b.product_id = p.id
      left join vendors v on v.id = p.vendor_id
      left join collection_titles ct on ct.product_id = p.id
      left join tag_words tw on tw.product_id = p.id
      left join skus sk on sk.product_id = p.id
      left join search_product_attributes pa on pa.product_id = p.id
    ),
    vectors as (
      select id, ord, head, type_nouns, head || setweight(body, 'D') as full_vector from heads
    ),
    stored as (
      update products p set search_vector = v.full_vector
      from vectors v
      where v.id = p.id and p.search_vector is distinct from v.full_vector
    )${
      // In the same statement as the documents: no search sees a word of theirs that the vocabulary lacks.
      addLexemes
        ? sql`,
    lexemes as (
      insert into search_lexemes (lexeme)
      select distinct w from vectors v cross join lateral unnest(tsvector_to_array(v.full_vector)) as w
      on conflict do nothing
    )`
        : sql``
    }
    insert into search_documents (${SEARCH_PRODUCT_COLUMNS}, match_vector, head_vector, type_nouns)
    select ${SEARCH_PRODUCT_COLUMNS_OF_S}, strip(v.full_vector), v.head, v.type_nouns
    from vectors v join search_products s on s.product_id = v.id
    order by v.ord
    ${onConflict}`;
}

/**
 * The search_documents rows of the products listed by `batch` (product_id, ord) from the vectors
 * already stored in products.search_vector (a bulk load that computed them as it wrote the products):
 * the same rows as documentsStatement's, without computing a vector or rewriting a product.
 */
function storedDocumentsStatement(batch: SQL): SQL {
  return sql`
    with batch as (${batch})
    insert into search_documents (${SEARCH_PRODUCT_COLUMNS}, match_vector, head_vector, type_nouns)
    select ${SEARCH_PRODUCT_COLUMNS_OF_S}, strip(p.search_vector), ts_filter(p.search_vector, '{a,b,c}'),
      coalesce(pa.type_nouns, '{}')
    from batch b
    join search_products s on s.product_id = b.product_id
    join products p on p.id = b.product_id
    left join search_product_attributes pa on pa.product_id = b.product_id
    order by b.ord`;
}

/** Refreshes the search data of some products (after an edit); the dictionary and summaries wait for the next rebuild. */
export async function refreshProductSearchData(db: Database, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = sql.param([...productIds]);
  await writeProductAttributes(db, sql`p.id = any(${ids}::int[])`);
  await db.execute(tagSetsSql(sql`p.id = any(${ids}::int[])`));
  await db.execute(sql`
    insert into search_products (${SEARCH_PRODUCT_COLUMNS})
    ${searchProductRowsSql(sql`p.id = any(${ids}::int[])`)}
    on conflict (product_id) do update set
      vendor_id = excluded.vendor_id, price_cents = excluded.price_cents, available = excluded.available,
      featured = excluded.featured, published_at = excluded.published_at, sales_count = excluded.sales_count,
      avg_rating = excluded.avg_rating, total_reviews = excluded.total_reviews, title_key = excluded.title_key,
      tag_ids = excluded.tag_ids, tag_set_id = excluded.tag_set_id, collection_ids = excluded.collection_ids
  `);
  await db.execute(
    documentsStatement(
      sql`select id as product_id, id as ord from products where id = any(${ids}::int[])`,
      sql`on conflict (product_id) do update set
        vendor_id = excluded.vendor_id, price_cents = excluded.price_cents, available = excluded.available,
        featured = excluded.featured, published_at = excluded.published_at, sales_count = excluded.sales_count,
        avg_rating = excluded.avg_rating, total_reviews = excluded.total_reviews, title_key = excluded.title_key,
        tag_ids = excluded.tag_ids, tag_set_id = excluded.tag_set_id, collection_ids = excluded.collection_ids,
        match_vector = excluded.match_vector, head_vector = excluded.head_vector, type_nouns = excluded.type_nouns`,
      { addLexemes: true },
    ),
  );
  await db.execute(sql`delete from search_sample where product_id = any(${ids}::int[])`);
  await db.execute(sampleInsertSql(sql`d.product_id = any(${ids}::int[])`));
  // Their words joined the vocabulary (search_lexemes): a cover looked up before may lack them.
  clearPrefixCovers(db);
}

const DOCUMENT_COLUMNS = sql.raw(`product_id, vendor_id, price_cents, available, featured, published_at, sales_count,
  avg_rating, total_reviews, title_key, tag_ids, tag_set_id, collection_ids, match_vector, head_vector, type_nouns`);

/**
 * Copies the sampled search documents selected by `where` (on search_documents d) into search_sample
 * (migration 0023): one product in 16, by a hash of its id, so the sample stays the same set across
 * rebuilds and edits. Broad listings count their facets there (product-listing.ts).
 */
function sampleInsertSql(where: SQL): SQL {
  return sql`insert into search_sample (${DOCUMENT_COLUMNS})
    select ${DOCUMENT_COLUMNS} from search_documents d
    where ${sql.raw(SAMPLE_MEMBER)} and ${where}
    on conflict (product_id) do nothing`;
}

async function rebuildProductTables(
  db: Database,
  vectors: "compute" | "stored",
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  // One transaction: readers wait for the new tables instead of seeing them empty.
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await tx.execute(
      sql`truncate search_products, search_documents, search_sample, search_tag_sets, search_lexemes restart identity`,
    );
    // The indexes are built once over the full tables at the end (sorted, in memory) instead of being
    // updated row by row: at a million products the GIN index of the match vectors alone would take
    // longer than the rest of the rebuild. The memory is this transaction's own (at least 256 MB; a
    // caller's transaction may have given it more).
    await tx.execute(sql`
      select set_config('maintenance_work_mem', '256MB', true)
      where pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes('256MB')`);
    const indexes = await dropSecondaryIndexes(t, ["search_products", "search_documents", "search_sample"]);
    await tx.execute(tagSetsSql(sql`true`));
    await tx.execute(sql`
      insert into search_products (${SEARCH_PRODUCT_COLUMNS})
      select * from (${searchProductRowsSql(sql`true`)}) rows
      order by collection_ids, product_id
    `);
    await tx.execute(sql`
      create temporary table search_rebuild_order on commit drop as
      select product_id, row_number() over (order by collection_ids, product_id) as ord from search_products
    `);
    await tx.execute(sql`create index on search_rebuild_order (ord)`);
    await tx.execute(sql`analyze search_rebuild_order`);
    const [{ count }] = await queryRows<{ count: number | string }>(
      tx as unknown as Database,
      sql`select count(*) as count from search_rebuild_order`,
    );
    // Stored vectors only need copying: bigger batches.
    const batchSize = vectors === "stored" ? STORED_BATCH_SIZE : BATCH_SIZE;
    for (let from = 0; from < Number(count); from += batchSize) {
      const batch = sql`select product_id, ord from search_rebuild_order where ord > ${from} and ord <= ${from + batchSize}`;
      await tx.execute(vectors === "stored" ? storedDocumentsStatement(batch) : documentsStatement(batch));
      onProgress?.(Math.min(Number(count), from + batchSize), Number(count));
    }
    await tx.execute(sampleInsertSql(sql`true`));
    await tx.execute(lexemesInsertSql());
    await recreateIndexes(t, indexes);
  });
}

/**
 * Writes search_lexemes anew from every document's match vector, each lexeme with the number of documents
 * that hold it: the vocabulary a word typed in part is searched by (product-listing.ts, expandPrefixes).
 */
function lexemesInsertSql(): SQL {
  return sql`insert into search_lexemes (lexeme, documents)
    select w, count(*) from search_documents d cross join lateral unnest(tsvector_to_array(d.match_vector)) as w
    group by w`;
}

async function rebuildDictionary(db: Database): Promise<void> {
  // Words of 3+ letters (no digits: part numbers are matched by prefix, not corrected) from what
  // shoppers search for (titles, vendors, tags, types and collection titles: the head vectors), with
  // the number of products that use them.
  await db.execute(sql`
    with words as (
      select w.lexeme as word, count(*)::int as ndoc
      from search_documents d cross join lateral unnest(d.head_vector) as w
      where w.lexeme ~ '^[a-z]{3,}$'
      group by w.lexeme
    ),
    collection_words as (
      select w as word, count(*)::int as ndoc
      from collections c, regexp_split_to_table(search_normalize(c.title), '\\s+') w
      where w ~ '^[a-z]{3,}$'
      group by w
    ),
    merged as (
      select word, sum(ndoc)::int as frequency from (select * from words union all select * from collection_words) x
      group by word
    ),
    removed as (
      delete from search_words s where not exists (select 1 from merged m where m.word = s.word)
    )
    insert into search_words (word, frequency)
    select word, frequency from merged
    on conflict (word) do update set frequency = excluded.frequency
  `);
}

async function rebuildFacetSummaries(db: Database): Promise<void> {
  await db.execute(sql`
    with listed as (
      select s.product_id, s.vendor_id, s.price_cents, s.tag_ids, c.collection_id
      from search_products s
      cross join lateral unnest(s.collection_ids || 0) as c(collection_id)
      where s.published_at is not null and s.published_at <= now()
    ),
    totals as (
      select collection_id, count(*)::int as total, coalesce(max(price_cents), 0) as max_price
      from listed group by collection_id
    ),
    vendor_counts as (
      select x.collection_id,
        jsonb_agg(jsonb_build_object('vendor', v.name, 'vendorCount', x.n)) as vendors
      from (select collection_id, vendor_id, count(*)::int as n from listed where vendor_id is not null group by 1, 2) x
      join vendors v on v.id = x.vendor_id
      group by x.collection_id
    ),
    tag_counts as (
      select x.collection_id,
        jsonb_agg(jsonb_build_object('tagPrefix', t.prefix, 'tagValue', t.value, 'tagCount', x.n)) as tags
      from (
        select l.collection_id, tag_id, count(*)::int as n
        from listed l cross join lateral unnest(l.tag_ids) as tag_id
        group by 1, 2
      ) x
      join tags t on t.id = x.tag_id
      group by x.collection_id
    ),
    removed as (
      delete from search_facet_summaries s where not exists (select 1 from totals t where t.collection_id = s.collection_id)
    )
    insert into search_facet_summaries (collection_id, total_products, max_price_cents, vendors, tags, computed_at)
    select t.collection_id, t.total, t.max_price, coalesce(v.vendors, '[]'), coalesce(g.tags, '[]'), now()
    from totals t
    left join vendor_counts v on v.collection_id = t.collection_id
    left join tag_counts g on g.collection_id = t.collection_id
    on conflict (collection_id) do update set
      total_products = excluded.total_products,
      max_price_cents = excluded.max_price_cents,
      vendors = excluded.vendors,
      tags = excluded.tags,
      computed_at = excluded.computed_at
  `);
  // An empty catalog still answers the plain listing from its summary.
  await db.execute(sql`
    insert into search_facet_summaries (collection_id, total_products, max_price_cents)
    values (0, 0, 0) on conflict (collection_id) do nothing
  `);
}

async function rebuildVendorSummaries(db: Database): Promise<void> {
  await db.execute(sql`
    with listed as (
      select s.vendor_id, s.price_cents, s.tag_set_id from search_products s
      where s.vendor_id is not null and s.published_at is not null and s.published_at <= now()
    ),
    totals as (
      select vendor_id, count(*)::int as total, coalesce(max(price_cents), 0) as max_price from listed group by vendor_id
    ),
    tag_counts as (
      select x.vendor_id, jsonb_agg(jsonb_build_object('tagPrefix', t.prefix, 'tagValue', t.value, 'tagCount', x.n)) as tags
      from (
        select l.vendor_id, tag_id, sum(l.n)::int as n
        from (select vendor_id, tag_set_id, count(*) as n from listed group by 1, 2) l
        join search_tag_sets ts on ts.id = l.tag_set_id
        cross join lateral unnest(ts.tag_ids) as tag_id
        group by 1, 2
      ) x
      join tags t on t.id = x.tag_id
      group by x.vendor_id
    ),
    removed as (
      delete from search_vendor_summaries s where not exists (select 1 from totals t where t.vendor_id = s.vendor_id)
    )
    insert into search_vendor_summaries (vendor_id, total_products, max_price_cents, tags, computed_at)
    select t.vendor_id, t.total, t.max_price, coalesce(g.tags, '[]'), now()
    from totals t left join tag_counts g on g.vendor_id = t.vendor_id
    on conflict (vendor_id) do update set
      total_products = excluded.total_products, max_price_cents = excluded.max_price_cents,
      tags = excluded.tags, computed_at = excluded.computed_at
  `);
}

/** A LIMIT that keeps every row. */
const ALL_MATCHES = 2_147_483_647;

/** The shortest prefix typed into the search box that is searched (3 characters). */
const MIN_PREFIX_LENGTH = 3;

/**
 * The words and prefixes to precompute: each frequent word, then the prefixes of those words that a
 * shopper types on the way to them ("hay", "hayw", ... for "hayward"), which match at least as many
 * products as the word itself and are searched on every keystroke of the header box.
 */
export function summaryTerms(words: readonly string[]): string[] {
  const terms = new Set(words);
  for (const word of words) {
    for (let length = MIN_PREFIX_LENGTH; length < word.length; length++) terms.add(word.slice(0, length));
  }
  return [...terms];
}

/**
 * The broad one-word searches, computed the live way (the table is emptied first, so the live path
 * answers) and stored: the frequent dictionary words and their prefixes, with synonyms as a search
 * would apply them.
 */
async function rebuildWordSummaries(db: Database, minProducts: number, concurrency: number): Promise<void> {
  await db.execute(sql`delete from search_word_summaries`);
  clearWordSummaryKeys(db);
  clearPrefixCovers(db);
  clearSynonymCache(db);
  const synonyms = await loadSynonyms(db);
  const words = await queryRows<{ word: string }>(
    db,
    sql`select word from search_words where frequency >= ${minProducts} order by frequency desc, word`,
  );
  const plans: SearchPlan[] = [];
  const done = new Set<string>();
  for (const word of summaryTerms(words.map((row) => row.word))) {
    const plan = buildSearchPlan([word], word, synonyms);
    // "pool" and "pools" share a plan: one row.
    if (!plan || done.has(plan.match)) continue;
    done.add(plan.match);
    plans.push(plan);
  }
  // Each summary is one statement; on a server two run at once (one per core of a small machine).
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next++];
      await db.execute(
        wordSummaryInsertSql({
          plan,
          collectionId: null,
          vendors: [],
          tags: [],
          minPriceCents: null,
          maxPriceCents: null,
          isFeatured: null,
          availableForSaleOnly: false,
          sortBy: "default",
          // Every match, in relevance order: any page of the default order is then a slice.
          limit: ALL_MATCHES,
          offset: 0,
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Options of rebuildSearchIndex. */
export interface RebuildOptions {
  wordSummaryMinProducts?: number;
  /** Told when each phase ends, with its duration (the seeder and search:rebuild print them). */
  onPhase?: (phase: string, ms: number) => void;
  /**
   * "missing": read the attributes only of products that have none (a bulk load that wrote them
   * itself, like the demo seeder). Default "all".
   */
  attributes?: "all" | "missing";
  /**
   * "stored": products.search_vector is already current for every product (a bulk load that computed
   * it with searchVectorSql as it wrote the products, like the demo seeder); the search documents are
   * copied from it instead of computed again. Default "compute".
   */
  vectors?: "compute" | "stored";
  /**
   * false: the word summaries are only emptied, for refreshWordSummaries() to compute afterwards (a
   * caller whose transaction would run them one at a time, like the demo seeder). Default true.
   */
  wordSummaries?: boolean;
  /**
   * false: inside a transaction (VACUUM cannot run there): statistics only; the caller vacuums the
   * search tables after its commit. Default true.
   */
  vacuum?: boolean;
  /** Told how many products have their search documents written (the longest phase). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * (Re)computes all search data from the catalog: part numbers, vectors, the listing rows, the
 * typo-correction dictionary and the facet summaries of the plain listings; then refreshes the
 * planner statistics. Idempotent.
 */
export async function rebuildSearchIndex(db: Database, options: RebuildOptions = {}): Promise<void> {
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };
  await db.execute(sql`
    update products set part_number_normalized = nullif(search_part_number(product_code), '')
    where part_number_normalized is null and product_code is not null
  `);
  phase("part numbers");
  // Attributes first: the search vectors carry their words.
  await writeProductAttributes(
    db,
    options.attributes === "missing"
      ? sql`not exists (select 1 from search_product_attributes a where a.product_id = p.id)`
      : sql`true`,
  );
  phase("attributes");
  await rebuildProductTables(db, options.vectors ?? "compute", options.onProgress);
  phase("listing rows and documents");
  await rebuildDictionary(db);
  phase("dictionary");
  await rebuildFacetSummaries(db);
  await rebuildVendorSummaries(db);
  phase("facet summaries");
  // Fresh statistics keep the planner on the GIN and order indexes.
  // VACUUM sets the visibility map (deep pages become index-only scans) and merges any GIN
  // pending entries.
  if (options.vacuum === false) {
    await db.execute(sql`analyze search_products`);
    await db.execute(sql`analyze search_documents`);
    await db.execute(sql`analyze search_sample`);
    await db.execute(sql`analyze search_lexemes`);
  } else {
    await db.execute(sql`vacuum analyze search_products`);
    await db.execute(sql`vacuum analyze search_documents`);
    await db.execute(sql`vacuum analyze search_sample`);
    await db.execute(sql`vacuum analyze search_lexemes`);
  }
  await db.execute(sql`analyze search_words`);
  await db.execute(sql`analyze search_facet_summaries`);
  phase("vacuum and statistics");
  if (options.wordSummaries === false) {
    // The old catalog's summaries go with it; refreshWordSummaries() computes the new ones.
    await db.execute(sql`delete from search_word_summaries`);
  } else {
    // Last: it searches the tables built above.
    await rebuildWordSummaries(db, options.wordSummaryMinProducts ?? (await wordSummaryMinProducts(db)), 2);
    await db.execute(sql`analyze search_word_summaries`);
    phase("word summaries");
  }
  clearSynonymCache(db);
  clearWordSummaryKeys(db);
  clearPrefixCovers(db);
}

/**
 * Computes the word summaries alone (after rebuildSearchIndex with `wordSummaries: false`). On a
 * server pool its statements run two at once on their own connections: inside a transaction they
 * would wait for each other on its one connection.
 */
export async function refreshWordSummaries(
  db: Database,
  options: Pick<RebuildOptions, "wordSummaryMinProducts"> = {},
): Promise<void> {
  await rebuildWordSummaries(db, options.wordSummaryMinProducts ?? (await wordSummaryMinProducts(db)), 2);
  await db.execute(sql`analyze search_word_summaries`);
  clearSynonymCache(db);
  clearWordSummaryKeys(db);
  clearPrefixCovers(db);
}
