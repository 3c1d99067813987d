// Store questions and answers: /questions (newest first, paged), /questions/Topic/{topicHandle}/{topicId}
// and /questions/{displayableId}/{handle}. Only published questions are shown.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { questions, questionTopics } from "../../db/schema/content.ts";
import { buildPageInfo, type PageInfo, pageOffset } from "../catalog/pagination.ts";
import { productIsPublished } from "../catalog/published.ts";

export const QUESTIONS_PER_PAGE = 10;

export interface QuestionTopic {
  id: number;
  handle: string;
  title: string;
  questionCount: number;
}

export interface QuestionSummary {
  id: number;
  displayableId: string;
  handle: string;
  title: string;
  /** Plain-text start of the answer, for the list. */
  answerPreview: string;
  askedBy: string | null;
  createdAt: string;
  topic: { id: number; handle: string; title: string } | null;
}

export interface QuestionDetail extends QuestionSummary {
  bodyHtml: string | null;
  answerHtml: string | null;
  answeredBy: string | null;
  product: { id: number; handle: string; title: string } | null;
}

function plainText(html: string | null, length = 180): string {
  const text = (html ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length / 2)).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Topics in their set order, each with its number of published questions. */
export async function listQuestionTopics(db: Database): Promise<QuestionTopic[]> {
  return db
    .select({
      id: questionTopics.id,
      handle: questionTopics.handle,
      title: questionTopics.title,
      questionCount: sql<number>`(count(${questions.id}) filter (where ${questions.isPublished}))::int`,
    })
    .from(questionTopics)
    .leftJoin(questions, eq(questions.topicId, questionTopics.id))
    .groupBy(questionTopics.id)
    .orderBy(asc(questionTopics.position), asc(questionTopics.id));
}

export async function findQuestionTopic(db: Database, id: number): Promise<QuestionTopic | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const topics = await listQuestionTopics(db);
  return topics.find((topic) => topic.id === id) ?? null;
}

const summaryColumns = {
  id: questions.id,
  displayableId: questions.displayableId,
  handle: questions.handle,
  title: questions.title,
  answerHtml: questions.answerHtml,
  askedBy: questions.askedBy,
  createdAt: questions.createdAt,
  topicId: questionTopics.id,
  topicHandle: questionTopics.handle,
  topicTitle: questionTopics.title,
};

type SummaryRow = {
  id: number;
  displayableId: string;
  handle: string;
  title: string;
  answerHtml: string | null;
  askedBy: string | null;
  createdAt: Date;
  topicId: number | null;
  topicHandle: string | null;
  topicTitle: string | null;
};

function toSummary(row: SummaryRow): QuestionSummary {
  return {
    id: row.id,
    displayableId: row.displayableId,
    handle: row.handle,
    title: row.title,
    answerPreview: plainText(row.answerHtml),
    askedBy: row.askedBy,
    createdAt: row.createdAt.toISOString(),
    topic:
      row.topicId === null ? null : { id: row.topicId, handle: row.topicHandle ?? "", title: row.topicTitle ?? "" },
  };
}

/** One page of published questions, newest first; only one topic's when topicId is given. */
export async function listQuestions(
  db: Database,
  query: { page?: number; limit?: number; topicId?: number } = {},
): Promise<{ questions: QuestionSummary[]; pageInfo: PageInfo }> {
  const page = query.page ?? 0;
  const limit = query.limit ?? QUESTIONS_PER_PAGE;
  const where: SQL | undefined = and(
    eq(questions.isPublished, true),
    query.topicId === undefined ? undefined : eq(questions.topicId, query.topicId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(questions)
      .leftJoin(questionTopics, eq(questionTopics.id, questions.topicId))
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(limit)
      .offset(pageOffset({ page, limit })),
    db.select({ count: sql<number>`count(*)::int` }).from(questions).where(where),
  ]);
  return { questions: rows.map(toSummary), pageInfo: buildPageInfo(total?.count ?? 0, limit) };
}

export async function findQuestion(db: Database, displayableId: string): Promise<QuestionDetail | null> {
  if (displayableId.length > 64) return null;
  const [row] = await db
    .select({
      ...summaryColumns,
      bodyHtml: questions.bodyHtml,
      answeredBy: questions.answeredBy,
      productId: products.id,
      productHandle: products.handle,
      productTitle: products.title,
    })
    .from(questions)
    .leftJoin(questionTopics, eq(questionTopics.id, questions.topicId))
    // A draft product is not linked.
    .leftJoin(products, and(eq(products.id, questions.productId), productIsPublished()))
    .where(and(eq(questions.displayableId, displayableId), eq(questions.isPublished, true)))
    .limit(1);
  if (!row) return null;
  return {
    ...toSummary(row),
    bodyHtml: row.bodyHtml,
    answerHtml: row.answerHtml,
    answeredBy: row.answeredBy,
    product:
      row.productId === null
        ? null
        : { id: row.productId, handle: row.productHandle ?? "", title: row.productTitle ?? "" },
  };
}
