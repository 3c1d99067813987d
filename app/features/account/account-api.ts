// The account pages talk to the REST API (the contract) with this one helper: JSON in, JSON out, and
// the server's `error` text as the message of a thrown ApiError, ready to show. An answer without one
// throws an ApiError with an empty message, so each caller's own fallback ("Address not updated") shows.

export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export async function apiJson<T = Record<string, unknown>>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: options.body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
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
    throw new ApiError(typeof message === "string" ? message : "", response.status);
  }
  return body as T;
}

/** The message to show for anything thrown by a call: the server's error text, else the caller's fallback. */
export function messageOf(error: unknown, fallback = "Failed"): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
