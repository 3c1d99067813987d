import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type CatalogQuery, isSearchTooShort, tagPrefixKey } from "../../shared/catalog-query.ts";
import { amountToCents, centsToAmount } from "../../shared/money.ts";
import { findPricePhrases, searchTextWithoutAppliedPrices } from "../../shared/price-phrase.ts";
import { type ProductCard, toProductCard } from "../catalog/product-cards.ts";
import {
  findListing,
  type ListingExtras,
  type ListingFilters,
  type ListingResult,
  type TagCount,
  type VendorCount,
} from "./product-listing.ts";
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
  availableTagPrefixes: { tagPrefixValue: string }[];
  availableTagFilters: TagCount[];
  availableVendors: VendorCount[];
  productMaxPrice: number;
  /** The "did you mean" query actually searched, when the words typed found (almost) nothing. */
  correctedQuery: string | null;
}

export interface CollectionSuggestion {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
}

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
      availableTagPrefixes: [],
      availableTagFilters: [],
      availableVendors: [],
      productMaxPrice: 0,
      correctedQuery: null,
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
  if (isSearchTooShort(options.exactVendors ? { q: query.q, vendors: [] } : query)) return emptyResult(limit, page);

  const text = searchTextWithoutAppliedPrices(query.q, query);
  const words = searchWords(text);
  // q had something to say (>= 3 characters) but nothing searchable: nothing matches. A query that
  // was only a price phrase now applied as minPrice/maxPrice lists everything in that range.
  const priceOnly = text === "" && findPricePhrases(query.q).length > 0;
  if (query.q !== "" && words.length === 0 && !priceOnly) return emptyResult(limit, page);

  const synonyms = words.length > 0 ? await loadSynonyms(db) : EMPTY_SYNONYMS;
  const filters: ListingFilters = {
    plan: buildSearchPlan(words, text, synonyms),
    collectionId: query.collectionId,
    vendors: query.vendors,
    tags: query.tags,
    minPriceCents: query.minPrice === null ? null : amountToCents(query.minPrice),
    maxPriceCents: query.maxPrice === null ? null : amountToCents(query.maxPrice),
    isFeatured: query.isFeatured,
    availableForSaleOnly: query.availableForSaleOnly,
    sortBy: query.sortBy,
    limit,
    offset: page * limit,
  };

  // The page's cards and the matching categories come with the listing, in one statement.
  const extras = (searched: readonly string[]): ListingExtras => ({
    collections: searched.length > 0 ? collectionSuggestionsJson(searched, synonyms) : null,
  });
  let listing = await findListing(db, filters, extras(words));
  let correctedQuery: string | null = null;
  if (filters.plan && listing.total < CORRECTION_THRESHOLD) {
    const corrected = await correctWords(db, words);
    if (corrected) {
      const plan: SearchPlan | null = buildSearchPlan(corrected, corrected.join(" "), synonyms);
      const retry = await findListing(db, { ...filters, plan }, extras(corrected));
      if (retry.total > listing.total) {
        listing = retry;
        correctedQuery = corrected.join(" ");
      }
    }
  }

  const products = (listing.cards ?? []).map(toProductCard);
  const collections = ((listing.collections ?? []) as SuggestionRow[]).map(toSuggestion);
  const facets = shapeFacets(listing);
  return {
    products,
    pageInfo: {
      limitPerPage: limit,
      page,
      totalObjects: listing.total,
      totalPages: Math.ceil(listing.total / limit),
      availableTagPrefixes: facets.prefixes,
      availableTagFilters: facets.tags,
      availableVendors: facets.vendors,
      productMaxPrice: centsToAmount(listing.maxPriceCents),
      correctedQuery,
    },
    collections,
  };
}
