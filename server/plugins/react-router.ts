import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance } from "fastify";
import { createRequestHandler, type RequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppLoadContext } from "../../services/load-context.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { lowerModulePreloadPriority } from "./module-preload-priority.ts";
import { capRequestBody, refuseDeclaredLargeBody, refuseLargeBody } from "./page-body-limit.ts";
import { scriptNonceOf } from "./security-headers.ts";

type EntryWithContext = { appContext: import("react-router").RouterContext<AppLoadContext> };

/**
 * Everything that is not an API route or a static file is rendered by React Router.
 * `getBuild` returns the production build, or Vite's current one in development.
 */
export async function registerReactRouter(
  app: FastifyInstance,
  options: { getBuild: () => Promise<ServerBuild>; services: StoreServices; mode: "production" | "development" },
) {
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  const handlerFor = (build: ServerBuild) => {
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler(build, options.mode);
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
      const build = await options.getBuild();
      const handler = handlerFor(build);
      const entry = build.entry.module as unknown as EntryWithContext;
      const context = new RouterContextProvider();
      context.set(entry.appContext, {
        services: options.services,
        nonce: scriptNonceOf(reply.raw),
        requestId: request.id,
        logger: request.log,
        session: request.session,
        clientIp: request.ip,
      });
      const body = capRequestBody(createRequest(request.raw, reply.raw));
      const response = await handler(body.request, context);
      if (body.exceeded()) return refuseLargeBody(reply);
      // A body the action did not read to its end is not drained for keep-alive: the connection closes.
      if (!request.raw.complete) reply.header("connection", "close");
      if (response.body && response.headers.get("content-type")?.startsWith("text/html")) {
        // A page is read whole and sent as one buffer: React writes it in a few dozen small pieces,
        // and passing each through the web stream, the Node stream and its own compression call cost
        // several times more CPU than compressing the finished document once. The pages have no
        // deferred data, so the first byte is not held back by anything the visitor could see early.
        const html = lowerModulePreloadPriority(Buffer.from(await response.arrayBuffer()));
        reply.code(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        return reply.send(html);
      }
      return reply.send(response);
    });
  });
}
