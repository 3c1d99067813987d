// Blog articles for the blog list and the home page's 'From Our Blog' section. Info articles (shipping
// details, expert assistance) share the table but are not blog posts.
import { and, asc, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { articles } from "../../db/schema/content.ts";
import { buildPageInfo, type PageInfo, pageOffset } from "./pagination.ts";
import { enumParam, limitParam, pageParam } from "./query-params.ts";

export const ARTICLE_SORTS = ["CREATED", "TITLE"] as const;
export const EXCERPT_LENGTH = 200;

export const articleListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(10, 50),
  sortBy: enumParam(ARTICLE_SORTS),
  order: enumParam(["ASC", "DESC"] as const),
});
export type ArticleListQuery = z.output<typeof articleListQuerySchema>;

export interface ArticleSummary {
  id: number;
  handle: string;
  title: string;
  author: string | null;
  imageUrl: string | null;
  createdAt: string;
  excerpt: string;
}

/** Plain-text excerpt: the stored one, else the start of the body cut at a word boundary. */
export function makeExcerpt(excerpt: string | null, bodyHtml: string | null, length = EXCERPT_LENGTH): string {
  if (excerpt?.trim()) return excerpt.trim();
  const text = (bodyHtml ?? "")
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    // The body may arrive cut short in the middle of a tag.
    .replace(/<[^>]*$/, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : text.slice(0, length)).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Published blog articles; newest first unless asked otherwise. */
export async function listArticles(
  db: Database,
  query: Partial<ArticleListQuery> = {},
): Promise<{ articles: ArticleSummary[]; pageInfo: PageInfo }> {
  const page = query.page ?? 0;
  const limit = query.limit ?? 10;
  const sortBy = query.sortBy ?? "CREATED";
  const order = query.order ?? (sortBy === "CREATED" ? "DESC" : "ASC");
  const direction = order === "DESC" ? desc : asc;
  const visible = and(
    eq(articles.kind, "blog"),
    isNotNull(articles.publishedAt),
    lte(articles.publishedAt, sql`now()`),
  );
  const orderBy =
    sortBy === "TITLE"
      ? [direction(sql`lower(${articles.title})`), direction(articles.id)]
      : [direction(articles.createdAt), direction(articles.id)];

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: articles.id,
        handle: articles.handle,
        title: articles.title,
        author: articles.author,
        imageUrl: articles.imageUrl,
        createdAt: articles.createdAt,
        excerpt: articles.excerpt,
        // Only needed to make an excerpt, and only its start: never ship whole bodies for a list.
        bodyStart: sql<
          string | null
        >`case when coalesce(btrim(${articles.excerpt}), '') = '' then left(${articles.bodyHtml}, 4000) end`,
      })
      .from(articles)
      .where(visible)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(pageOffset({ page, limit })),
    db.select({ count: sql<number>`count(*)::int` }).from(articles).where(visible),
  ]);
  return {
    articles: rows.map(({ bodyStart, excerpt, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      excerpt: makeExcerpt(excerpt, bodyStart),
    })),
    pageInfo: buildPageInfo(total?.count ?? 0, limit),
  };
}
