import { describe, expect, it } from "vitest";
import {
  addRecentlyViewed,
  forgetRecentlyViewed,
  type KeyValueStorage,
  parseRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  readRecentlyViewed,
  recordRecentlyViewed,
  removeRecentlyViewed,
} from "./recently-viewed.ts";

function memoryStorage(initial?: string): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(RECENTLY_VIEWED_KEY, initial);
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe("parseRecentlyViewed", () => {
  it("reads comma-separated ids, skipping junk and repeats", () => {
    expect(parseRecentlyViewed("3,1, 2,,x,3,-4,0")).toEqual([3, 1, 2]);
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed("")).toEqual([]);
  });
});

describe("addRecentlyViewed", () => {
  it("puts the newest first", () => {
    expect(addRecentlyViewed("2,1", 3)).toBe("3,2,1");
    expect(addRecentlyViewed(null, 7)).toBe("7");
  });

  it("moves a product viewed again to the front", () => {
    expect(addRecentlyViewed("3,2,1", 1)).toBe("1,3,2");
  });

  it("keeps at most 25", () => {
    const full = Array.from({ length: 25 }, (_, index) => index + 1).join(",");
    const next = addRecentlyViewed(full, 100).split(",");
    expect(next).toHaveLength(25);
    expect(next[0]).toBe("100");
    expect(next).not.toContain("25");
  });
});

describe("removeRecentlyViewed", () => {
  it("drops one id", () => {
    expect(removeRecentlyViewed("3,2,1", 2)).toBe("3,1");
    expect(removeRecentlyViewed("3", 3)).toBe("");
  });
});

describe("storage helpers", () => {
  it("records views under recentlyViewedProducts", () => {
    const storage = memoryStorage("5");
    expect(recordRecentlyViewed(storage, 9)).toEqual([9, 5]);
    expect(storage.data.get("recentlyViewedProducts")).toBe("9,5");
    expect(forgetRecentlyViewed(storage, 5)).toEqual([9]);
    expect(readRecentlyViewed(storage)).toEqual([9]);
  });

  it("survives missing or failing storage", () => {
    expect(readRecentlyViewed(undefined)).toEqual([]);
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readRecentlyViewed(broken)).toEqual([]);
    expect(recordRecentlyViewed(broken, 1)).toEqual([]);
  });

  it("ignores ids that are not positive whole numbers", () => {
    const storage = memoryStorage("5");
    expect(recordRecentlyViewed(storage, 0)).toEqual([5]);
    expect(recordRecentlyViewed(storage, 1.5)).toEqual([5]);
  });
});
