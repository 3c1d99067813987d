import { describe, expect, test } from "vitest";
import { CART_MAX_RETRIES, CART_RETRY_STEP_MS, cartRequest, checkoutRequest } from "./cart-api.ts";

function scripted(answers: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift() ?? new Response("{}", { status: 200 });
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe("cartRequest (spec §7 notes)", () => {
  test("sends a fresh idempotency key with JSON headers; retries reuse it, waiting 2 s more each time", async () => {
    const { calls, fetchImpl } = scripted([
      new TypeError("offline"),
      json({ error: "busy" }, 503),
      json({ checkout: { id: "c" } }),
    ]);
    const waits: number[] = [];
    let keys = 0;
    const answer = await cartRequest(
      "POST",
      "/api/checkouts/lineItems",
      { inventoryLevelId: 1, quantity: 1 },
      {
        fetch: fetchImpl,
        sleep: async (ms) => {
          waits.push(ms);
        },
        newKey: () => `key-${++keys}`,
      },
    );
    expect(answer).toEqual({ checkout: { id: "c" } });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => header(call.init, "Idempotency-Key")))).toEqual(new Set(["key-1"]));
    expect(header(calls[0].init, "Content-Type")).toBe("application/json");
    expect(header(calls[0].init, "Accept")).toBe("application/json");
    expect(waits).toEqual([CART_RETRY_STEP_MS, 2 * CART_RETRY_STEP_MS]);
  });

  test("gives up after the first try and 60 retries (61 requests)", async () => {
    const { calls, fetchImpl } = scripted(Array.from({ length: 100 }, () => new TypeError("offline")));
    await expect(cartRequest("PUT", "/x", {}, { fetch: fetchImpl, sleep: async () => {} })).rejects.toThrow(
      /could not reach the store/,
    );
    expect(CART_MAX_RETRIES).toBe(60);
    expect(calls).toHaveLength(61);
  });

  test("a refusal is final: the server's error, or the generic message", async () => {
    const refused = scripted([json({ error: "Can't add more than 5" }, 422)]);
    await expect(cartRequest("POST", "/x", {}, { fetch: refused.fetchImpl, sleep: async () => {} })).rejects.toThrow(
      "Can't add more than 5",
    );
    expect(refused.calls).toHaveLength(1);
    const bare = scripted([new Response("nope", { status: 400 })]);
    await expect(cartRequest("POST", "/x", {}, { fetch: bare.fetchImpl })).rejects.toThrow(
      "Something went wrong. Please try again.",
    );
  });

  test("no content is null, OK text is text, an error field in an OK answer is raised; other methods send nothing", async () => {
    expect(
      await cartRequest("DELETE", "/x", undefined, {
        fetch: scripted([new Response(null, { status: 204 })]).fetchImpl,
      }),
    ).toBeNull();
    expect(
      await cartRequest("POST", "/x", undefined, {
        fetch: scripted([new Response("done", { status: 200 })]).fetchImpl,
      }),
    ).toBe("done");
    await expect(
      cartRequest("POST", "/x", undefined, { fetch: scripted([json({ error: "Invalid checkout." })]).fetchImpl }),
    ).rejects.toThrow("Invalid checkout.");
    const { calls, fetchImpl } = scripted([]);
    expect(await cartRequest("GET", "/x", undefined, { fetch: fetchImpl })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  test("an answer without a checkout: 'Couldn't update cart.'", async () => {
    await expect(
      checkoutRequest("POST", "/x", {}, { fetch: scripted([json({ ok: true })]).fetchImpl }),
    ).rejects.toThrow("Couldn't update cart.");
  });
});
