import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import type { StoreServices } from "../services/store-services.ts";
import { reviewImageOrigins } from "../shared/review-seal.ts";
import { supportChatOrigin } from "../shared/support-chat.ts";
import { accountAddressRoutes } from "./api/account-address-routes.ts";
import { accountAuthRoutes } from "./api/account-auth-routes.ts";
import { accountWalletRoutes } from "./api/account-wallet-routes.ts";
import { adminRoutes } from "./api/admin/admin-routes.ts";
import { catalogRoutes } from "./api/catalog-routes.ts";
import { checkoutRoutes } from "./api/checkout-routes.ts";
import { contentImageRoutes } from "./api/content-image-routes.ts";
import { equipmentRoutes } from "./api/equipment-routes.ts";
import { createLifecycle, healthRoutes, type Lifecycle } from "./api/health.ts";
import { newsletterRoutes } from "./api/newsletter-routes.ts";
import { orderReturnRoutes } from "./api/order-return-routes.ts";
import { paymentRoutes } from "./api/payment-routes.ts";
import { productFeedbackRoutes } from "./api/product-feedback-routes.ts";
import { searchRoutes } from "./api/search-routes.ts";
import { sessionSummaryRoutes } from "./api/session-summary-routes.ts";
import { trustProxyHops } from "./client-address.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerLiveVisits } from "./plugins/live-visits.ts";
import { registerMetricsRoute, registerRequestMetrics } from "./plugins/metrics.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { createPageCachePlugin } from "./plugins/page-cache.ts";
import { registerReactRouter } from "./plugins/react-router.ts";
import { answerClientError, registerRequestEdge, rewriteUnreadableUrl } from "./plugins/request-edge.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerSession, sessionCookieName } from "./plugins/session.ts";
import { registerStaffSession } from "./plugins/staff-session.ts";
import { registerUploadedImages } from "./plugins/uploaded-images.ts";

export type Frontend =
  | { mode: "production"; clientDir: string; getBuild: () => Promise<ServerBuild> }
  | {
      mode: "development";
      getBuild: () => Promise<ServerBuild>;
      registerDevMiddleware: (app: FastifyInstance) => Promise<void>;
    }
  | { mode: "none" };

export interface BuildAppOptions {
  services: StoreServices;
  frontend: Frontend;
  /** Logger settings for this app alone; by default it logs through `services.logger`. */
  logger?: FastifyServerOptions["logger"];
  /**
   * Routes the start-up adds beside the store's own, before the page renderer's catch-all: the demo
   * store's generated images (demo/). Passed in so that server/ never imports the demo.
   */
  registerExtras?: (app: FastifyInstance, services: StoreServices) => Promise<void>;
  /** Whether the process takes traffic (readiness); shutdown sets `draining`. */
  lifecycle?: Lifecycle;
  /** Told of every route as it is added (tests enumerate the API with it; `config.permission` on back-office routes). */
  onRoute?: (route: { method: string | string[]; url: string; config?: unknown }) => void;
}

const HASHED_ASSET = /^\/assets\//;
/** The API version the OpenAPI document names. */
const STORE_API_VERSION = "1.0.0";

/** Builds the store's HTTP app: plugins, then the REST API, then static files and server rendering. */
export async function buildApp({
  services,
  frontend,
  logger,
  registerExtras,
  onRoute,
  lifecycle = createLifecycle(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    ...(logger === undefined ? { loggerInstance: services.logger as FastifyBaseLogger } : { logger }),
    // Only as many X-Forwarded-For hops as there are real proxies: otherwise a client could pick
    // its own address and walk around per-address rate limits.
    trustProxy: trustProxyHops(services.config.env.TRUST_PROXY ?? 0),
    bodyLimit: 1024 * 1024,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    // Parameters such as `t` may repeat; keep them as arrays.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Unreadable or oversized addresses are set aside before routing (plugins/request-edge.ts).
    rewriteUrl: rewriteUnreadableUrl,
    clientErrorHandler: answerClientError,
  });
  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  registerRequestEdge(app);
  registerRequestMetrics(app);
  await registerSecurityHeaders(app, {
    https: services.config.publicUrl.startsWith("https://"),
    dev: frontend.mode === "development",
    analytics: services.config.store.gTagId !== "",
    // The review provider's seal and its reviewers' avatars.
    imageOrigins: reviewImageOrigins(services.config.store),
    chatOrigin: supportChatOrigin(services.config.store),
    stripe: services.paymentGateway.name === "stripe",
  });
  // Pages and API answers arrive whole (see plugins/react-router.ts), so each is compressed in one call
  // (brotli quality 4: about 2 ms for a 270 KB page). Streaming them through the thread pool instead kept
  // a few megabytes of encoder state alive per response, and with a dozen responses in flight the
  // garbage collector and the encoders cost several times the compression itself. Streams (static files)
  // still go through the streaming encoders.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip", "deflate"], syncThreshold: 1024 * 1024 });
  await app.register(registerSession, {
    db: services.database.db,
    secure: services.config.publicUrl.startsWith("https://"),
  });
  // Staff sessions: their own cookie and table, read only on /admin and /api/admin.
  await app.register(registerStaffSession, {
    db: services.database.db,
    secure: services.config.publicUrl.startsWith("https://"),
    // Read on each use: a test stands a later time in for the store's clock.
    now: () => services.clock.now(),
  });

  // GET /metrics (Prometheus): with METRICS_TOKEN, or 404 here when METRICS_PORT serves it.
  registerMetricsRoute(app, {
    token: services.config.env.METRICS_TOKEN,
    separatePort: services.config.env.METRICS_PORT,
  });

  // The API's OpenAPI document and docs, told of every route registered after this point.
  await registerOpenApi(app, { version: STORE_API_VERSION });

  // REST API: everything under /api is JSON, with its own 404.
  await app.register(
    async (api) => {
      await api.register(registerIdempotency, {
        db: services.database.db,
        secret: services.config.sessionSecret,
      });
      await api.register(healthRoutes, { services, lifecycle });
      await api.register(catalogRoutes, { services });
      await api.register(searchRoutes, { services });
      await api.register(checkoutRoutes, { services });
      await api.register(accountAuthRoutes, { services });
      await api.register(accountAddressRoutes, { services });
      await api.register(accountWalletRoutes, { services });
      await api.register(newsletterRoutes, { services });
      await api.register(sessionSummaryRoutes, { services });
      await api.register(paymentRoutes, { services });
      await api.register(productFeedbackRoutes, { services });
      await api.register(equipmentRoutes, { services });
      await api.register(orderReturnRoutes, { services });
      // The back office (server/api/admin/admin-routes.ts lists its route modules).
      await api.register(adminRoutes, { services, prefix: "/admin" });
      // Without this the page renderer's catch-all would answer unknown API paths with HTML.
      api.all("/*", async (request, reply) =>
        reply.status(404).send({ error: `No such API endpoint: ${request.method} ${request.url.split("?")[0]}` }),
      );
    },
    { prefix: "/api" },
  );

  // Live visits: socket.io namespace /customer on the same HTTP server, and GET /api/visits/live (ADMIN_TOKEN).
  await registerLiveVisits(app, {
    db: services.database.db,
    redisUrl: services.config.env.REDIS_URL,
    adminToken: services.config.env.ADMIN_TOKEN,
    trustProxy: services.config.env.TRUST_PROXY ?? 0,
    sessionCookie: sessionCookieName(services.config.publicUrl.startsWith("https://")),
  });

  // Product images uploaded in the back office (before the demo's /img/* route and the page renderer).
  await registerUploadedImages(app, { dataDir: services.config.dataDir });
  // Pictures uploaded for articles and help pages.
  await app.register(contentImageRoutes, { services });

  await registerExtras?.(app, services);

  if (frontend.mode === "production") {
    await app.register(fastifyStatic, {
      root: frontend.clientDir,
      // The build writes .br and .gz beside the scripts and stylesheets (vite.config.ts).
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(reply) {
        reply.header(
          "Cache-Control",
          HASHED_ASSET.test(reply.request.url) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  } else if (frontend.mode === "development") {
    await frontend.registerDevMiddleware(app);
  }

  if (frontend.mode !== "none") {
    await registerReactRouter(app, {
      getBuild: frontend.getBuild,
      services,
      mode: frontend.mode,
      // Not in development: Vite's build changes under the cached pages.
      pageCache: frontend.mode === "production" ? createPageCachePlugin(app, services) : undefined,
    });
  }
  return app;
}
