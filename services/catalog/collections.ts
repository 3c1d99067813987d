// Collections (categories): the tree index, suggestions for the search box, the category page's
// collection with breadcrumbs, its children (hierarchy), ancestors, banner images and featured products.
// Walks up and down the tree are recursive CTEs over the primary key and the (parent_id, position) index.

import type { SQL } from "drizzle-orm";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { collectionFeaturedProducts, collectionImages, collections, products } from "../../db/schema/catalog.ts";
import { centsToAmount } from "../../shared/money.ts";
import { NotFound } from "../errors.ts";
import { createTtlCache } from "../ttl-cache.ts";
import { loadProductCards, type ProductCard } from "./product-cards.ts";
import { productIsPublished } from "./published.ts";
import { isNumericId, limitParam } from "./query-params.ts";

/** Guards the recursive walks against a cycle in parent_id (the tree is 3 levels deep). */
const MAX_TREE_DEPTH = 32;

export interface CollectionIndexEntry {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  level: number;
  position: number;
}

export interface Breadcrumb {
  id: number;
  title: string;
  handle: string;
}

export interface CollectionDetail {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  level: number;
  position: number;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  imageUrl: string | null;
  descriptionHtml: string | null;
  productCount: number;
  /** Root first, ending with this collection. */
  breadcrumbs: Breadcrumb[];
  childCollectionsCount: number;
  /** Highest product price in this collection and its descendants; 0 when it has no products. */
  productMaxPrice: number;
}

export interface CollectionImage {
  placement: string;
  imagePath: string;
  altText: string | null;
}

export interface HierarchyEntry {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  images: CollectionImage[];
  /** Depth relative to the requested collection, which is LEVEL 1: its children are LEVEL 2. */
  LEVEL: number;
  /** Absolute depth in the tree (1 = top level). */
  level: number;
  position: number;
  productCount: number;
  childCollectionsCount: number;
}

export interface AncestorEntry {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  level: number;
}

// ---------------------------------------------------------------------------------------------------
// Index

/**
 * Every collection, in depth-first order (each parent directly followed by its children, siblings by
 * position), so a client can build or indent the tree in one pass.
 */
export async function listCollectionIndex(db: Database): Promise<CollectionIndexEntry[]> {
  const rows = await db
    .select({
      id: collections.id,
      parentId: collections.parentId,
      title: collections.title,
      handle: collections.handle,
      level: collections.level,
      position: collections.position,
    })
    .from(collections)
    .orderBy(asc(collections.position), asc(collections.id));
  return orderDepthFirst(rows);
}

/** Orders a flat list depth-first; entries whose parent is missing are treated as roots. */
export function orderDepthFirst<T extends { id: number; parentId: number | null }>(rows: T[]): T[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const ordered: T[] = [];
  const visited = new Set<number>();
  const visit = (parent: number | null) => {
    for (const row of children.get(parent) ?? []) {
      if (visited.has(row.id)) continue;
      visited.add(row.id);
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  // A cycle leaves entries unreachable from a root; still list them rather than lose them.
  for (const row of rows) if (!visited.has(row.id)) ordered.push(row);
  return ordered;
}

// ---------------------------------------------------------------------------------------------------
// Suggestions (GET /api/collections?q=...&fields=...)

export const COLLECTION_SUGGESTION_FIELDS = [
  "id",
  "parentId",
  "title",
  "handle",
  "level",
  "position",
  "imageUrl",
  "productCount",
] as const;
export type CollectionSuggestionField = (typeof COLLECTION_SUGGESTION_FIELDS)[number];
export type CollectionSuggestion = Partial<Record<CollectionSuggestionField, string | number | null>>;

/** A search shorter than this runs no query and answers nothing (not an error). */
export const SUGGESTION_MIN_QUERY_LENGTH = 3;

const fieldsParam = z
  .union([z.string(), z.array(z.string())], { error: "must be a comma-separated list of field names" })
  .optional()
  .transform((value, ctx) => {
    const names = (Array.isArray(value) ? value.join(",") : (value ?? ""))
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 0) return [...COLLECTION_SUGGESTION_FIELDS];
    const unknown = names.filter((name) => !(COLLECTION_SUGGESTION_FIELDS as readonly string[]).includes(name));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `unknown field ${unknown.map((name) => `"${name}"`).join(", ")}; allowed fields: ${COLLECTION_SUGGESTION_FIELDS.join(", ")}`,
      });
      return z.NEVER;
    }
    return [...new Set(names)] as CollectionSuggestionField[];
  });

export const collectionSuggestionQuerySchema = z.object({
  q: z
    .string({ error: "must be a single text value" })
    .trim()
    .max(100, { error: "must be at most 100 characters" })
    .optional(),
  handle: z.string({ error: "must be a single text value" }).trim().min(1).max(255).optional(),
  /** A collection id, or `null` (also `root`) for top-level collections. */
  parentId: z
    .string({ error: "must be a single value" })
    .trim()
    .transform((value, ctx) => {
      if (/^(null|root)$/i.test(value)) return null;
      if (!isNumericId(value)) {
        ctx.addIssue({ code: "custom", message: "must be a collection id (a whole number above 0) or null" });
        return z.NEVER;
      }
      return Number(value);
    })
    .optional(),
  limit: limitParam(10, 50),
  fields: fieldsParam,
});
export type CollectionSuggestionQuery = z.output<typeof collectionSuggestionQuerySchema>;

/** `%` and `_` in a shopper's text are literal characters, not LIKE wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function foldedTitleLike(pattern: string): SQL {
  return sql`unaccent(lower(${collections.title})) like unaccent(lower(${pattern})) escape '\\'`;
}

/**
 * Category suggestions: titles containing every word of q (case and accent folded), titles that
 * start with the phrase first, then shallower categories. The collection table is small (hundreds
 * of rows), so the folded comparison scans it rather than needing an index of its own.
 */
export async function suggestCollections(
  db: Database,
  query: CollectionSuggestionQuery,
): Promise<CollectionSuggestion[]> {
  // Like the product search: q given but shorter than 3 characters is an empty answer.
  if (query.q && [...query.q].length < SUGGESTION_MIN_QUERY_LENGTH) return [];
  const conditions: SQL[] = [];
  const ranking: SQL[] = [];
  if (query.q) {
    const phrase = likeEscape(query.q);
    for (const word of query.q.split(/\s+/).filter(Boolean)) conditions.push(foldedTitleLike(`%${likeEscape(word)}%`));
    ranking.push(
      sql`case when ${foldedTitleLike(`${phrase}%`)} then 0 when ${foldedTitleLike(`%${phrase}%`)} then 1 else 2 end`,
    );
  }
  if (query.handle) conditions.push(eq(collections.handle, query.handle));
  if (query.parentId === null) conditions.push(isNull(collections.parentId));
  else if (query.parentId !== undefined) conditions.push(eq(collections.parentId, query.parentId));

  const rows = await db
    .select({
      id: collections.id,
      parentId: collections.parentId,
      title: collections.title,
      handle: collections.handle,
      level: collections.level,
      position: collections.position,
      imageUrl: collections.imageUrl,
      productCount: collections.productCount,
    })
    .from(collections)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(
      ...ranking,
      asc(collections.level),
      ...(query.q ? [asc(collections.title)] : [asc(collections.position)]),
      asc(collections.id),
    )
    .limit(query.limit);
  const fields = query.fields ?? [...COLLECTION_SUGGESTION_FIELDS];
  return rows.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]])));
}

// ---------------------------------------------------------------------------------------------------
// One collection (category page)

const collectionColumns = {
  id: collections.id,
  parentId: collections.parentId,
  title: collections.title,
  handle: collections.handle,
  level: collections.level,
  position: collections.position,
  seoTitle: collections.seoTitle,
  seoDescription: collections.seoDescription,
  isIndexed: collections.isIndexed,
  imageUrl: collections.imageUrl,
  descriptionHtml: collections.descriptionHtml,
  productCount: collections.productCount,
};

export async function getCollectionByHandle(db: Database, handle: string): Promise<CollectionDetail> {
  const [row] = await db.select(collectionColumns).from(collections).where(eq(collections.handle, handle)).limit(1);
  if (!row) throw new NotFound(`No collection with the handle "${handle}".`);
  return withCollectionDetail(db, row);
}

export async function getCollectionById(db: Database, id: number): Promise<CollectionDetail> {
  const [row] = await db.select(collectionColumns).from(collections).where(eq(collections.id, id)).limit(1);
  if (!row) throw new NotFound(`No collection with the id ${id}.`);
  return withCollectionDetail(db, row);
}

/** `/collections/{handle or id}`: digits are an id, anything else a handle. */
export async function getCollection(db: Database, handleOrId: string): Promise<CollectionDetail> {
  if (isNumericId(handleOrId)) return getCollectionById(db, Number(handleOrId));
  return getCollectionByHandle(db, handleOrId);
}

type CollectionRow = Omit<CollectionDetail, "breadcrumbs" | "childCollectionsCount" | "productMaxPrice">;

async function withCollectionDetail(db: Database, row: CollectionRow): Promise<CollectionDetail> {
  const [breadcrumbs, [children], maxPriceCents] = await Promise.all([
    loadAncestry(db, row.id, true),
    db.select({ count: sql<number>`count(*)::int` }).from(collections).where(eq(collections.parentId, row.id)),
    loadProductMaxPriceCents(db, row.id),
  ]);
  return {
    ...row,
    breadcrumbs: breadcrumbs.map(({ id, title, handle }) => ({ id, title, handle })),
    childCollectionsCount: children?.count ?? 0,
    productMaxPrice: centsToAmount(maxPriceCents),
  };
}

/**
 * How long a collection's price bound is reused. It costs one index lookup per product link in the
 * subtree (about 7,600 for a top-level category of a 20k catalog, ~100 ms on a busy 2-core machine), and
 * a slider bound a minute out of date harms no one. A denormalised column kept with productCount
 * would remove the cost altogether.
 */
export const PRODUCT_MAX_PRICE_TTL_MS = 60_000;
const maxPriceCache = createTtlCache<number>(PRODUCT_MAX_PRICE_TTL_MS, 5_000);

/** Highest card price (lowest variant price) of the published products in the collection's subtree. */
export function loadProductMaxPriceCents(db: Database, collectionId: number): Promise<number> {
  return maxPriceCache(db, String(collectionId), () =>
    queryRows<{ maxCents: number }>(
      db,
      // Per collection (lateral) so each step is an index range scan on collection_products: a leaf costs
      // its own products only, instead of a hash join over the whole catalog.
      sql`with recursive tree(id, depth) as (
          select ${collectionId}::int, 1
          union all
          select c.id, tree.depth + 1 from collections c join tree on c.parent_id = tree.id
          where tree.depth < ${MAX_TREE_DEPTH}
        )
        select coalesce(max(per_collection.max_cents), 0)::int as "maxCents"
        from tree cross join lateral (
          select max(p.min_price_cents) as max_cents
          from collection_products cp
          join products p on p.id = cp.product_id
          where cp.collection_id = tree.id and p.published_at is not null and p.published_at <= now()
        ) per_collection`,
    ).then((rows) => rows[0]?.maxCents ?? 0),
  );
}

/** The chain from the root down to the collection (included or not). */
async function loadAncestry(db: Database, id: number, includeSelf: boolean): Promise<AncestorEntry[]> {
  const rows = await queryRows<AncestorEntry & { depth: number }>(
    db,
    sql`with recursive chain(id, parent_id, title, handle, level, depth) as (
          select id, parent_id, title, handle, level, 1 from collections where id = ${id}
          union all
          select c.id, c.parent_id, c.title, c.handle, c.level, chain.depth + 1
          from collections c join chain on c.id = chain.parent_id
          where chain.depth < ${MAX_TREE_DEPTH}
        )
        select id::int as "id", parent_id::int as "parentId", title, handle, level::int as "level", depth::int as "depth"
        from chain order by depth desc`,
  );
  return rows
    .filter((row) => includeSelf || row.id !== id)
    .map(({ id: rowId, parentId, title, handle, level }) => ({ id: rowId, parentId, title, handle, level }));
}

async function requireCollection(db: Database, id: number): Promise<void> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id)).limit(1);
  if (!row) throw new NotFound(`No collection with the id ${id}.`);
}

// ---------------------------------------------------------------------------------------------------
// Tree around one collection

/** The collection's children with their images and how many children each has. */
export async function getCollectionHierarchy(db: Database, id: number): Promise<HierarchyEntry[]> {
  await requireCollection(db, id);
  const children = await db
    .select({
      id: collections.id,
      parentId: collections.parentId,
      title: collections.title,
      handle: collections.handle,
      level: collections.level,
      position: collections.position,
      productCount: collections.productCount,
      // Written out: Drizzle drops table qualifiers inside a select-list subquery, which breaks the correlation.
      childCollectionsCount: sql<number>`(select count(*)::int from collections grandchild where grandchild.parent_id = "collections"."id")`,
    })
    .from(collections)
    .where(eq(collections.parentId, id))
    .orderBy(asc(collections.position), asc(collections.id));
  const images = await loadCollectionImages(
    db,
    children.map((child) => child.id),
  );
  return children.map((child) => ({
    id: child.id,
    parentId: child.parentId,
    title: child.title,
    handle: child.handle,
    images: images.get(child.id) ?? [],
    LEVEL: 2,
    level: child.level,
    position: child.position,
    productCount: child.productCount,
    childCollectionsCount: child.childCollectionsCount,
  }));
}

/** The ancestors, root first; an empty list for a top-level collection. */
export async function getCollectionUpperHierarchy(db: Database, id: number): Promise<AncestorEntry[]> {
  const chain = await loadAncestry(db, id, true);
  if (chain.length === 0) throw new NotFound(`No collection with the id ${id}.`);
  return chain.filter((entry) => entry.id !== id);
}

async function loadCollectionImages(db: Database, ids: number[]): Promise<Map<number, CollectionImage[]>> {
  const byCollection = new Map<number, CollectionImage[]>();
  if (ids.length === 0) return byCollection;
  const rows = await db
    .select({
      collectionId: collectionImages.collectionId,
      placement: collectionImages.placement,
      imagePath: collectionImages.imagePath,
      altText: collectionImages.altText,
    })
    .from(collectionImages)
    .where(inArray(collectionImages.collectionId, ids))
    .orderBy(asc(collectionImages.collectionId), asc(collectionImages.placement));
  for (const { collectionId, ...image } of rows) {
    const list = byCollection.get(collectionId) ?? [];
    list.push(image);
    byCollection.set(collectionId, list);
  }
  return byCollection;
}

/** The image a theme placement (topBanner, menuImage...) shows for the collection. */
export async function getCollectionImage(
  db: Database,
  id: number,
  placement: string,
): Promise<{ imagePath: string; altText: string | null }> {
  const [image] = await db
    .select({ imagePath: collectionImages.imagePath, altText: collectionImages.altText })
    .from(collectionImages)
    .where(and(eq(collectionImages.collectionId, id), eq(collectionImages.placement, placement)))
    .limit(1);
  if (!image) throw new NotFound(`Collection ${id} has no "${placement}" image.`);
  return image;
}

// ---------------------------------------------------------------------------------------------------
// Featured products

export const FEATURED_PRODUCTS_LIMIT = 24;

/**
 * The collection's featured products (published ones) as product cards, in the merchant's order.
 * `knownCollection`: the caller has just read the collection, so an unknown id need not be checked for.
 */
export async function getFeaturedProducts(
  db: Database,
  id: number,
  limit = FEATURED_PRODUCTS_LIMIT,
  options: { knownCollection?: boolean } = {},
): Promise<ProductCard[]> {
  if (!options.knownCollection) await requireCollection(db, id);
  const rows = await db
    .select({ productId: collectionFeaturedProducts.productId })
    .from(collectionFeaturedProducts)
    .innerJoin(products, eq(products.id, collectionFeaturedProducts.productId))
    .where(and(eq(collectionFeaturedProducts.collectionId, id), productIsPublished()))
    .orderBy(asc(collectionFeaturedProducts.position), asc(collectionFeaturedProducts.productId))
    .limit(limit);
  if (rows.length === 0) return [];
  return loadProductCards(
    db,
    rows.map((row) => row.productId),
  );
}
