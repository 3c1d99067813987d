// Sends a review or a question from the product page: a bot-check answer first, then one POST with an
// Idempotency-Key (a double click or a retry stores it once). Answers the store's message or its error.
import { getBotToken } from "../account/bot-token.ts";

export type FeedbackResult = { ok: true; message: string } | { ok: false; error: string };

export async function sendFeedback(
  kind: "review" | "question",
  productId: number,
  fields: Record<string, unknown>,
  idempotencyKey: string,
): Promise<FeedbackResult> {
  let token: string;
  try {
    token = await getBotToken(kind);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "The bot check failed. Please try again." };
  }
  try {
    const response = await fetch(`/api/products/${productId}/${kind === "review" ? "reviews" : "questions"}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": idempotencyKey },
      body: JSON.stringify({ ...fields, token }),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
    if (response.ok) return { ok: true, message: body.message ?? "Thank you!" };
    return { ok: false, error: body.error ?? "That did not work. Please try again." };
  } catch {
    return { ok: false, error: "We could not reach the store. Check your connection and try again." };
  }
}

/** The first problem per field, as zod reports them. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
