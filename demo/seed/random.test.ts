import { describe, expect, it } from "vitest";
import { createRng, deriveSeed, mulberry32 } from "./random.ts";

describe("seeded random numbers", () => {
  it("repeats the same sequence for the same seed", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 20 }, () => a());
    const seqB = Array.from({ length: 20 }, () => b());
    expect(seqA).toEqual(seqB);
    expect(new Set(seqA).size).toBe(20);
    for (const x of seqA) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("derives distinct, stable streams per key", () => {
    expect(deriveSeed(1, "product", 7)).toBe(deriveSeed(1, "product", 7));
    expect(deriveSeed(1, "product", 7)).not.toBe(deriveSeed(1, "product", 8));
    expect(deriveSeed(1, "product", 7)).not.toBe(deriveSeed(2, "product", 7));
  });

  it("keeps int() within its inclusive bounds and weighted() to positive weights", () => {
    const rng = createRng(9);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) seen.add(rng.int(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    for (let i = 0; i < 200; i++)
      expect(
        rng.weighted([
          ["a", 1],
          ["b", 0],
          ["c", 2],
        ]),
      ).not.toBe("b");
    expect(rng.sample([1, 2, 3, 4], 3)).toHaveLength(3);
  });
});
