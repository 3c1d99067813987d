// The visitor of a page request, for loaders and actions (the same rules as the REST API's).
import { type Visitor, visitorFromSession } from "../../../services/checkout/visitor-checkout.ts";
import type { AppLoadContext } from "../../context.ts";

/**
 * The client address as the trusted proxies in front of the store report it, with the same rule as the API
 * (TRUST_PROXY hops, Fastify's trustProxy): with n trusted proxies the client is the n-th X-Forwarded-For
 * entry from the right. Null when no proxy is trusted (the page has no socket address); the checkout's
 * address, recorded from the cart's API calls, then counts for once-per-IP codes.
 */
export function requestIp(request: Request, trustedHops: number): string | null {
  if (trustedHops <= 0) return null;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return null;
  return forwarded[Math.max(0, forwarded.length - trustedHops)].slice(0, 64);
}

export async function pageVisitor(
  app: AppLoadContext,
  request: Request,
  options: { create?: boolean } = {},
): Promise<Visitor> {
  const session = options.create ? await app.session.ensure() : await app.session.get();
  return visitorFromSession(
    app.services.database.db,
    session,
    requestIp(request, app.services.config.env.TRUST_PROXY ?? 0),
  );
}
