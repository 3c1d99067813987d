// The OpenAPI 3.1 document: every API route is in it, and real answers of a representative set of
// routes (catalog, search, cart, account, errors) validate against the response schema it gives for
// their status. The browsable docs load under the store's Content-Security-Policy.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import {
  createProduct,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { isDocumentedRoute } from "../../server/plugins/openapi.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

type JsonSchema = Record<string, unknown>;
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

let store: TestStore;
let doc: OpenApiDocument;
let pump: ProductFixture;

beforeAll(async () => {
  store = await startTestStore({ products: 0 });
  await installCommerceFixtures(store.database.db);
  pump = await createProduct(store.database.db, { title: "Variable Speed Pump", priceCents: 45_000, available: 50 });
  const answer = await store.json<OpenApiDocument>("/api/openapi.json");
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(() => store?.close());

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** Inlines `#/components/schemas/...` references so the schema stands alone. */
function resolveRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolveRefs);
  if (!schema || typeof schema !== "object") return schema;
  const object = schema as JsonSchema;
  if (typeof object.$ref === "string" && object.$ref.startsWith("#/components/schemas/")) {
    return resolveRefs(doc.components?.schemas?.[object.$ref.slice("#/components/schemas/".length)]);
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, resolveRefs(value)]));
}

/** The document's schema for an answer: its exact status, else its class (4XX), else `default`. */
function responseSchema(method: string, url: string, status: number): JsonSchema {
  const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${url} is not in the document`);
  const responses = operation.responses;
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!entry) throw new Error(`${method} ${url} documents no answer with status ${status}`);
  const schema = entry.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${method} ${url} ${status} has no JSON schema`);
  return resolveRefs(schema) as JsonSchema;
}

/** Checks an answer against the document with zod (the document's JSON Schema read back into zod). */
function expectValid(method: string, url: string, status: number, body: unknown) {
  const schema = z.fromJSONSchema(responseSchema(method, url, status) as never);
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${method} ${url} ${status} does not match the document: ${z.prettifyError(result.error)}\n${JSON.stringify(body).slice(0, 400)}`,
    );
  }
}

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1 and names every API route the app registered", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toContain("store");
    const registered = store.routes.filter(
      (route) => route.method !== "HEAD" && route.method !== "OPTIONS" && isDocumentedRoute(route.url),
    );
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
    // Every operation documents its answers, errors included.
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain("4XX");
      }
    }
    expect(Object.keys(doc.paths).some((path) => path.startsWith("/api/docs"))).toBe(false);
  });

  test("real answers of catalog, search, cart, account and error routes validate against it", async () => {
    const visitor = new Shopper(store.baseUrl);
    const checks: Array<{ method: string; url: string; path: string; body?: unknown; key?: boolean }> = [
      { method: "GET", url: "/api/health", path: "/api/health" },
      { method: "GET", url: "/api/health/live", path: "/api/health/live" },
      { method: "GET", url: "/api/health/ready", path: "/api/health/ready" },
      { method: "GET", url: "/api/collections", path: "/api/collections" },
      { method: "GET", url: "/api/collections/index", path: "/api/collections/index" },
      { method: "GET", url: "/api/nav", path: "/api/nav" },
      { method: "GET", url: "/api/countries", path: "/api/countries" },
      { method: "GET", url: "/api/products/filter?q=pump", path: "/api/products/filter" },
      { method: "GET", url: "/api/products/filter?page=2&limit=12", path: "/api/products/filter" },
      { method: "GET", url: `/api/products/handle/${pump.handle}`, path: "/api/products/handle/:handle" },
      { method: "GET", url: "/api/products/handle/no-such-part", path: "/api/products/handle/:handle" },
      {
        method: "GET",
        url: "/api/shippingPolicies/freeShippingAmount",
        path: "/api/shippingPolicies/freeShippingAmount",
      },
      { method: "GET", url: "/api/checkouts", path: "/api/checkouts" },
      {
        method: "POST",
        url: "/api/checkouts/lineItems",
        path: "/api/checkouts/lineItems",
        body: { inventoryLevelId: pump.levelId, quantity: 2 },
        key: true,
      },
      {
        method: "POST",
        url: "/api/checkouts/lineItems",
        path: "/api/checkouts/lineItems",
        body: { inventoryLevelId: "two" },
        key: true,
      },
      { method: "GET", url: "/api/checkouts", path: "/api/checkouts" },
      { method: "GET", url: "/api/customer", path: "/api/customer" },
      { method: "GET", url: "/api/orders", path: "/api/orders" },
      { method: "POST", url: "/api/auth/login", path: "/api/auth/login", body: { email: "nobody@example.com" } },
    ];
    const statuses = new Set<number>();
    for (const check of checks) {
      const answer = await visitor.call(check.method, check.url, {
        body: check.body,
        key: check.key ? randomUUID() : undefined,
      });
      statuses.add(answer.status);
      expectValid(check.method, check.path, answer.status, answer.body);
    }
    // The set covers successes and refusals.
    expect([...statuses].some((status) => status >= 400 && status < 500)).toBe(true);
    expect(statuses.has(200)).toBe(true);
  });

  test("an answer that breaks the document is caught by the check", () => {
    expect(() => expectValid("GET", "/api/health/live", 200, { status: "dead" })).toThrow(/does not match/);
  });

  test("/api/docs renders the document's browser under the store's Content-Security-Policy", async () => {
    const page = await store.get("/api/docs/");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("swagger-ui");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    // Its scripts are files of this origin (no inline script for the policy to refuse).
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await store.get(new URL(src, `${store.baseUrl}/api/docs/`).pathname);
      expect(script.status, src).toBe(200);
      expect((await script.arrayBuffer()).byteLength, src).toBeGreaterThan(0);
    }
  });
});
