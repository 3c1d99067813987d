import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_PATH_LENGTH, MAX_QUERY_VALUE_LENGTH } from "../../server/plugins/request-edge.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ products: 20, pages: true });
});
afterAll(() => store?.close());

const UNREADABLE = ["%00", "%C3%28", "a%00b", "%FF", "%E2%82"];

describe("unreadable addresses are refused at the edge", () => {
  const apiPaths = ["/api/collections/", "/api/collections/handle/", "/api/products/handle/", "/api/articles?page="];
  for (const base of apiPaths) {
    for (const bad of UNREADABLE) {
      test(`GET ${base}${bad} answers 400 with an error`, async () => {
        const response = await store.get(`${base}${bad}`);
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: string };
        expect(body.error).toMatch(/cannot read/);
      });
    }
  }

  test("a NUL byte in a query value of the API answers 400", async () => {
    const { status, body } = await store.json<{ error: string }>("/api/products/filter?q=pump%00");
    expect(status).toBe(400);
    expect(body.error).toMatch(/cannot read/);
  });

  test("a POST with a NUL byte in its address answers 400, not 500", async () => {
    const response = await store.get("/api/checkouts/%00/complete", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(400);
  });

  for (const base of ["/collections/", "/blog/", "/products/", "/searchresults.asp?q="]) {
    for (const bad of UNREADABLE) {
      test(`the page ${base}${bad} is the store's 404 page`, async () => {
        const response = await store.get(`${base}${bad}`);
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/text\/html/);
        expect(await response.text()).toMatch(/404 Not Found/);
      });
    }
  }
});

describe("address lengths are bounded", () => {
  test("an API path longer than the limit answers 414", async () => {
    const { status, body } = await store.json<{ error: string }>(`/api/products/handle/${"a".repeat(MAX_PATH_LENGTH)}`);
    expect(status).toBe(414);
    expect(body.error).toMatch(/too long/);
  });

  test("an API query value longer than the limit answers 400", async () => {
    const { status, body } = await store.json<{ error: string }>(
      `/api/products/filter?q=${"b".repeat(MAX_QUERY_VALUE_LENGTH + 1)}`,
    );
    expect(status).toBe(400);
    expect(body.error).toMatch(/too long/);
  });

  test("a page with an over-long query value is the 404 page", async () => {
    const response = await store.get(`/searchresults.asp?q=${"c".repeat(MAX_QUERY_VALUE_LENGTH + 1)}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/404 Not Found/);
  });

  test("addresses within the limits are served as before", async () => {
    expect((await store.get(`/api/products/filter?q=${"d".repeat(200)}`)).status).toBe(200);
    expect((await store.get("/api/products/filter?q=caf%C3%A9+pump")).status).toBe(200);
    expect((await store.get("/searchresults.asp?q=pump")).status).toBe(200);
  });
});

describe("a JSON body nested past the limit", () => {
  // A raw request, so the body goes out whatever the method: fetch refuses a GET with a body.
  function rawRequest(method: string, path: string, body: string): Promise<string> {
    const { hostname, port } = new URL(store.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) }, () => {
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      });
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  for (const [method, path] of [
    ["GET", "/api/products/filter"],
    ["DELETE", "/api/checkouts/1"],
    ["TRACE", "/API/filter"],
    ["POST", "/api/no-such-route"],
    ["POST", "/api/user"],
  ] as const) {
    test(`${method} ${path} is answered without an uncaught error, and the store keeps serving`, async () => {
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on("uncaughtException", onUncaught);
      try {
        const answer = await rawRequest(method, path, "[".repeat(5000));
        expect(answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(uncaught).toEqual([]);
        expect((await store.get("/api/health")).status).toBe(200);
      } finally {
        process.off("uncaughtException", onUncaught);
      }
    });
  }
});
