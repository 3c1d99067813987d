import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CatalogQuery, isSearchTooShort, tagPrefixKey } from "../../shared/catalog-query.ts";
import { amountToCents, centsToAmount } from "../../shared/money.ts";
import { type AttributeFilter, attributeLabel, type SearchUnderstanding } from "../../shared/search-understanding.ts";
import { loadProductCards, type ProductCard } from "../catalog/product-cards.ts";
import { type EquipmentMatch, findModelInQuery } from "./model-number.ts";
import {
  findListing,
  type ListingExtras,
  type ListingFilters,
  type ListingResult,
  type TagCount,
  topRankHas,
  type VendorCount,
} from "./product-listing.ts";
import { queryRows } from "./query-rows.ts";
import {
  type Attribute,
  attributeWord,
  isAttributeWord,
  startsTypeNoun,
  typeNounsOf,
  understandQuery,
} from "./query-understanding.ts";
import { buildSearchPlan, type SearchPlan, searchWords } from "./search-plan.ts";
import { termsToTsQuery } from "./search-text.ts";
import { EMPTY_SYNONYMS, expandSynonyms, loadSynonyms, type SynonymIndex } from "./synonyms.ts";
import { correctWords } from "./typo-correction.ts";

/** Fewer matches than this and the query is retried with misspelt words corrected. */
const CORRECTION_THRESHOLD = 3;
const MAX_COLLECTION_SUGGESTIONS = 5;

export interface PageInfo {
  limitPerPage: number;
  page: number;
  totalObjects: number;
  totalPages: number;
  /**
   * totalObjects is an estimate (a broad listing of a big catalog, counted on a sample; rounded to two
   * significant digits), and so is totalPages. The page's products are exact.
   */
  totalEstimated: boolean;
  /** The vendor and tag counts are estimates (the same sample), and a rare value may be missing. */
  facetsEstimated: boolean;
  availableTagPrefixes: { tagPrefixValue: string }[];
  availableTagFilters: TagCount[];
  availableVendors: VendorCount[];
  productMaxPrice: number;
  /** The "did you mean" query actually searched, when the words typed found (almost) nothing. */
  correctedQuery: string | null;
  /** What the query was read as beyond its words (a price, attributes, "X for Y"); null without q. */
  understanding: SearchUnderstanding | null;
  /**
   * When every word together found nothing: the words searched instead ("pool pump"), and the words
   * left out because they matched nothing or nothing together ("xyz"). Null and [] otherwise.
   */
  relaxedQuery: string | null;
  droppedWords: string[];
  /** The equipment model the query's model number names (model-number.ts); absent when none. */
  equipment?: EquipmentMatch;
}

export interface CollectionSuggestion {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
}

export type { SearchUnderstanding };

export interface ProductFilterResult {
  products: ProductCard[];
  pageInfo: PageInfo;
  collections: CollectionSuggestion[];
}

function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** Facet order: vendors by count; tag values grouped by prefix, then by count. */
function shapeFacets(listing: Pick<ListingResult, "vendors" | "tags">) {
  const vendors = [...listing.vendors].sort((a, b) => b.vendorCount - a.vendorCount || compareText(a.vendor, b.vendor));
  const tags = [...listing.tags].sort(
    (a, b) =>
      compareText(tagPrefixKey(a.tagPrefix), tagPrefixKey(b.tagPrefix)) ||
      b.tagCount - a.tagCount ||
      compareText(a.tagValue, b.tagValue),
  );
  const prefixes = [...new Set(tags.map((tag) => tag.tagPrefix))].map((tagPrefixValue) => ({ tagPrefixValue }));
  return { vendors, tags, prefixes };
}

function emptyResult(limit: number, page: number): ProductFilterResult {
  return {
    products: [],
    pageInfo: {
      limitPerPage: limit,
      page,
      totalObjects: 0,
      totalPages: 0,
      totalEstimated: false,
      facetsEstimated: false,
      availableTagPrefixes: [],
      availableTagFilters: [],
      availableVendors: [],
      productMaxPrice: 0,
      correctedQuery: null,
      understanding: null,
      relaxedQuery: null,
      droppedWords: [],
    },
    collections: [],
  };
}

/**
 * The categories whose titles hold any query word (or synonym), those matching most words first, as
 * a scalar expression answering a JSON array of { id, parent_id, title, handle }: it rides along in the
 * listing's statement. collection_suggestions() (migration 0006) reads only the matching titles.
 */
function collectionSuggestionsJson(words: readonly string[], synonyms: SynonymIndex): SQL {
  const terms = expandSynonyms(words, synonyms);
  const anyWord = terms.map((term) => termsToTsQuery([term])).join(" | ");
  return sql`collection_suggestions(to_tsquery('simple', ${anyWord}), ${MAX_COLLECTION_SUGGESTIONS})`;
}

interface SuggestionRow {
  id: number;
  parent_id: number | null;
  title: string;
  handle: string;
}

function toSuggestion(row: SuggestionRow): CollectionSuggestion {
  return { id: row.id, parentId: row.parent_id, title: row.title, handle: row.handle };
}

export interface FilterOptions {
  /**
   * The vendors are exact names the store chose (a brand page), not text a shopper typed: the 3-character
   * rule applies to q only, so brands with short names (GE, 3M) list their products.
   */
  exactVendors?: boolean;
  /** false: q is not looked up as a model number (the search of a model's parts itself). */
  modelNumbers?: boolean;
}

/**
 * The 3-character rule (spec §5) is for text a shopper types. A vendor the store sells, chosen from the
 * vendor select or a card's vendor link, is not typed text: a brand with a short name (GE, 3M) lists its
 * products like any other. A short v that names no vendor is still a fragment, and answers nothing.
 */
export async function isQueryTooShort(
  db: Database,
  query: Pick<CatalogQuery, "q" | "vendors">,
  options: FilterOptions = {},
): Promise<boolean> {
  if (options.exactVendors) return isSearchTooShort({ q: query.q, vendors: [] });
  if (!isSearchTooShort(query)) return false;
  if (query.vendors.length === 0) return true;
  const names = [...new Set(query.vendors.map((vendor) => vendor.trim().toLowerCase()))];
  const [row] = await queryRows<{ known: number }>(
    db,
    sql`select count(*)::int as known from vendors where lower(name) = any(${sql.param(names)}::text[])`,
  );
  return (row?.known ?? 0) < names.length;
}

/** The words of a query besides its model number that do not merely repeat the model's brand, series or name. */
function partWordsOf(model: EquipmentMatch): string {
  const own = new Set(
    `${model.brand} ${model.series} ${model.name} ${model.title}`
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== ""),
  );
  return model.rest
    .split(/\s+/)
    .filter((word) => {
      const bare = word.toLowerCase().replace(/[^a-z0-9]/g, "");
      return bare !== "" && !own.has(bare);
    })
    .join(" ");
}

/**
 * GET /api/products/filter: one page of product cards with the totals and the disjunctive facets
 * of the filters, and the categories matching the search words.
 */
export async function filterProducts(
  db: Database,
  query: CatalogQuery,
  options: FilterOptions = {},
): Promise<ProductFilterResult> {
  const { limit, page } = query;
  // A model number ("SP2610X15", "sp-2610 x15 seal"): the model's card above the results; with more
  // words, those words searched among the model's parts first; nothing else found, the model's parts.
  if (options.modelNumbers !== false && !query.fits?.length) {
    const model = await findModelInQuery(db, query.q);
    if (model) {
      const inner = { ...options, modelNumbers: false };
      const withModel = (result: ProductFilterResult) => ({
        ...result,
        pageInfo: { ...result.pageInfo, equipment: model },
      });
      // Words that only name the model again ("zodiac mx8": its brand) ask for the model itself, not
      // for one of its parts: those are searched as typed, with the model's card above.
      const restWords = partWordsOf(model);
      const rest = isSearchTooShort({ q: restWords, vendors: [] }) ? "" : restWords;
      if (rest !== "") {
        const parts = await filterProducts(db, { ...query, q: rest, fits: [model.handle] }, inner);
        if (parts.pageInfo.totalObjects > 0) return withModel(parts);
      }
      const plain = await filterProducts(db, query, inner);
      if (plain.pageInfo.totalObjects > 0) return withModel(plain);
      return withModel(await filterProducts(db, { ...query, q: "", fits: [model.handle] }, inner));
    }
  }
  if (await isQueryTooShort(db, query, options)) return emptyResult(limit, page);

  const understood = understandQuery(query.q);
  // The attribute filters of the URL (a=horsepower_3) count as if typed, after the typed ones.
  const attributes = withAttributeFilters(understood.attributes, query.attributes ?? []);
  const typedPrice = understood.price;
  // A typed price applies unless the shopper set that bound explicitly (the filter's own control wins).
  const minPrice = query.minPrice ?? typedPrice?.min ?? null;
  const maxPrice = query.maxPrice ?? typedPrice?.max ?? null;
  const priceApplied =
    typedPrice !== null &&
    ((query.minPrice === null && typedPrice.min !== null) || (query.maxPrice === null && typedPrice.max !== null));
  const lowPriceFirst = typedPrice?.lowFirst === true && query.sortBy === "default";

  const head = searchWords(understood.head);
  const fits = searchWords(understood.fits);
  const attributeWords = [...new Set(attributes.map((a) => a.word))];
  const words = [...head, ...fits, ...attributeWords];
  // q had something to say (>= 3 characters) but nothing searchable: nothing matches. A query that
  // was only a price ("under $50", "cheap") lists everything in that range.
  if (query.q !== "" && words.length === 0 && typedPrice === null) return emptyResult(limit, page);

  // How each searched word reads to the shopper: attribute words as typed ("1.5 inch", not "1d5in").
  const display = new Map<string, string>();
  for (const attribute of attributes) display.set(attribute.word, attribute.text);
  const shown = (list: readonly string[]) => list.map((word) => display.get(word) ?? word);

  const synonyms = words.length > 0 ? await loadSynonyms(db) : EMPTY_SYNONYMS;
  const planFor = (searched: readonly string[], headCount: number, requiredAttributes: readonly string[] = []) =>
    buildSearchPlan(searched, searched.filter((word) => !display.has(word)).join(" "), synonyms, {
      headCount,
      requiredAttributes,
    });
  const filters: ListingFilters = {
    plan: planFor(words, head.length),
    collectionId: query.collectionId,
    vendors: query.vendors,
    tags: query.tags,
    // A typed "under 400" means priced under 400: not "call for price" (0).
    minPriceCents: minPrice === null ? (priceApplied && maxPrice !== null ? 1 : null) : amountToCents(minPrice),
    maxPriceCents: maxPrice === null ? null : amountToCents(maxPrice),
    isFeatured: query.isFeatured,
    availableForSaleOnly: query.availableForSaleOnly,
    fitsEquipment: query.fits,
    sortBy: query.sortBy,
    lowPriceFirst,
    // The rank figures decide on narrowing by attributes and on relaxing a query whose named type is missing.
    rankStats: attributeWords.length > 0 || (words.length > 1 && head.some((word) => typeNounsOf([word]).length > 0)),
    limit,
    offset: page * limit,
  };

  // The matching categories come with the listing, in one statement (the cards once it is chosen).
  const extras = (searched: readonly string[]): ListingExtras => ({
    collections: searched.length > 0 ? collectionSuggestionsJson(searched, synonyms) : null,
  });
  // Measured attributes narrow the first try ("3 hp pool pump": the 3 HP pumps, found fast even among
  // thousands of pumps). When that leaves less than a page of the named type (no 2 HP motor), they only
  // rank instead: the type first, those with the attribute first within it.
  // With two or more attributes, each one left out in turn is tried next ("variable speed pump 1.5 hp":
  // no variable speed pump has 1.5 HP; the variable speed ones, 1.5 HP first, are the answer).
  let listing: ListingResult | null = null;
  let unmatchedAttributes: string[] = [];
  if (filters.plan && attributeWords.length > 0) {
    const tries = [
      attributeWords,
      ...(attributeWords.length > 1
        ? [...attributeWords].reverse().map((w) => attributeWords.filter((x) => x !== w))
        : []),
    ];
    // When the first try (every attribute required) finds nothing, no product of a later try has the
    // attribute it leaves out: the attributes add the same to every rank (SearchPlan.attributesConstant).
    let noneWithAll = false;
    for (const [index, required] of tries.slice(0, MAX_ATTRIBUTE_TRIES).entries()) {
      const planned = planFor(words, head.length, required);
      const narrow = planned && noneWithAll ? { ...planned, attributesConstant: true } : planned;
      const found = await findListing(db, { ...filters, plan: narrow, typeHits: true }, extras(words));
      if (index === 0) noneWithAll = found.total === 0;
      const hits = narrow?.typeNouns.length ? found.typeHits : found.total;
      if (hits === null ? found.total > 0 : hits >= ATTRIBUTE_NARROW_MIN) {
        listing = found;
        filters.plan = narrow;
        unmatchedAttributes = attributeWords.filter((w) => !required.includes(w));
        break;
      }
    }
    if (!listing) unmatchedAttributes = attributeWords;
  }
  listing ??= await findListing(db, filters, extras(words));
  let correctedQuery: string | null = null;
  if (filters.plan && listing.total < CORRECTION_THRESHOLD) {
    const corrected = await correctWords(db, words);
    if (corrected) {
      const plan: SearchPlan | null = planFor(corrected, head.length);
      const retry = await findListing(db, { ...filters, plan }, extras(corrected));
      if (retry.total > listing.total) {
        listing = retry;
        correctedQuery = shown(corrected).join(" ");
      }
    }
  }

  // Never an empty page when something relevant exists: leave out the words that match nothing, then
  // (if all of them together still match nothing) the least telling ones, and say so.
  let relaxedQuery: string | null = null;
  let droppedWords: string[] = [];
  const plan = filters.plan;
  const best = plan ? topRankHas(plan, listing.topRank) : null;
  // Nothing at all, or nothing of the product type the query names ("cheap spa cover" finding spa
  // chemicals that mention a cover): the words are relaxed, and then the type must be there.
  const typeMissing = plan !== null && best !== null && !best.type && listing.total > 0;
  if (plan && (listing.total === 0 || typeMissing) && words.length > 1) {
    const relaxed = await relaxQuery(db, words, { head, fits }, synonyms, async (kept) => {
      const headCount = kept.filter((word) => head.includes(word)).length;
      const keptPlan = planFor(kept, headCount);
      // What is left must still name a kind of product ("pool pump"), maybe as it is being typed ("salt
      // chlorinat" keeps "chlorinat", searched as a prefix): "end" of "wet end" is no answer.
      const last = kept.at(-1);
      const typing = last !== undefined && last === words.at(-1) && startsTypeNoun(last);
      if (!keptPlan || (keptPlan.typeNouns.length === 0 && !typing)) return null;
      const found = await findListing(db, { ...filters, plan: keptPlan }, extras(kept));
      const ok = found.total > 0 && (!typeMissing || (keptPlan !== null && topRankHas(keptPlan, found.topRank).type));
      return ok ? found : null;
    });
    if (relaxed) {
      listing = relaxed.listing;
      relaxedQuery = shown(relaxed.kept).join(" ");
      droppedWords = shown(relaxed.dropped);
    }
  }
  // The best results lack a typed attribute (no 2 HP motor: motors of other powers come first): say so.
  const ranked = filters.plan ? topRankHas(filters.plan, listing.topRank) : null;
  if (relaxedQuery === null && ranked && !ranked.attributes && listing.total > 0 && unmatchedAttributes.length > 0) {
    droppedWords = shown(unmatchedAttributes);
    relaxedQuery = shown(words.filter((word) => !unmatchedAttributes.includes(word))).join(" ");
  }

  const understanding: SearchUnderstanding | null =
    query.q === "" && attributes.length === 0
      ? null
      : {
          price: priceApplied
            ? {
                minPrice,
                maxPrice,
                text:
                  typedPrice?.text
                    .replace(
                      /(?:^|\s)(?:cheap\w*|budget|affordable|inexpensive|low[\s-]*(?:cost|priced?)|bargain|economical)(?=\s|$)/gi,
                      " ",
                    )
                    .trim() ?? "",
              }
            : null,
          lowPriceFirst,
          attributes: attributes.map((a) => ({
            name: a.name,
            value: a.value,
            text: a.text,
            ...(a.start < 0 ? { filter: true } : {}),
          })),
          productType: filters.plan?.typeNouns[0] ?? null,
          fits: understood.fits === "" ? null : understood.fits,
        };

  const products = await loadProductCards(db, listing.ids);
  const collections = ((listing.collections ?? []) as SuggestionRow[]).map(toSuggestion);
  const facets = shapeFacets(listing);
  return {
    products,
    pageInfo: {
      limitPerPage: limit,
      page,
      totalObjects: listing.total,
      totalPages: Math.ceil(listing.total / limit),
      totalEstimated: listing.totalEstimated,
      facetsEstimated: listing.estimated,
      availableTagPrefixes: facets.prefixes,
      availableTagFilters: facets.tags,
      availableVendors: facets.vendors,
      productMaxPrice: centsToAmount(listing.maxPriceCents),
      correctedQuery,
      understanding,
      relaxedQuery,
      droppedWords,
    },
    collections,
  };
}

/** The typed attributes, then the URL's attribute filters that are not among them (start -1). */
function withAttributeFilters(typed: readonly Attribute[], filters: readonly AttributeFilter[]): Attribute[] {
  const all = [...typed];
  for (const filter of filters) {
    const word = attributeWord(filter.name, filter.value);
    if (all.some((a) => a.word === word)) continue;
    all.push({ name: filter.name, value: filter.value, word, text: attributeLabel(filter), start: -1, end: -1 });
  }
  return all;
}

/** A narrow (attributes required) search with fewer matches of the named type than this ranks instead. */
const ATTRIBUTE_NARROW_MIN = 24;
/** Narrow tries: every attribute, then each one left out (the first few). */
const MAX_ATTRIBUTE_TRIES = 3;

/** Extra listings a relaxation may try after leaving out the words that match nothing. */
const MAX_RELAXED_TRIES = 3;

/** Which of the words match some published product on their own (with their synonyms and forms). */
async function wordsWithMatches(db: Database, words: readonly string[], synonyms: SynonymIndex): Promise<boolean[]> {
  const checks = words.map((word, index) => {
    const [term] = expandSynonyms([word], synonyms);
    const tsquery = termsToTsQuery([{ ...term, prefix: term.prefix && index === words.length - 1 }]);
    return sql`exists (select 1 from search_documents s where s.match_vector @@ to_tsquery('simple', ${tsquery})
      and s.published_at is not null and s.published_at <= now())`;
  });
  const rows = await queryRows<Record<string, boolean>>(
    db,
    sql`select ${sql.join(
      checks.map((check, index) => sql`${check} as ${sql.identifier(`w${index}`)}`),
      sql`, `,
    )}`,
  );
  return words.map((_, index) => rows[0]?.[`w${index}`] === true);
}

/**
 * Drops words until the rest finds something: first every word that matches nothing on its own, then
 * one at a time the least telling of the rest: what it fits (from the end), then the head's describing
 * words (the product-type noun last). `search` answers null when a try is no better. Null when nothing
 * helps. Measured attributes are never dropped: they only rank.
 */
async function relaxQuery(
  db: Database,
  words: readonly string[],
  parts: { head: string[]; fits: string[] },
  synonyms: SynonymIndex,
  search: (kept: string[]) => Promise<ListingResult | null>,
): Promise<{ kept: string[]; dropped: string[]; listing: ListingResult } | null> {
  const matched = await wordsWithMatches(db, words, synonyms);
  let kept = words.filter((_, index) => matched[index]);
  const dropped = words.filter((_, index) => !matched[index]);
  if (kept.length === 0) return null;
  if (dropped.length > 0) {
    const listing = await search(kept);
    if (listing) return { kept, dropped, listing };
  }
  const typeWords = new Set(typeNounWords(parts.head));
  const order = [
    ...[...parts.fits].reverse(),
    ...parts.head.filter((word) => !typeWords.has(word)),
    ...parts.head.filter((word) => typeWords.has(word)),
  ].filter((word) => kept.includes(word));
  for (const word of order.slice(0, MAX_RELAXED_TRIES)) {
    if (kept.filter((w) => !isAttributeWord(w)).length <= 1) break;
    kept = kept.filter((w) => w !== word);
    dropped.push(word);
    const listing = await search(kept);
    if (listing) return { kept, dropped, listing };
  }
  return null;
}

/** The head words that name a product type ("pump" of "pool pump"). */
function typeNounWords(head: readonly string[]): string[] {
  return head.filter((word) => typeNounsOf([word]).length > 0);
}
