// Staff moderation of shoppers' reviews and questions: lists by status, approve / reject / delete a
// review (the product's rating and count follow), answer / approve / reject a question. Every change is
// written to the audit log in its own transaction; a repeated action (same status) changes nothing.
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { type ModerationStatus, productReviews, products } from "../../../db/schema/catalog.ts";
import { questions } from "../../../db/schema/content.ts";
import type { ModerationListQuery } from "../../../shared/admin/moderation.ts";
import { type AuditActor, recordAudit } from "../../audit/audit-log.ts";
import type { StoreChangeFeed } from "../../changes/store-changes.ts";
import { InvalidInput, NotFound } from "../../errors.ts";
import { plainTextToHtml } from "../product-questions.ts";
import { announceRatingChange, recomputeProductRating } from "../product-rating.ts";

export interface ModerationDeps {
  db: Database;
  changes: StoreChangeFeed;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AdminReview {
  id: number;
  productId: number;
  productTitle: string;
  productHandle: string;
  authorName: string;
  email: string | null;
  starsRating: number;
  title: string | null;
  body: string | null;
  status: ModerationStatus;
  verifiedPurchase: boolean;
  customerId: number | null;
  createdAt: string;
  moderatedAt: string | null;
}

export async function listReviewsForModeration(
  db: Database,
  query: ModerationListQuery,
): Promise<{ reviews: AdminReview[]; total: number; counts: Record<ModerationStatus, number> }> {
  const conditions: SQL[] = [eq(productReviews.status, query.status)];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(
      ilike(productReviews.title, pattern),
      ilike(productReviews.body, pattern),
      ilike(productReviews.authorName, pattern),
      ilike(products.title, pattern),
    );
    if (text) conditions.push(text);
  }
  const where = and(...conditions);
  const order =
    query.status === "pending"
      ? [asc(productReviews.createdAt), asc(productReviews.id)]
      : [desc(productReviews.createdAt), desc(productReviews.id)];
  const [rows, [total], counts] = await Promise.all([
    db
      .select({
        id: productReviews.id,
        productId: productReviews.productId,
        productTitle: products.title,
        productHandle: products.handle,
        authorName: productReviews.authorName,
        email: productReviews.email,
        starsRating: productReviews.starsRating,
        title: productReviews.title,
        body: productReviews.body,
        status: productReviews.status,
        verifiedPurchase: productReviews.verifiedPurchase,
        customerId: productReviews.customerId,
        createdAt: productReviews.createdAt,
        moderatedAt: productReviews.moderatedAt,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(where),
    statusCounts(db, "product_reviews"),
  ]);
  return {
    reviews: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      moderatedAt: row.moderatedAt?.toISOString() ?? null,
    })),
    total: total?.count ?? 0,
    counts,
  };
}

async function statusCounts(
  db: Database,
  table: "product_reviews" | "questions",
): Promise<Record<ModerationStatus, number>> {
  const source = table === "product_reviews" ? productReviews : questions;
  const rows = await db
    .select({ status: source.status, count: sql<number>`count(*)::int` })
    .from(source)
    .groupBy(source.status);
  const counts: Record<ModerationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export const REVIEW_NOT_FOUND = "This review does not exist any more. Reload the list.";
export const QUESTION_NOT_FOUND = "This question does not exist any more. Reload the list.";

/** Approves or rejects a review; the product's rating and count follow. Same status again: no change. */
export async function setReviewStatus(
  deps: ModerationDeps,
  actor: AuditActor,
  reviewId: number,
  status: Exclude<ModerationStatus, "pending">,
): Promise<{
  review: { id: number; status: ModerationStatus };
  product: { id: number; avgRating: number; totalReviews: number };
}> {
  const result = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: productReviews.id, productId: productReviews.productId, status: productReviews.status })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId))
      .for("update");
    if (!before) throw new NotFound(REVIEW_NOT_FOUND);
    if (before.status !== status) {
      await tx
        .update(productReviews)
        .set({ status, isPublished: status === "approved", moderatedAt: new Date(), moderatedBy: actor.staffId })
        .where(eq(productReviews.id, reviewId));
      await recordAudit(tx, {
        ...actor,
        action: `review.${status === "approved" ? "approve" : "reject"}`,
        entity: "review",
        entityId: reviewId,
        before: { status: before.status },
        after: { status },
      });
    }
    const rating = await recomputeProductRating(tx, before.productId);
    return { changed: before.status !== status, productId: before.productId, rating };
  });
  if (result.changed) await announceRatingChange(deps.db, deps.changes, [result.productId]);
  return {
    review: { id: reviewId, status },
    product: {
      id: result.productId,
      avgRating: result.rating?.avgRating ?? 0,
      totalReviews: result.rating?.totalReviews ?? 0,
    },
  };
}

export async function deleteReview(deps: ModerationDeps, actor: AuditActor, reviewId: number): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(productReviews).where(eq(productReviews.id, reviewId)).returning();
    if (!row) return null;
    await recordAudit(tx, {
      ...actor,
      action: "review.delete",
      entity: "review",
      entityId: reviewId,
      before: { ...row, email: row.email ? "[kept private]" : null },
      after: null,
    });
    await recomputeProductRating(tx, row.productId);
    return row;
  });
  // Deleting twice is the same as once: the second finds nothing and succeeds.
  if (deleted?.status === "approved") await announceRatingChange(deps.db, deps.changes, [deleted.productId]);
}

export interface AdminQuestion {
  id: number;
  displayableId: string;
  handle: string;
  productId: number | null;
  productTitle: string | null;
  productHandle: string | null;
  question: string;
  bodyHtml: string | null;
  answerHtml: string | null;
  askedBy: string | null;
  answeredBy: string | null;
  email: string | null;
  status: ModerationStatus;
  createdAt: string;
  answeredAt: string | null;
}

export async function listQuestionsForModeration(
  db: Database,
  query: ModerationListQuery,
): Promise<{ questions: AdminQuestion[]; total: number; counts: Record<ModerationStatus, number> }> {
  const conditions: SQL[] = [eq(questions.status, query.status)];
  if (query.q) {
    const pattern = likePattern(query.q);
    const text = or(ilike(questions.title, pattern), ilike(questions.askedBy, pattern), ilike(products.title, pattern));
    if (text) conditions.push(text);
  }
  const where = and(...conditions);
  const order =
    query.status === "pending"
      ? [asc(questions.createdAt), asc(questions.id)]
      : [desc(questions.createdAt), desc(questions.id)];
  const [rows, [total], counts] = await Promise.all([
    db
      .select({
        id: questions.id,
        displayableId: questions.displayableId,
        handle: questions.handle,
        productId: questions.productId,
        productTitle: products.title,
        productHandle: products.handle,
        question: questions.title,
        bodyHtml: questions.bodyHtml,
        answerHtml: questions.answerHtml,
        askedBy: questions.askedBy,
        answeredBy: questions.answeredBy,
        email: questions.email,
        status: questions.status,
        createdAt: questions.createdAt,
        answeredAt: questions.answeredAt,
      })
      .from(questions)
      .leftJoin(products, eq(products.id, questions.productId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(questions)
      .leftJoin(products, eq(products.id, questions.productId))
      .where(where),
    statusCounts(db, "questions"),
  ]);
  return {
    questions: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
    })),
    total: total?.count ?? 0,
    counts,
  };
}

export const ANSWER_REQUIRED = "Write an answer before approving: a question is shown with its answer.";

/**
 * Saves the answer (plain text, shown as paragraphs) and, with `publish`, approves the question so the
 * product page and the Q&A pages show it. Rejecting hides it.
 */
export async function moderateQuestion(
  deps: ModerationDeps,
  actor: AuditActor & { staffName?: string | null },
  questionId: number,
  change: { answer?: string; status?: Exclude<ModerationStatus, "pending"> },
): Promise<{ id: number; status: ModerationStatus; answerHtml: string | null }> {
  const result = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(questions).where(eq(questions.id, questionId)).for("update");
    if (!before) throw new NotFound(QUESTION_NOT_FOUND);
    const answerHtml = change.answer === undefined ? before.answerHtml : plainTextToHtml(change.answer) || null;
    const status = change.status ?? before.status;
    if (status === "approved" && !answerHtml) throw new InvalidInput(ANSWER_REQUIRED);
    const answerChanged = answerHtml !== before.answerHtml;
    const statusChanged = status !== before.status;
    if (!answerChanged && !statusChanged) return { before, status, answerHtml, changed: false };
    const now = new Date();
    await tx
      .update(questions)
      .set({
        answerHtml,
        status,
        isPublished: status === "approved",
        ...(answerChanged
          ? { answeredAt: now, answeredBy: actor.staffName ?? before.answeredBy ?? "Store staff" }
          : {}),
        ...(statusChanged ? { moderatedAt: now, moderatedBy: actor.staffId } : {}),
      })
      .where(eq(questions.id, questionId));
    await recordAudit(tx, {
      ...actor,
      action: statusChanged ? `question.${status === "approved" ? "approve" : "reject"}` : "question.answer",
      entity: "question",
      entityId: questionId,
      before: { status: before.status, answerHtml: before.answerHtml },
      after: { status, answerHtml },
    });
    return { before, status, answerHtml, changed: true };
  });
  if (result.changed && (result.status === "approved" || result.before.status === "approved")) {
    await deps.changes.publish({ kind: "content", ids: result.before.productId ? [result.before.productId] : [] });
  }
  return { id: questionId, status: result.status, answerHtml: result.answerHtml };
}

export async function deleteQuestion(deps: ModerationDeps, actor: AuditActor, questionId: number): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(questions).where(eq(questions.id, questionId)).returning();
    if (!row) return null;
    await recordAudit(tx, {
      ...actor,
      action: "question.delete",
      entity: "question",
      entityId: questionId,
      before: { title: row.title, status: row.status, productId: row.productId },
      after: null,
    });
    return row;
  });
  if (deleted?.status === "approved") await deps.changes.publish({ kind: "content" });
}
