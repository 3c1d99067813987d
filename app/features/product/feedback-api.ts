// Sends a review or a question from the product page: a bot-check answer first, then one POST with an
// Idempotency-Key (a double click or a retry stores it once). Answers the store's message or its error.
import { useRef, useState } from "react";
import { fieldErrors } from "../../../shared/field-errors.ts";
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

/** A form's schema, as this hook uses it. */
export interface FieldSchema {
  safeParse(
    fields: unknown,
  ): { success: true } | { success: false; error: { issues: Parameters<typeof fieldErrors>[0] } };
}

/**
 * The state of a review or question form: its field errors (checked with the API's own schema before
 * anything is sent), whether it is sending, and the store's answer. One Idempotency-Key per message, kept
 * across retries of the same message (a double click or a lost answer stores it once); a refused message
 * may be corrected and sent again as a new request.
 */
export function useFeedbackForm(kind: "review" | "question", productId: number, schema: FieldSchema) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const key = useRef<string | null>(null);

  async function send(fields: Record<string, unknown>) {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setResult(null);
      return;
    }
    setErrors({});
    setBusy(true);
    key.current ??= crypto.randomUUID();
    const answer = await sendFeedback(kind, productId, fields, key.current);
    setBusy(false);
    if (answer.ok) setResult({ tone: "success", text: answer.message });
    else {
      key.current = null;
      setResult({ tone: "danger", text: answer.error });
    }
  }

  return { errors, busy, result, send };
}
