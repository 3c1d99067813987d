// The page cache's HTTP side: which requests may be answered from it, what a cached answer carries, and
// the subscription that drops copies when the store changes. The page renderer (react-router.ts) asks it
// before rendering and hands it every page it rendered; services/page-cache/ keeps the copies.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type CachedPage,
  createPageCache,
  type PageCache,
  pickEncoding,
  policyWithHashes,
} from "../../services/page-cache/page-cache.ts";
import { type PageHints, tagsForChange } from "../../services/page-cache/page-tags.ts";
import { createPurgeHook } from "../../services/page-cache/purge-hook.ts";
import type { RequestSession } from "../../services/session/request-session.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { isMobileUserAgent } from "../../shared/mobile-user-agent.ts";

export const DEFAULT_PAGE_CACHE_MB = 64;
export const DEFAULT_PAGE_CACHE_SECONDS = 300;
/** How far a read replica may lag behind the primary, as far as the page cache is concerned. */
const REPLICA_SETTLE_MS = 2_000;

export interface PageCachePlugin {
  cache: PageCache;
  /** The s-maxage (and stale-while-revalidate) a cached page is sent with. */
  seconds: number;
  /** The cache key of a request that may be answered from the cache; undefined for any other. */
  keyOf(request: FastifyRequest): string | undefined;
  /** Whether a rendered page may be kept and shared. */
  cacheable(request: FastifyRequest, reply: FastifyReply, response: Response, page: PageHints): boolean;
}

/** Headers of the rendered answer that belong to it alone, or that a cached answer sets itself. */
const PER_ANSWER_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "date",
  "cache-control",
  "vary",
  "content-security-policy",
  "x-request-id",
]);

/** The rendered answer's headers that the cached copy keeps. */
export function cachedPageHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name.toLowerCase()));
}

/** The session as loaders see it: any use of it makes the answer personal (never cached). */
export function personalSession(session: RequestSession, page: PageHints): RequestSession {
  const personal = <T>(use: () => Promise<T>) => {
    page.markPersonal("session");
    return use();
  };
  return {
    get: () => personal(() => session.get()),
    ensure: () => personal(() => session.ensure()),
    update: (patch) => personal(() => session.update(patch)),
    rotate: (userId) => personal(() => session.rotate(userId)),
    destroy: () => personal(() => session.destroy()),
  };
}

/**
 * Sends a cached (or just stored) page: the body in the encoding the client takes, the headers a CDN
 * needs to keep it (s-maxage, its tags), and the Content-Security-Policy with the copy's script hashes
 * in place of this request's nonce.
 */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  result: "HIT" | "MISS",
  seconds: number,
) {
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string") reply.header("content-security-policy", policyWithHashes(policy, page.scriptHashes));
  // Browsers ask again each time (the cart count and sign-in state are filled in by the page itself);
  // shared caches keep the copy and may serve it a little stale while they fetch a new one.
  reply.header("cache-control", `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`);
  // The phone and desktop layouts differ (shared/mobile-user-agent.ts): a CDN should key on a device
  // class derived from User-Agent rather than on the whole header (README, "Page cache").
  reply.header("vary", "Accept-Encoding, User-Agent");
  reply.header("surrogate-key", page.tags.join(" "));
  reply.header("cache-tag", page.tags.join(","));
  reply.header("x-cache", result);
  if (result === "HIT") reply.header("age", String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))));
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(page.bodies[encoding]);
}

/** Back-office pages have their own session and are never cached; React Router's data requests neither. */
function cacheablePath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? "";
  if (path === "/admin" || path.startsWith("/admin/")) return false;
  return !path.endsWith(".data") && !path.startsWith("/__manifest");
}

/**
 * The store's page cache (PAGE_CACHE_MB, PAGE_CACHE_SECONDS), subscribed to the store's change feed
 * (every instance hears every change) and, with CACHE_PURGE_URL, telling a cache in front of it.
 */
export function createPageCachePlugin(app: FastifyInstance, services: StoreServices): PageCachePlugin {
  const env = services.config.env;
  const seconds = env.PAGE_CACHE_SECONDS ?? DEFAULT_PAGE_CACHE_SECONDS;
  const megabytes = env.PAGE_CACHE_MB ?? DEFAULT_PAGE_CACHE_MB;
  const cache = createPageCache({
    maxBytes: Math.floor(megabytes * 1024 * 1024),
    ttlMs: seconds * 1000,
    // Pages read the catalog from a read replica when there is one: a page rendered in the first
    // seconds after a change may show the replica's older rows, so it is not kept.
    settleMs: services.database.readDb === services.database.db ? 0 : REPLICA_SETTLE_MS,
  });
  const hook = env.CACHE_PURGE_URL ? createPurgeHook({ url: env.CACHE_PURGE_URL, logger: services.logger }) : undefined;
  const unsubscribe = services.changes.subscribe((change) => {
    const { tags, prefixes } = tagsForChange(change);
    cache.purge(tags, prefixes);
    void hook?.(change);
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    cache.clear();
  });
  return {
    cache,
    seconds,
    keyOf(request) {
      if (request.method !== "GET" && request.method !== "HEAD") return undefined;
      if (!cacheablePath(request.url)) return undefined;
      const layout = isMobileUserAgent(request.headers["user-agent"]) ? "phone" : "desktop";
      return `${layout} ${request.headers.host ?? ""} ${request.url}`;
    },
    cacheable(request, reply, response, page) {
      if (request.method !== "GET" || response.status !== 200) return false;
      if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
      if (page.uncacheable !== null || request.staffSession) return false;
      if (response.headers.has("set-cookie") || reply.getHeader("set-cookie") !== undefined) return false;
      return !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
    },
  };
}
