import { renderToStringAsync } from "preact-render-to-string";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "./context.ts";
import { moveModulePreloadsToHead } from "./lib/module-preloads.ts";

export { createRequestHandler, RouterContextProvider } from "react-router";
// The server reads the context key from here so that it sets the same key the loaders read, and takes
// the router's request handler from this build, the one copy of the router that renders the pages.
export { appContext };

export const streamTimeout = 5_000;

function isPersonalHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { personal?: unknown }).personal === true;
}

/** Gives up on a page whose rendering waits on something for longer than this. */
const RENDER_TIMEOUT_MS = streamTimeout + 1000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, page } = loadContext.get(appContext);
  // A route that declares itself personal (`handle = { personal: true }`: account pages whose data the
  // browser loads) is never kept by the page cache, even when no loader of it read the session.
  if (routerContext.staticHandlerContext.matches.some((match) => isPersonalHandle(match.route.handle))) {
    page.markPersonal("account page");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The whole document in one string: the server sends pages whole (server/plugins/react-router.ts), and
  // every part whose code or data comes later (a Suspense boundary) is rendered in its place, so the
  // browser's first paint has it all and the page's code hydrates it where it is.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The page took over ${RENDER_TIMEOUT_MS} ms to render`)),
      RENDER_TIMEOUT_MS,
    );
  });
  try {
    const html = await Promise.race([
      renderToStringAsync(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />),
      timeout,
    ]);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(`<!DOCTYPE html>${moveModulePreloadsToHead(html)}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  } finally {
    clearTimeout(timer);
  }
}
