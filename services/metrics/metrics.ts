// The store's Prometheus metrics (prom-client), one registry per process. Services count what happens
// (orders placed, payments refused, mails queued and sent, job failures); the HTTP layer observes each
// request's latency; the database handle reports its pool and query latency. Served at /metrics
// (server/plugins/metrics.ts) only with METRICS_TOKEN or on METRICS_PORT.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: "store_http_request_duration_seconds",
  help: "HTTP request latency by route pattern, method and status code.",
  labelNames: ["method", "route", "status"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: "store_db_query_duration_seconds",
  help: "Database statement latency, by pool (primary or read replica).",
  labelNames: ["pool"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

type PoolCounts = { total: number; idle: number; waiting: number; max: number };
const pools = new Map<string, () => PoolCounts | null>();

export const dbPoolConnections = new Gauge({
  name: "store_db_pool_connections",
  help: "Database pool connections: total open, idle, in use, clients waiting for one, and the maximum.",
  labelNames: ["pool", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, read] of pools) {
      const counts = read();
      if (!counts) continue;
      this.set({ pool, state: "total" }, counts.total);
      this.set({ pool, state: "idle" }, counts.idle);
      this.set({ pool, state: "in_use" }, counts.total - counts.idle);
      this.set({ pool, state: "waiting" }, counts.waiting);
      this.set({ pool, state: "max" }, counts.max);
    }
  },
});

/** Reports a database pool's counts (read when /metrics is scraped) under `pool="name"`. */
export function watchPool(name: string, read: () => PoolCounts | null): void {
  pools.set(name, read);
}

export const ordersPlaced = new Counter({
  name: "store_orders_placed_total",
  help: "Orders placed (committed with their payment).",
  registers: [registry],
});

export const paymentRefusals = new Counter({
  name: "store_payment_refusals_total",
  help: "Payments the card processor refused (declined cards, failed authorisations).",
  registers: [registry],
});

export const paymentSettlements = new Counter({
  name: "store_payment_settlements_total",
  help: "Authorised payments whose order was never written, settled with the processor, by outcome (refunded, voided, nothing_held, failed).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const mailsQueued = new Counter({
  name: "store_mails_queued_total",
  help: "Mails written to the outbox, by kind.",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const mailsSent = new Counter({
  name: "store_mails_sent_total",
  help: "Mails handed to the SMTP server (or written as .eml files), by kind.",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const mailsFailed = new Counter({
  name: "store_mail_failures_total",
  help: "Attempts to send a mail that failed (it is retried until its last attempt).",
  registers: [registry],
});

export const searchDuration = new Histogram({
  name: "store_search_duration_seconds",
  help: "Latency of search and product-filter requests.",
  labelNames: ["route"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const jobsCompleted = new Counter({
  name: "store_jobs_completed_total",
  help: "Background jobs that ran to completion, by job name.",
  labelNames: ["job"] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: "store_job_failures_total",
  help: "Background job runs that failed (each is retried with backoff until its retry limit), by job name.",
  labelNames: ["job"] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "store_job_duration_seconds",
  help: "How long background job runs take, by job name.",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export const pageCacheLookups = new Counter({
  name: "store_page_cache_lookups_total",
  help: "Shopper pages asked of the page cache, by result (hit or miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const pageCachePurges = new Counter({
  name: "store_page_cache_purged_total",
  help: "Cached pages dropped because a store change touched what they show.",
  registers: [registry],
});
