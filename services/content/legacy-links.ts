// Addresses of the old (Volusion) store that must keep working: search engines and customers' bookmarks
// still use them. Each resolves to the canonical address of the page it became, for a permanent redirect.
//   /ProductDetails.asp?ProductCode=X     the product with that part number (or old id)
//   /SearchResults.asp?Cat=N              the category with that old id (or id)
//   /{name}-p/{code}.htm                  a product page       /{name}-s/{id}.htm  a category
//   /{name}-a/{id}.htm                    an article by old id
//   /{handle}/{id}.htm                    the article or product the handle names, else the id's
import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { collections, products } from "../../db/schema/catalog.ts";
import { articlePath, collectionPath, productPath } from "../../shared/content-paths.ts";
import { productIsPublished } from "../catalog/published.ts";
import { type ArticleDetail, findArticleByHandle, findArticleById, findArticleByLegacyId } from "./article-detail.ts";

export interface StorePaths {
  products: string;
  collections: string;
  blog: string;
}

const MAX_ID = 2_147_483_647;

function asId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return id > 0 && id <= MAX_ID ? id : null;
}

/** A published product by part number (as printed, or ignoring case, dashes and spaces), else by old id. */
export async function findProductHandleByCode(db: Database, code: string): Promise<string | null> {
  const trimmed = code.trim();
  if (!trimmed || trimmed.length > 100) return null;
  const normalized = trimmed.toLowerCase().replace(/[^a-z0-9]/g, "");
  const legacyId = asId(trimmed);
  const [row] = await db
    .select({ handle: products.handle })
    .from(products)
    .where(
      and(
        productIsPublished(),
        or(
          eq(products.productCode, trimmed),
          normalized ? eq(products.partNumberNormalized, normalized) : undefined,
          legacyId === null ? undefined : eq(products.legacyId, legacyId),
        ),
      ),
    )
    // The exact spelling first, then the old id, then the normalised match.
    .orderBy(
      sql`case when ${products.productCode} = ${trimmed} then 0 when ${products.legacyId} = ${legacyId ?? -1} then 1 else 2 end`,
      products.id,
    )
    .limit(1);
  return row?.handle ?? null;
}

async function findProductHandleById(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ handle: products.handle })
    .from(products)
    .where(and(productIsPublished(), or(eq(products.id, id), eq(products.legacyId, id))))
    .orderBy(sql`case when ${products.legacyId} = ${id} then 0 else 1 end`)
    .limit(1);
  return row?.handle ?? null;
}

async function findPublishedProductHandle(db: Database, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ handle: products.handle })
    .from(products)
    .where(and(productIsPublished(), eq(products.handle, handle)))
    .limit(1);
  return row?.handle ?? null;
}

/** A category by its old id, else by its id. */
export async function findCollectionHandleByLegacyId(db: Database, text: string): Promise<string | null> {
  const id = asId(text);
  if (id === null) return null;
  const [row] = await db
    .select({ handle: collections.handle })
    .from(collections)
    .where(or(eq(collections.legacyId, id), eq(collections.id, id)))
    .orderBy(sql`case when ${collections.legacyId} = ${id} then 0 else 1 end`)
    .limit(1);
  return row?.handle ?? null;
}

/** `/ProductDetails.asp?ProductCode=X` (also `productcode`, and the old `ProductID=N`). */
export async function resolveProductDetailsLink(
  db: Database,
  params: URLSearchParams,
  paths: StorePaths,
): Promise<string | null> {
  const value = (name: string) => {
    for (const [key, v] of params) if (key.toLowerCase() === name) return v;
    return null;
  };
  const code = value("productcode");
  if (code) {
    const handle = await findProductHandleByCode(db, code);
    if (handle) return productPath(handle, paths);
  }
  const id = asId(value("productid"));
  if (id !== null) {
    const handle = await findProductHandleById(db, id);
    if (handle) return productPath(handle, paths);
  }
  return null;
}

/**
 * `/SearchResults.asp?...` of the old site: `Cat=N` goes to that category; anything else is a search and
 * goes to the (lower-case) results page with the same query (`Search=` becomes `q=`).
 */
export async function resolveSearchResultsLink(
  db: Database,
  params: URLSearchParams,
  paths: StorePaths,
): Promise<string> {
  let category: string | null = null;
  const rest = new URLSearchParams();
  for (const [key, value] of params) {
    const lower = key.toLowerCase();
    if (lower === "cat") category = value;
    else if (lower === "search" || lower === "keywords") rest.append("q", value);
    else rest.append(key, value);
  }
  if (category) {
    const handle = await findCollectionHandleByLegacyId(db, category);
    if (handle) return collectionPath(handle, paths);
  }
  const query = rest.toString();
  return query ? `/searchresults.asp?${query}` : "/searchresults.asp";
}

function articleTarget(article: ArticleDetail, paths: StorePaths): string {
  return articlePath(article, paths);
}

/** A handle as the old site spelled it: lower case, runs of anything but letters and digits as one dash. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Whether a found page's handle agrees with the handle of an old link: the same slug, or one a shortened
 * form of the other (the old site cut long names, and titles gained or lost a trailing part number).
 */
export function handlesAgree(linkHandle: string, pageHandle: string): boolean {
  const a = slug(linkHandle);
  const b = slug(pageHandle);
  if (!a || !b) return false;
  return a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);
}

/**
 * `/{handle}/{file}.htm`: Volusion's `-p/` (product by code), `-s/` (category by id) and `-a/` (article by
 * id) forms. Otherwise the handle names the page: an article with that handle, else a product with that
 * handle; failing both, the id: an article with that old id, else a product with that id (or old id) whose
 * handle agrees with the link's. A product never answers for an id whose handle names something else.
 */
export async function resolveHtmLink(
  db: Database,
  handle: string,
  file: string,
  paths: StorePaths,
): Promise<string | null> {
  const match = /^(.+)\.html?$/i.exec(file);
  if (!match) return null;
  const key = match[1];
  const kind = /-([psa])$/i.exec(handle)?.[1]?.toLowerCase();
  if (kind === "p") {
    const found = await findProductHandleByCode(db, key);
    return found ? productPath(found, paths) : null;
  }
  if (kind === "s") {
    const found = await findCollectionHandleByLegacyId(db, key);
    return found ? collectionPath(found, paths) : null;
  }
  const id = asId(key);
  if (kind === "a") {
    if (id === null) return null;
    const article = (await findArticleByLegacyId(db, id)) ?? (await findArticleById(db, id));
    return article ? articleTarget(article, paths) : null;
  }
  if (id === null) return null;
  const lowerHandle = handle.toLowerCase();
  const [articleByHandle, productByHandle, articleByLegacyId, productById] = await Promise.all([
    findArticleByHandle(db, lowerHandle),
    findPublishedProductHandle(db, lowerHandle),
    findArticleByLegacyId(db, id),
    findProductHandleById(db, id),
  ]);
  if (articleByHandle) return articleTarget(articleByHandle, paths);
  if (productByHandle) return productPath(productByHandle, paths);
  if (articleByLegacyId) return articleTarget(articleByLegacyId, paths);
  if (productById && handlesAgree(handle, productById)) return productPath(productById, paths);
  return null;
}
