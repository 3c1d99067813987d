import type { RequestLogger } from "./logger.ts";
import type { PageHints } from "./page-cache/page-tags.ts";
import type { RequestSession } from "./session/request-session.ts";
import type { StaffSession } from "./staff/staff-sessions.ts";
import type { StoreServices } from "./store-services.ts";

/**
 * What the HTTP server hands every page loader and action (server/plugins/react-router.ts sets it,
 * app/context.ts is its key): the store's services, built once per process, and this request's own parts.
 */
export interface AppLoadContext {
  services: StoreServices;
  /** CSP nonce for the inline scripts of this response. */
  nonce: string;
  requestId: string;
  /** This request's logger (its request id, the store's redaction rules): loaders and actions log through it, never console.*. */
  logger: RequestLogger;
  /** The visitor's server-side session (loaded on first use). */
  session: RequestSession;
  /**
   * The staff session on back-office pages (/admin...), whatever its stage; null without one and on every
   * storefront page. Read it through app/features/admin/admin-session.server.ts.
   */
  staffSession: StaffSession | null;
  /**
   * What this page shows and whether it is personal, for the page cache: loaders tag the products and
   * kinds they show (`page.tagProducts(ids)`, `page.tag("listing")`). Reading the session marks the answer
   * personal by itself; a loader that reads anything else of the visitor's (a cookie) calls
   * `page.markPersonal(reason)`. Personal answers are never cached.
   */
  page: PageHints;
  /** The client address (the socket's, or the trusted proxies' report of it), for per-client limits. */
  clientIp?: string;
}
