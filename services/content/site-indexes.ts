// The old site's plain indexes: /pindex.asp lists every product by title (A-Z, paged), /cindex.asp
// every category as a tree. They are crawlable maps of the store, so they stay cheap: titles and
// handles only, read along the title index.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products, vendors } from "../../db/schema/catalog.ts";
import { buildPageInfo, type PageInfo, pageOffset } from "../catalog/pagination.ts";
import { productIsPublished } from "../catalog/published.ts";

export const PRODUCT_INDEX_PAGE_SIZE = 200;

export interface ProductIndexEntry {
  id: number;
  title: string;
  handle: string;
}

/** One page of published products, A-Z by title. */
export async function listProductIndex(
  db: Database,
  query: { page?: number; limit?: number } = {},
): Promise<{ products: ProductIndexEntry[]; pageInfo: PageInfo }> {
  const page = query.page ?? 0;
  const limit = query.limit ?? PRODUCT_INDEX_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: products.id, title: products.title, handle: products.handle })
      .from(products)
      .where(productIsPublished())
      .orderBy(asc(products.title), asc(products.id))
      .limit(limit)
      .offset(pageOffset({ page, limit })),
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(productIsPublished()),
  ]);
  return { products: rows, pageInfo: buildPageInfo(total?.count ?? 0, limit) };
}

export interface VendorDetail {
  id: number;
  name: string;
  handle: string;
  imageUrl: string | null;
  descriptionHtml: string | null;
  productCount: number;
}

const vendorColumns = {
  id: vendors.id,
  name: vendors.name,
  handle: vendors.handle,
  imageUrl: vendors.imageUrl,
  descriptionHtml: vendors.descriptionHtml,
  productCount: vendors.productCount,
};

/** /brands/{brand}: the footer links by name; a handle (or another letter case) is accepted too. */
export async function findVendor(db: Database, nameOrHandle: string): Promise<VendorDetail | null> {
  const text = nameOrHandle.trim();
  if (!text || text.length > 200) return null;
  const [exact] = await db.select(vendorColumns).from(vendors).where(eq(vendors.name, text)).limit(1);
  if (exact) return exact;
  const [loose] = await db
    .select(vendorColumns)
    .from(vendors)
    .where(sql`lower(${vendors.name}) = lower(${text}) or ${vendors.handle} = lower(${text})`)
    .orderBy(asc(vendors.id))
    .limit(1);
  return loose ?? null;
}

/** Every brand with products on sale, A-Z (the vendors page). */
export async function listAllVendors(db: Database): Promise<Omit<VendorDetail, "descriptionHtml">[]> {
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      handle: vendors.handle,
      imageUrl: vendors.imageUrl,
      productCount: vendors.productCount,
    })
    .from(vendors)
    .where(and(gt(vendors.productCount, 0)))
    .orderBy(sql`lower(${vendors.name})`, asc(vendors.id));
}
