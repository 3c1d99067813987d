import { afterEach, describe, expect, test, vi } from "vitest";
import type { Database } from "../db/client.ts";
import { createTtlCache } from "./ttl-cache.ts";

const db = {} as Database;
const other = {} as Database;

afterEach(() => {
  vi.useRealTimers();
});

describe("createTtlCache", () => {
  test("concurrent callers share one load; the value is reused until it expires", async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1_000);
    const load = vi.fn(async () => 42);
    const [a, b] = await Promise.all([cache(db, "k", load), cache(db, "k", load)]);
    expect([a, b]).toEqual([42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    await cache(db, "k", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache(db, "k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("a failed load is not kept", async () => {
    const cache = createTtlCache<number>();
    await expect(cache(db, "k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache(db, "k", async () => 7)).toBe(7);
  });

  test("clear forgets one database's entries only", async () => {
    const cache = createTtlCache<string>();
    await cache(db, "k", async () => "old");
    await cache(other, "k", async () => "other");
    cache.clear(db);
    expect(await cache(db, "k", async () => "new")).toBe("new");
    expect(await cache(other, "k", async () => "changed")).toBe("other");
  });

  test("past maxEntries the oldest entries go", async () => {
    const cache = createTtlCache<number>(60_000, 2);
    for (const key of ["a", "b", "c"]) await cache(db, key, async () => 1);
    const load = vi.fn(async () => 2);
    expect(await cache(db, "c", load)).toBe(1);
    expect(await cache(db, "a", load)).toBe(2);
  });
});
