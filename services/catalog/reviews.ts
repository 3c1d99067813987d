// Seller (store-wide) reviews for the footer's SELLER REVIEWS carousel, newest first.
import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { siteReviews } from "../../db/schema/catalog.ts";
import { buildPageInfo, type PageInfo, pageOffset } from "./pagination.ts";
import { limitParam, pageParam } from "./query-params.ts";

export const siteReviewListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(6, 50),
});
export type SiteReviewListQuery = z.output<typeof siteReviewListQuerySchema>;

export interface SiteReview {
  id: number;
  url: string | null;
  message: string | null;
  name: string;
  stars: number;
  avatarUrl: string | null;
  createdAt: string;
}

export async function listSiteReviews(
  db: Database,
  query: Partial<SiteReviewListQuery> = {},
): Promise<{ siteReviews: SiteReview[]; pageInfo: PageInfo }> {
  const page = query.page ?? 0;
  const limit = query.limit ?? 6;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: siteReviews.id,
        url: siteReviews.url,
        message: siteReviews.message,
        name: siteReviews.name,
        stars: siteReviews.stars,
        avatarUrl: siteReviews.avatarUrl,
        createdAt: siteReviews.createdAt,
      })
      .from(siteReviews)
      .orderBy(desc(siteReviews.createdAt), desc(siteReviews.id))
      .limit(limit)
      .offset(pageOffset({ page, limit })),
    db.select({ count: sql<number>`count(*)::int` }).from(siteReviews),
  ]);
  return {
    siteReviews: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    pageInfo: buildPageInfo(total?.count ?? 0, limit),
  };
}
