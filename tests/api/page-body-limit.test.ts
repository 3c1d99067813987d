import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_PAGE_BODY_BYTES } from "../../server/plugins/page-body-limit.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ products: 0, pages: true });
});
afterAll(() => store?.close());

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/**
 * Streams a chunked body of up to `maxBytes` to a page action until the store answers; returns the
 * status and how many bytes had been sent when the answer came.
 */
function streamChunked(path: string, maxBytes: number): Promise<{ status: number; sentBeforeAnswer: number }> {
  const { port } = new URL(store.baseUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers: FORM }, (response) => {
      answered = true;
      const sentBeforeAnswer = sent;
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, sentBeforeAnswer }));
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(16 * 1024, "email=a&");
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

describe("page form actions have a body limit", () => {
  for (const path of ["/unsubscribe", "/confirm-subscription", "/checkout/00000000-0000-0000-0000-000000000000"]) {
    test(`POST ${path} with a Content-Length above the limit answers 413 before reading`, async () => {
      const response = await store.get(path, {
        method: "POST",
        headers: FORM,
        body: `email=${"x".repeat(MAX_PAGE_BODY_BYTES + 1)}`,
      });
      expect(response.status).toBe(413);
      expect(await response.text()).toMatch(/too large/);
    });
  }

  test("a chunked body is cut off once it passes the limit", async () => {
    const { status, sentBeforeAnswer } = await streamChunked("/unsubscribe", 64 * 1024 * 1024);
    expect(status).toBe(413);
    // Answered long before the 64 MB were sent (socket buffers hold a few megabytes at most).
    expect(sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
  });

  test("a form within the limit still reaches the action", async () => {
    const response = await store.get("/unsubscribe", {
      method: "POST",
      headers: FORM,
      body: "email=someone%40example.com",
    });
    expect(response.status).toBeLessThan(500);
    expect(response.status).not.toBe(413);
  });

  test("the store still serves after refusing large bodies", async () => {
    expect((await store.get("/api/health")).status).toBe(200);
  });
});
