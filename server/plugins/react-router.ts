import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance } from "fastify";
import type { createRequestHandler, RequestHandler, RouterContextProvider, ServerBuild } from "react-router";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../db/unavailable.ts";
import type { AppLoadContext } from "../../services/load-context.ts";
import { PageHints } from "../../services/page-cache/page-tags.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { capRequestBody, refuseDeclaredLargeBody, refuseLargeBody } from "./page-body-limit.ts";
import { cachedPageHeaders, type PageCachePlugin, personalSession, sendCachedPage } from "./page-cache.ts";
import { scriptNonceOf } from "./security-headers.ts";

/** Whether the database answers a trivial query within a second (asked only after a page failed). */
async function databaseAnswers(services: StoreServices): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      services.database.exec("select 1").then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 1000);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const PAGE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

type EntryWithContext = {
  appContext: import("react-router").RouterContext<AppLoadContext>;
  createRequestHandler: typeof createRequestHandler;
  RouterContextProvider: typeof RouterContextProvider;
};

/**
 * Everything that is not an API route or a static file is rendered by React Router.
 * `getBuild` returns the production build, or Vite's current one in development.
 */
export async function registerReactRouter(
  app: FastifyInstance,
  options: {
    getBuild: () => Promise<ServerBuild>;
    services: StoreServices;
    mode: "production" | "development";
    /** Shopper pages served from memory (server/plugins/page-cache.ts); absent or disabled: every page is rendered. */
    pageCache?: PageCachePlugin;
  },
) {
  const pageCache = options.pageCache?.cache.enabled ? options.pageCache : undefined;
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  const entryOf = (build: ServerBuild) => build.entry.module as unknown as EntryWithContext;
  const handlerFor = (build: ServerBuild) => {
    let handler = handlers.get(build);
    if (!handler) {
      handler = entryOf(build).createRequestHandler(build, options.mode);
      handlers.set(build, handler);
    }
    return handler;
  };
  await app.register(async (scope) => {
    // React Router reads the raw body itself (forms, actions): Fastify must leave the stream alone.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    // ...so its body limit is the page scope's own.
    scope.addHook("onRequest", refuseDeclaredLargeBody);

    scope.all("/*", async (request, reply) => {
      // Fetch's Request refuses TRACE, CONNECT and WebDAV's methods: pages have none of them.
      if (!PAGE_METHODS.has(request.method)) {
        return reply.code(405).header("allow", "GET, HEAD, POST").type("text/plain").send("Method not allowed.");
      }
      const cacheKey = pageCache?.keyOf(request);
      if (cacheKey !== undefined) {
        const cached = pageCache?.cache.get(cacheKey);
        if (cached) return sendCachedPage(request, reply, cached, "HIT", pageCache?.seconds ?? 0);
      }
      const renderedSince = pageCache?.cache.marker();
      const build = await options.getBuild();
      const handler = handlerFor(build);
      const entry = entryOf(build);
      const context = new entry.RouterContextProvider();
      const page = new PageHints();
      const nonce = scriptNonceOf(reply.raw);
      context.set(entry.appContext, {
        services: options.services,
        nonce,
        requestId: request.id,
        logger: request.log,
        // Any use of the session makes the answer personal: it is never cached.
        session: personalSession(request.session, page),
        page,
        staffSession: request.staffSession,
        clientIp: request.ip,
      });
      const body = capRequestBody(createRequest(request.raw, reply.raw));
      let response = await handler(body.request, context);
      if (body.exceeded()) return refuseLargeBody(reply);
      if (response.status === 500 && !(await databaseAnswers(options.services))) {
        // The error page, as 503 with Retry-After: the database is away, not the page broken.
        const headers = new Headers(response.headers);
        headers.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        headers.set("cache-control", "no-store");
        response = new Response(response.body, { status: 503, headers });
      }
      // A body the action did not read to its end is not drained for keep-alive: the connection closes.
      if (!request.raw.complete) reply.header("connection", "close");
      if (response.body && response.headers.get("content-type")?.startsWith("text/html")) {
        // A page is read whole and sent as one buffer, compressed once (the server entry renders it as one
        // string, its module preloads already in the head). The pages have no deferred data, so the
        // first byte is not held back by anything the visitor could see early.
        const html = Buffer.from(await response.arrayBuffer());
        if (cacheKey !== undefined && pageCache?.cacheable(request, reply, response, page)) {
          const stored = pageCache.cache.store(
            cacheKey,
            {
              status: response.status,
              headers: cachedPageHeaders(response.headers),
              // The copy serves every shopper: this request's nonce leaves it (the policy lists hashes instead).
              html: Buffer.from(html.toString("utf8").replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "")),
              tags: page.finalTags(),
            },
            renderedSince,
          );
          if (stored) return sendCachedPage(request, reply, stored, "MISS", pageCache.seconds);
        }
        reply.code(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        if (cacheKey !== undefined) reply.header("x-cache", "BYPASS");
        // A page marked personal (or broken) is kept by no cache in front of the store either.
        if (page.uncacheable !== null && !response.headers.has("cache-control")) {
          reply.header("cache-control", "no-store");
        }
        return reply.send(html);
      }
      return reply.send(response);
    });
  });
}
