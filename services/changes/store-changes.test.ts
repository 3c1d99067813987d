import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { clearAllTtlCaches, createTtlCache } from "../ttl-cache.ts";
import { createLocalChangeFeed, type StoreChange } from "./store-changes.ts";

describe("local change feed", () => {
  it("tells every subscriber, keeps going past a failing one, and stops telling one that left", async () => {
    const feed = createLocalChangeFeed();
    const heard: StoreChange[] = [];
    feed.subscribe(() => {
      throw new Error("broken subscriber");
    });
    const leave = feed.subscribe((change) => heard.push(change));
    await feed.publish({ kind: "price", ids: [7] });
    leave();
    await feed.publish({ kind: "stock" });
    expect(heard).toEqual([{ kind: "price", ids: [7] }]);
  });
});

describe("clearAllTtlCaches", () => {
  it("empties every cache of that database and no other", async () => {
    const first = createTtlCache<number>();
    const second = createTtlCache<number>();
    const db = {} as Database;
    const other = {} as Database;
    let loads = 0;
    const load = async () => ++loads;
    await first(db, "k", load);
    await second(db, "k", load);
    await first(other, "k", load);
    expect(loads).toBe(3);
    clearAllTtlCaches(db);
    expect(await first(db, "k", load)).toBe(4);
    expect(await second(db, "k", load)).toBe(5);
    expect(await first(other, "k", load)).toBe(3);
  });
});
