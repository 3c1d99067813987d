import { afterEach, describe, expect, test, vi } from "vitest";
import type { Database } from "../db/client.ts";
import { clearAllTtlCaches, createTtlCache, createTtlMap } from "./ttl-cache.ts";

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

describe("createTtlMap", () => {
  test("values are kept per database until they expire", () => {
    vi.useFakeTimers();
    const map = createTtlMap<number, string>(1_000, () => 10);
    map(db).set(1, "one");
    vi.advanceTimersByTime(999);
    expect(map(db).get(1)).toBe("one");
    expect(map(other).get(1)).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(map(db).get(1)).toBeUndefined();
  });

  test("past maxEntries the least recently used go; a limit of 0 keeps nothing", () => {
    let limit = 2;
    const map = createTtlMap<number, string>(60_000, () => limit);
    const entries = map(db);
    entries.set(1, "one");
    entries.set(2, "two");
    expect(entries.get(1)).toBe("one");
    entries.set(3, "three");
    expect([entries.get(1), entries.get(2), entries.get(3)]).toEqual(["one", undefined, "three"]);
    limit = 0;
    entries.set(4, "four");
    expect(entries.get(4)).toBeUndefined();
  });

  test("clearAllTtlCaches leaves it alone: its owner forgets what a change touches", () => {
    const map = createTtlMap<number, string>(60_000, () => 10);
    map(db).set(1, "kept");
    clearAllTtlCaches(db);
    expect(map(db).get(1)).toBe("kept");
  });

  test("forgotten keys go; a value read before they were forgotten is not kept, one read after is", () => {
    const map = createTtlMap<number, string>(60_000, () => 10);
    map(db).set(1, "one");
    map(db).set(2, "two");
    map(other).set(1, "other");
    // A load takes the entries and reads the database; the change lands before its answer is kept.
    const loading = map(db);
    map.forget(db, [1, 3]);
    loading.set(1, "read before the change");
    loading.set(3, "read before the change");
    loading.set(4, "untouched");
    expect([map(db).get(1), map(db).get(2), map(db).get(3), map(db).get(4)]).toEqual([
      undefined,
      "two",
      undefined,
      "untouched",
    ]);
    expect(map(other).get(1)).toBe("other");
    const after = map(db);
    after.set(1, "read after the change");
    expect(map(db).get(1)).toBe("read after the change");
  });

  test("forgetting everything drops the database's map, and what an earlier load read with it", () => {
    const map = createTtlMap<number, string>(60_000, () => 10);
    map(db).set(1, "one");
    const loading = map(db);
    map.forget(db, null);
    loading.set(2, "read before the change");
    expect([map(db).get(1), map(db).get(2)]).toEqual([undefined, undefined]);
  });
});
