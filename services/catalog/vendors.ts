// Vendors (brands) with their product counts: the footer's top brands and the paged All Brands page.
import { asc, desc, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { vendors } from "../../db/schema/catalog.ts";
import { buildPageInfo, type PageInfo, pageOffset } from "./pagination.ts";
import { enumParam, limitParam, pageParam } from "./query-params.ts";

export const VENDOR_SORTS = ["PRODUCT_COUNT", "NAME"] as const;
export const SORT_ORDERS = ["ASC", "DESC"] as const;

export const vendorListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(24, 100),
  sortBy: enumParam(VENDOR_SORTS),
  order: enumParam(SORT_ORDERS),
});
export type VendorListQuery = z.output<typeof vendorListQuerySchema>;

export interface VendorSummary {
  id: number;
  name: string;
  handle: string;
  imageUrl: string | null;
  productCount: number;
}

/**
 * Vendors that have published products. Sorting by name defaults to A-Z and by product count to the
 * biggest first; ties fall back to the name so pages never overlap.
 */
export async function listVendors(
  db: Database,
  query: Partial<VendorListQuery> = {},
): Promise<{ vendors: VendorSummary[]; pageInfo: PageInfo }> {
  const page = query.page ?? 0;
  const limit = query.limit ?? 24;
  const sortBy = query.sortBy ?? "NAME";
  const order = query.order ?? (sortBy === "PRODUCT_COUNT" ? "DESC" : "ASC");
  const direction = order === "DESC" ? desc : asc;
  const nameKey = sql`lower(${vendors.name})`;
  const orderBy =
    sortBy === "PRODUCT_COUNT"
      ? [direction(vendors.productCount), asc(nameKey), asc(vendors.id)]
      : [direction(nameKey), direction(vendors.id)];
  const listed = gt(vendors.productCount, 0);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: vendors.id,
        name: vendors.name,
        handle: vendors.handle,
        imageUrl: vendors.imageUrl,
        productCount: vendors.productCount,
      })
      .from(vendors)
      .where(listed)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(pageOffset({ page, limit })),
    db.select({ count: sql<number>`count(*)::int` }).from(vendors).where(listed),
  ]);
  return { vendors: rows, pageInfo: buildPageInfo(total?.count ?? 0, limit) };
}
