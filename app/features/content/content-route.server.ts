// Small helpers the content routes' loaders share.
import { data } from "react-router";
import { parsePageParam } from "../../../shared/pagination.ts";
import type { AppLoadContext } from "../../context.ts";
import { appContext } from "../../context.ts";

interface ContextReader {
  get(key: typeof appContext): AppLoadContext;
}

/**
 * What a content or catalog page's loader reads with. `db` is the read replica when DATABASE_READ_URL names
 * one: these loaders only read shared catalog and content, never the visitor's own data, and never right
 * after a write of their own.
 */
export function storeOf(context: ContextReader) {
  const { services, logger, page } = context.get(appContext);
  return { db: services.database.readDb, config: services.config, store: services.config.store, logger, page };
}

/** The 404 page with a real 404 status (rendered by the root error boundary). */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** A permanent redirect: the old address keeps its search ranking at the new one. */
export function movedPermanently(location: string): never {
  throw new Response(null, { status: 301, headers: { Location: location } });
}

/**
 * The address the visitor asked for. A client-side navigation fetches a loader's data from
 * `{path}.data?...&_routes=...`; canonical-address checks and redirects must see the page's own URL.
 */
export function requestUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}

/** 0-based `?page=`; anything odd is page 0. */
export function pageOf(request: Request): number {
  return parsePageParam(requestUrl(request).searchParams.get("page"));
}
