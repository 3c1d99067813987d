import { describe, expect, it } from "vitest";
import { stepTarget, swipeStep } from "./embla-swipe.ts";

describe("swipeStep", () => {
  it("moves one step for a drag of 15 % of the width or more", () => {
    expect(swipeStep(-150, 1000)).toBe(1);
    expect(swipeStep(-400, 1000)).toBe(1);
    expect(swipeStep(150, 1000)).toBe(-1);
  });

  it("stays for shorter drags and unusable input", () => {
    expect(swipeStep(-149, 1000)).toBe(0);
    expect(swipeStep(100, 1000)).toBe(0);
    expect(swipeStep(-500, 0)).toBe(0);
    expect(swipeStep(Number.NaN, 1000)).toBe(0);
  });
});

describe("stepTarget", () => {
  it("wraps round at the ends when looping", () => {
    expect(stepTarget(4, 1, 5, true)).toBe(0);
    expect(stepTarget(0, -1, 5, true)).toBe(4);
    expect(stepTarget(2, 0, 5, true)).toBe(2);
  });

  it("holds at the ends otherwise", () => {
    expect(stepTarget(4, 1, 5, false)).toBe(4);
    expect(stepTarget(0, -1, 5, false)).toBe(0);
    expect(stepTarget(0, 1, 0, true)).toBe(0);
  });
});
