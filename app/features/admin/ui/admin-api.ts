// Back-office pages call the /api/admin API with this helper: JSON in, JSON out, the server's `error`
// text as the thrown message, and an Idempotency-Key on every write so a retried click does the work once.
import { ApiError, apiJson, messageOf } from "../../account/account-api.ts";

export { ApiError as AdminApiError, messageOf };

export interface AdminCallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A key for this one action (reuse it when retrying the same action); a fresh one by default. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export async function adminApi<T = Record<string, unknown>>(path: string, options: AdminCallOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const write = method !== "GET";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(write ? { "idempotency-key": options.idempotencyKey ?? crypto.randomUUID() } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError("We could not reach the store. Check your connection and try again.", 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    if (response.status === 401 && typeof window !== "undefined") {
      // The session ended (12 idle hours, or disabled): back to sign-in, then here again.
      const next = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`/admin/login?next=${encodeURIComponent(next)}`);
    }
    throw new ApiError(
      typeof message === "string" && message ? message : `The request failed (${response.status}).`,
      response.status,
    );
  }
  return body as T;
}

/** For public calls the sign-in page makes before there is a session (kept apart from adminApi's redirect). */
export { apiJson };
