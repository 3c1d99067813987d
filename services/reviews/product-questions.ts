// A shopper's question about a product: asked from the product page, held as 'pending' until staff
// answer and approve it (services/reviews/admin/moderation.ts); the product page lists the approved ones.
import { randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { questions } from "../../db/schema/content.ts";
import type { QuestionSubmission } from "../../shared/product-feedback.ts";
import { requirePublishedProduct } from "./product-reviews.ts";

/** Plain text as safe HTML paragraphs (the questions table keeps HTML, as the Q&A pages show it). */
export function plainTextToHtml(text: string): string {
  const escaped = text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
  return escaped
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The handle of a question's page: its words, lower-case, joined by dashes. */
export function questionHandle(text: string): string {
  const handle = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return handle || "question";
}

export interface SubmittedQuestion {
  id: number;
  status: "pending";
}

export async function submitQuestion(
  db: Database,
  input: { productId: number; customerId: number | null; question: QuestionSubmission },
): Promise<SubmittedQuestion> {
  await requirePublishedProduct(db, input.productId);
  const { question } = input;
  // Eight digits: far from the store's older numbers, and a clash (one in millions) only retries.
  for (let attempt = 0; ; attempt++) {
    const displayableId = String(randomInt(10_000_000, 99_999_999));
    const [row] = await db
      .insert(questions)
      .values({
        displayableId,
        handle: questionHandle(question.question),
        productId: input.productId,
        customerId: input.customerId,
        title: question.question,
        bodyHtml: question.details ? plainTextToHtml(question.details) : null,
        askedBy: question.askedBy,
        email: question.email ?? null,
        status: "pending",
        isPublished: false,
      })
      .onConflictDoNothing({ target: questions.displayableId })
      .returning({ id: questions.id });
    if (row) return { id: row.id, status: "pending" };
    if (attempt >= 3) throw new Error("could not pick a question number");
  }
}

export interface ProductQuestion {
  id: number;
  displayableId: string;
  handle: string;
  question: string;
  bodyHtml: string | null;
  answerHtml: string | null;
  askedBy: string | null;
  answeredBy: string | null;
  createdAt: string;
}

/** The product's approved questions, newest first. */
export async function listProductQuestions(
  db: Database,
  productId: number,
  limit = 20,
): Promise<{ questions: ProductQuestion[]; total: number }> {
  const where = and(eq(questions.productId, productId), eq(questions.status, "approved"));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: questions.id,
        displayableId: questions.displayableId,
        handle: questions.handle,
        question: questions.title,
        bodyHtml: questions.bodyHtml,
        answerHtml: questions.answerHtml,
        askedBy: questions.askedBy,
        answeredBy: questions.answeredBy,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(questions).where(where),
  ]);
  return {
    questions: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: count?.total ?? 0,
  };
}
