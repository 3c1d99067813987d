import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ products: 0 });
});
afterAll(() => store?.close());

describe("health and errors", () => {
  test("GET /api/health checks the database", async () => {
    const { status, body } = await store.json("/api/health");
    expect(status).toBe(200);
    expect(body.status).toBe("ok");
    expect(["pglite", "postgres"]).toContain(body.database);
  });

  test("an unknown API path answers 404 JSON naming the path", async () => {
    const { status, body } = await store.json("/api/no-such-thing?x=1");
    expect(status).toBe(404);
    expect(body.error).toBe("No such API endpoint: GET /api/no-such-thing");
  });

  test("unknown API paths answer JSON for every method", async () => {
    const response = await store.get("/api/nothing/here", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  test("security headers are set on API answers", async () => {
    const response = await store.get("/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("liveness and readiness", () => {
  test("live answers without the database; ready checks the database and migrations", async () => {
    const live = await store.json("/api/health/live");
    expect(live).toEqual({ status: 200, body: { status: "ok" } });
    const ready = await store.json("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
    const response = await store.get("/api/health/ready");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
