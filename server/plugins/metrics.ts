// Prometheus metrics (services/metrics/metrics.ts) over HTTP: every request's latency by route
// pattern, method and status (and search requests on their own), and GET /metrics in Prometheus's
// text format. /metrics answers only with `Authorization: Bearer $METRICS_TOKEN`, or, with
// METRICS_PORT, on that separate port alone (for a scraper on a private network) and 404 here.
import { timingSafeEqual } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { httpRequestDuration, registry, searchDuration } from "../../services/metrics/metrics.ts";

export const METRICS_PATH = "/metrics";

const SEARCH_ROUTES = new Set(["/api/products/filter", "/api/search", "/api/search/suggest"]);

/** The route label: the pattern Fastify matched (never the raw path, which would make a series per product). */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return "unmatched";
  if (pattern === "*" || pattern === "/*") return "pages";
  return pattern;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function metricsText(): Promise<string> {
  return registry.metrics();
}

export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = routeLabel(request);
    if (route === METRICS_PATH) return;
    const seconds = reply.elapsedTime / 1000;
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    if (SEARCH_ROUTES.has(route)) searchDuration.observe({ route }, seconds);
  });
}

export function registerMetricsRoute(app: FastifyInstance, options: { token?: string; separatePort?: number }): void {
  app.get(METRICS_PATH, { schema: { hide: true } as never, logLevel: "warn" }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (options.separatePort) {
      return reply.status(404).send({ error: `Metrics are served on port ${options.separatePort} only.` });
    }
    if (!options.token) {
      return reply.status(404).send({ error: "Metrics are off: set METRICS_TOKEN or METRICS_PORT." });
    }
    if (!tokenMatches(request.headers.authorization, options.token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.status(401).send({ error: "Metrics need the bearer token (METRICS_TOKEN)." });
    }
    reply.type(registry.contentType);
    return metricsText();
  });
}

/** A server of its own for /metrics on METRICS_PORT (no token: keep that port off the public network). */
export async function startMetricsServer(options: { port: number; host: string }): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, async (_request, reply) => {
    reply.type(registry.contentType).header("cache-control", "no-store");
    return metricsText();
  });
  server.get("/", async (_request, reply) => reply.redirect(METRICS_PATH));
  await server.listen({ port: options.port, host: options.host });
  return server;
}
