// The cart's HTTP calls: mutating calls carry a fresh Idempotency-Key per action
// and JSON headers; a failed attempt (no answer, a server error, "still processing", "too many") is
// retried up to 60 times after the first try (61 attempts at most), waiting 2 s more each time, with the
// same key, so the store does the work once.
// An answer that refuses the change (a 4xx with an error) is final and is not retried.
import type { CheckoutDto } from "./cart-lines.ts";

/** Retries after the first attempt (spec: "retried up to 60 times"), so at most 61 requests per action. */
export const CART_MAX_RETRIES = 60;
export const CART_RETRY_STEP_MS = 2000;

export const CART_MESSAGES = {
  noCheckout: "Couldn't update cart.",
  notOk: "Something went wrong. Please try again.",
  unreachable: "We could not reach the store. Please check your connection and try again.",
  added: "Product added to cart",
  addFailed: "Failed to add item to cart",
  invalidCheckout: "Invalid checkout.",
  couponAdded: (code: string) => `Coupon code: ${code} has been added successfully.`,
  couponRemoved: "The discount code was successfully removed.",
} as const;

/** A refusal or failure with the message to show. */
export class CartRequestError extends Error {
  override name = "CartRequestError";
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

export interface CartRequestOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  newKey?: () => string;
  maxRetries?: number;
}

const RETRIED_STATUSES = new Set([408, 409, 425, 429]);
const MUTATING = new Set(["POST", "PUT", "DELETE"]);

function defaultKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One cart action. Only POST, PUT and DELETE are sent (anything else answers null, as the spec's client
 * does). No content answers null; OK answers its JSON (an `error` field in it is raised) or its text.
 */
export async function cartRequest(
  method: string,
  path: string,
  body?: unknown,
  options: CartRequestOptions = {},
): Promise<unknown> {
  if (!MUTATING.has(method)) return null;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? wait;
  const maxRetries = options.maxRetries ?? CART_MAX_RETRIES;
  const headers: Record<string, string> = {
    "Idempotency-Key": (options.newKey ?? defaultKey)(),
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  let lastError: CartRequestError = new CartRequestError(CART_MESSAGES.unreachable, null);
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0) await sleep(attempt * CART_RETRY_STEP_MS);
    let response: Response;
    try {
      response = await doFetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: "same-origin",
      });
    } catch {
      lastError = new CartRequestError(CART_MESSAGES.unreachable, null);
      continue;
    }
    if (response.status === 204) return null;
    const text = await response.text().catch(() => "");
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    const serverError =
      json && typeof json === "object" && typeof (json as { error?: unknown }).error === "string"
        ? (json as { error: string }).error
        : null;
    if (response.ok) {
      if (serverError) throw new CartRequestError(serverError, response.status);
      return json === undefined ? text : json;
    }
    if (response.status >= 500 || RETRIED_STATUSES.has(response.status)) {
      lastError = new CartRequestError(CART_MESSAGES.notOk, response.status);
      continue;
    }
    throw new CartRequestError(serverError ?? CART_MESSAGES.notOk, response.status);
  }
  throw lastError;
}

/** A cart action whose answer must carry the checkout ('Couldn't update cart.' otherwise). */
export async function checkoutRequest(
  method: "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  options?: CartRequestOptions,
): Promise<CheckoutDto> {
  const answer = await cartRequest(method, path, body, options);
  const checkout = answer && typeof answer === "object" ? (answer as { checkout?: CheckoutDto }).checkout : undefined;
  if (!checkout) throw new CartRequestError(CART_MESSAGES.noCheckout, null);
  return checkout;
}

export async function fetchCheckout(fetchImpl: typeof fetch = fetch): Promise<CheckoutDto> {
  const response = await fetchImpl("/api/checkouts", {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new CartRequestError(CART_MESSAGES.notOk, response.status);
  const answer = (await response.json()) as { checkout?: CheckoutDto };
  if (!answer.checkout) throw new CartRequestError(CART_MESSAGES.noCheckout, null);
  return answer.checkout;
}

/**
 * Add to Order: JSON content type, no body. A guest who opened the order through the e-mailed
 * link passes that link's token, which is what lets them see (and add to) the order.
 */
export async function addProductToOrder(
  orderId: number,
  productId: number,
  options?: CartRequestOptions & { token?: string | null },
): Promise<void> {
  const query = options?.token ? `?token=${encodeURIComponent(options.token)}` : "";
  await cartRequest("POST", `/api/orders/${orderId}/relatedProducts/${productId}${query}`, undefined, options);
}

export const ORDER_MESSAGES = {
  added: "You've added this product to your order. Expect hearing from us soon.",
  failed: "Failed to add product to order",
  missingOrder: "Add to Order requires an order id.",
} as const;
