// One article for the article pages: blog posts at {blogPath}/{handle}, info articles (shipping details,
// expert assistance...) at their old /Articles.asp?ID={legacyId} address. Drafts and future posts are
// never shown.
import { and, eq, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type ArticleKind, articles } from "../../db/schema/content.ts";
import { NotFound } from "../errors.ts";

/** Reading time is the word count divided by 225, rounded up, in minutes. */
export const WORDS_PER_MINUTE = 225;

export interface ArticleDetail {
  id: number;
  handle: string;
  kind: ArticleKind;
  legacyId: number | null;
  title: string;
  author: string | null;
  imageUrl: string | null;
  excerpt: string | null;
  bodyHtml: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The words of an HTML body, markup and entities left out. */
export function countWords(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes, at least 1 for any text at all. */
export function readingTimeMinutes(html: string): number {
  return Math.ceil(countWords(html) / WORDS_PER_MINUTE);
}

const published = () => and(isNotNull(articles.publishedAt), lte(articles.publishedAt, sql`now()`));

async function findOne(db: Database, where: SQL | undefined): Promise<ArticleDetail | null> {
  const [row] = await db
    .select({
      id: articles.id,
      handle: articles.handle,
      kind: articles.kind,
      legacyId: articles.legacyId,
      title: articles.title,
      author: articles.author,
      imageUrl: articles.imageUrl,
      excerpt: articles.excerpt,
      bodyHtml: articles.bodyHtml,
      seoTitle: articles.seoTitle,
      seoDescription: articles.seoDescription,
      isIndexed: articles.isIndexed,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(and(where, published()))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    bodyHtml: row.bodyHtml ?? "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function findArticleByHandle(db: Database, handle: string, kind?: ArticleKind): Promise<ArticleDetail | null> {
  return findOne(db, kind ? and(eq(articles.handle, handle), eq(articles.kind, kind)) : eq(articles.handle, handle));
}

export function findArticleById(db: Database, id: number): Promise<ArticleDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return Promise.resolve(null);
  return findOne(db, eq(articles.id, id));
}

export function findArticleByLegacyId(db: Database, legacyId: number): Promise<ArticleDetail | null> {
  if (!Number.isSafeInteger(legacyId) || legacyId <= 0 || legacyId > 2_147_483_647) return Promise.resolve(null);
  return findOne(db, eq(articles.legacyId, legacyId));
}

/** A blog post by handle; NotFound when there is none (or it is not published yet). */
export async function getBlogArticle(db: Database, handle: string): Promise<ArticleDetail> {
  const article = await findArticleByHandle(db, handle, "blog");
  if (!article) throw new NotFound("This article does not exist.");
  return article;
}
