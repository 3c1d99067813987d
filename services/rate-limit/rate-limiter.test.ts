import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { openTestDatabase } from "../catalog/test-database.ts";
import { claimOnce, consumeRateLimit, enforceRateLimits, personKey, RateLimited } from "./rate-limiter.ts";

let handle: DatabaseHandle;
// An embedded database and its migrations take a few seconds on a busy machine.
beforeAll(async () => {
  handle = await openTestDatabase();
}, 120_000);
afterAll(() => handle?.close());

describe("fixed-window rate limits", () => {
  test("counts up to the limit, refuses after, and starts again when the window ends", async () => {
    const rule = { key: "test:window", limit: 2, windowMs: 60_000 };
    const start = new Date("2030-01-01T00:00:00Z");
    expect((await consumeRateLimit(handle.db, rule, start)).allowed).toBe(true);
    expect((await consumeRateLimit(handle.db, rule, start)).allowed).toBe(true);
    const third = await consumeRateLimit(handle.db, rule, new Date(start.getTime() + 15_000));
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBe(45);
    const later = await consumeRateLimit(handle.db, rule, new Date(start.getTime() + 61_000));
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  test("concurrent requests are counted exactly once each", async () => {
    const rule = { key: "test:concurrent", limit: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(handle.db, rule)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  test("enforceRateLimits throws a 429 that names the wait", async () => {
    const rules = [{ key: "test:enforce", limit: 1, windowMs: 120_000 }];
    await enforceRateLimits(handle.db, rules, "tries");
    const error = await enforceRateLimits(handle.db, rules, "tries").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimited);
    expect((error as RateLimited).status).toBe(429);
    expect((error as RateLimited).message).toMatch(
      /^Too many tries\. Please wait (2 minutes|\d+ seconds) and try again\.$/,
    );
  });

  test("person keys do not store the address; claimOnce accepts a value once", async () => {
    const key = personKey("sign-in", "Pat@Example.com");
    expect(key).not.toContain("pat");
    expect(key).toBe(personKey("sign-in", " pat@example.com"));
    const until = new Date(Date.now() + 60_000);
    expect(await claimOnce(handle.db, "once:a", until)).toBe(true);
    expect(await claimOnce(handle.db, "once:a", until)).toBe(false);
  });
});
