// Server-only helpers the storefront loaders share: short-lived caches for the data every listing needs
// and rarely changes (the collection index, the free-shipping amount), and the compact card shape the
// pages send to the browser. Loaders call the services in process.
import type { Database } from "../../../db/client.ts";
import {
  type CollectionDetail,
  type CollectionIndexEntry,
  getCollectionByHandle,
  getCollectionHierarchy,
  getCollectionImage,
  type HierarchyEntry,
  listCollectionIndex,
} from "../../../services/catalog/collections.ts";
import type { ProductCard } from "../../../services/catalog/product-cards.ts";
import { getFreeShippingAmount } from "../../../services/catalog/shipping-policy.ts";
import { NotFound, ServiceError } from "../../../services/errors.ts";
import { filterProducts } from "../../../services/search/product-filter.ts";

export { isQueryTooShort } from "../../../services/search/product-filter.ts";

import { createTtlCache, DEFAULT_CACHE_TTL_MS } from "../../../services/ttl-cache.ts";
import type { CatalogQuery } from "../../../shared/catalog-query.ts";
import { type ProductCardData, toProductCardData } from "../../components/product-card.tsx";
import type { AppLoadContext } from "../../context.ts";
import type { ListingResult } from "./listing-query.ts";

export type { ListingResult };

/**
 * How long shared catalog data is reused. A new category or a changed free-shipping threshold shows
 * within a minute; in exchange most page views skip those queries (PGlite serialises every query).
 */
export const CATALOG_CACHE_TTL_MS = DEFAULT_CACHE_TTL_MS;

export { createTtlCache };

const indexCache = createTtlCache<CollectionIndexEntry[]>();
const amountCache = createTtlCache<number>();
const collectionCache = createTtlCache<CollectionDetail>();
const hierarchyCache = createTtlCache<HierarchyEntry[]>();
const bannerCache = createTtlCache<CollectionImageRef | null>();

type CollectionImageRef = { imagePath: string; altText: string | null };

// A category's own record, its subcategories and its banner are the same for every visitor and every
// filter, and were about half of a category page's queries. They are reused for CATALOG_CACHE_TTL_MS:
// an edited title, description or image, or a new subcategory, shows within a minute, like the
// collection index. Failures are not kept (createTtlCache), so an unknown handle is looked up each
// time and a new category is found at once; a failed read is tried again by the next page.

export function cachedCollectionByHandle(db: Database, handle: string): Promise<CollectionDetail> {
  return collectionCache(db, handle, () => getCollectionByHandle(db, handle));
}

export function cachedCollectionHierarchy(db: Database, id: number): Promise<HierarchyEntry[]> {
  return hierarchyCache(db, String(id), () => getCollectionHierarchy(db, id));
}

/** The image for a theme placement, or null when the collection has none there. */
export function cachedCollectionImage(db: Database, id: number, placement: string): Promise<CollectionImageRef | null> {
  return bannerCache(db, `${id}\u0000${placement}`, () =>
    getCollectionImage(db, id, placement).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    }),
  );
}

export function cachedCollectionIndex(db: Database): Promise<CollectionIndexEntry[]> {
  return indexCache(db, "index", () => listCollectionIndex(db));
}

export function cachedFreeShippingAmount(db: Database): Promise<number> {
  return amountCache(db, "amount", () => getFreeShippingAmount(db));
}

/**
 * The {message} of a page's error notice ('Error loading categories: {message}'): a service's
 * own message is written for shoppers; anything else is logged and replaced by a generic one.
 */
export function loadErrorMessage(logger: AppLoadContext["logger"], what: string, error: unknown): string {
  logger.error({ err: error }, `${what} failed`);
  if (error instanceof ServiceError && error.status < 500) return error.message;
  return "the store could not answer just now. Please try again in a moment.";
}

/** Cards carry at most this many thumbnails (the card shows 4 on hover). */
const CARD_THUMBNAILS = 4;

/** The card as the page sends it: only what the card draws, so the hydration data stays small. */
export function compactCard(card: ProductCard): ProductCardData {
  const data = toProductCardData({ ...card, Images: card.Images.slice(0, CARD_THUMBNAILS) });
  return data.images && data.images.length < 2 ? { ...data, images: [] } : data;
}

/** One page of a listing through the same service as GET /api/products/filter. */
export async function loadListing(db: Database, query: CatalogQuery): Promise<ListingResult> {
  const result = await filterProducts(db, query);
  return {
    products: result.products.map(compactCard),
    totalObjects: result.pageInfo.totalObjects,
    ...(result.pageInfo.facetsEstimated ? { countsEstimated: true } : {}),
    totalPages: result.pageInfo.totalPages,
    limit: result.pageInfo.limitPerPage,
    page: query.page,
    tagFilters: result.pageInfo.availableTagFilters,
    vendors: result.pageInfo.availableVendors,
    productMaxPrice: result.pageInfo.productMaxPrice,
    correctedQuery: result.pageInfo.correctedQuery,
    collections: result.collections,
    understanding: result.pageInfo.understanding,
    relaxedQuery: result.pageInfo.relaxedQuery,
    droppedWords: result.pageInfo.droppedWords,
    ...(result.pageInfo.equipment ? { equipment: result.pageInfo.equipment } : {}),
  };
}

/** An empty listing (a search too short to run, or a failed load). */
export function emptyListing(query: Pick<CatalogQuery, "limit" | "page">): ListingResult {
  return {
    products: [],
    totalObjects: 0,
    totalPages: 0,
    limit: query.limit,
    page: query.page,
    tagFilters: [],
    vendors: [],
    productMaxPrice: 0,
    correctedQuery: null,
    collections: [],
    understanding: null,
    relaxedQuery: null,
    droppedWords: [],
  };
}

/** The chain of collections from the root down to `handle`, from the cached index. */
export function collectionChain(index: readonly CollectionIndexEntry[], handle: string): CollectionIndexEntry[] {
  const byId = new Map(index.map((entry) => [entry.id, entry]));
  const chain: CollectionIndexEntry[] = [];
  let current = index.find((entry) => entry.handle === handle);
  while (current && chain.length < 32) {
    chain.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return chain;
}

// Services the catalog pages' loaders call directly.
export {
  type CollectionDetail,
  getCollection,
  getFeaturedProducts,
  listCollectionIndex,
} from "../../../services/catalog/collections.ts";
export { getNavigation } from "../../../services/catalog/navigation.ts";
export { NotFound } from "../../../services/errors.ts";
export { filterProducts, type ProductFilterResult } from "../../../services/search/product-filter.ts";
export { splitAttributes, withoutPriceWords } from "../../../services/search/query-understanding.ts";
