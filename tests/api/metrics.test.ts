// /metrics in Prometheus's format: 401 without the token, the histograms and counters with it; a
// separate metrics port answers without a token while the store's own /metrics then answers 404.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APPROVED_CARD,
  createProduct,
  DECLINED_CARD,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { startMetricsServer } from "../../server/plugins/metrics.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  store = await startTestStore({ products: 0, env: { METRICS_TOKEN: TOKEN } });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Salt Cell", priceCents: 30_000, available: 100 });
});
afterAll(() => store?.close());

async function scrape(): Promise<string> {
  const response = await store.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** The value of one series (name with its labels as Prometheus prints them), 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function placeOrder(card: Record<string, unknown>, email: string) {
  const { placed } = await new Shopper(store.baseUrl).placeOrder([[part, 1]], { email, card });
  return placed;
}

describe("/metrics", () => {
  test("answers 401 without the token or with a wrong one", async () => {
    const none = await store.get("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await none.json()).error).toContain("METRICS_TOKEN");
    const wrong = await store.get("/metrics", { headers: { authorization: "Bearer not-the-token-at-all-xx" } });
    expect(wrong.status).toBe(401);
  });

  test("reports request latency per route and status, the database, the process, orders, refusals, mails and search", async () => {
    const before = await scrape();
    await store.get("/api/health");
    await store.get("/api/products/handle/no-such-part");
    await (await store.get("/api/products/filter?q=salt")).text();
    expect((await placeOrder(APPROVED_CARD, "metrics@example.com")).status).toBe(200);
    expect((await placeOrder(DECLINED_CARD, "declined@example.com")).status).toBe(402);
    const after = await scrape();

    expect(
      value(after, 'store_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        after,
        'store_http_request_duration_seconds_count{method="GET",route="/api/products/handle/:handle",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(after).toContain('store_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"');
    expect(value(after, 'store_search_duration_seconds_count{route="/api/products/filter"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, "store_orders_placed_total") - value(before, "store_orders_placed_total")).toBe(1);
    expect(value(after, "store_payment_refusals_total") - value(before, "store_payment_refusals_total")).toBe(1);
    expect(
      value(after, 'store_mails_queued_total{kind="order_confirmation"}') -
        value(before, 'store_mails_queued_total{kind="order_confirmation"}'),
    ).toBe(1);
    expect(after).toContain("store_mails_sent_total");
    expect(value(after, 'store_db_query_duration_seconds_count{pool="primary"}')).toBeGreaterThan(
      value(before, 'store_db_query_duration_seconds_count{pool="primary"}'),
    );
    expect(after).toMatch(/store_db_pool_connections\{pool="primary",state="in_use"\} \d+/);
    expect(after).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(after).toMatch(/process_resident_memory_bytes \d/);
    expect(after).toContain("store_job_failures_total");
    // A route pattern, never a raw path: no series per product handle.
    expect(after).not.toContain("no-such-part");
  });

  test("on a separate port /metrics needs no token, and the store's own /metrics points there", async () => {
    const server = await startMetricsServer({ port: 0, host: "127.0.0.1" });
    try {
      const address = server.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("store_http_request_duration_seconds");
    } finally {
      await server.close();
    }
    const portOnly = await startTestStore({ database: store.database, products: 0, env: { METRICS_PORT: 9464 } });
    try {
      const answer = await portOnly.get("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(404);
      expect((await answer.json()).error).toContain("9464");
    } finally {
      await portOnly.close();
    }
  });
});
