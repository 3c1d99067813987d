import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { appContext } from "./context.ts";

// The server reads the context key from here so that it sets the same key the loaders read.
export { appContext };

export const streamTimeout = 5_000;

function isPersonalHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { personal?: unknown }).personal === true;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, logger, page } = loadContext.get(appContext);
  // A route that declares itself personal (`handle = { personal: true }`: account pages whose data the
  // browser loads) is never kept by the page cache, even when no loader of it read the session.
  if (routerContext.staticHandlerContext.matches.some((match) => isPersonalHandle(match.route.handle))) {
    page.markPersonal("account page");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary that has its content when the page is sent stays in its place in the HTML,
        // however far down the page: React would otherwise send a large one (the footer, past the first
        // 12,800 bytes) at the end of the document with a script that moves it, which also leaves the
        // boundary dehydrated until that script has run (lib/deferred-hydration.tsx).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "Page rendering failed after the first byte");
        },
      },
    );
  });
}
