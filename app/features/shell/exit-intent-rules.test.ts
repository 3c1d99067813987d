import { describe, expect, test } from "vitest";
import {
  createScrollUpDetector,
  EXIT_INTENT_STORAGE_KEY,
  isTopExit,
  isVisitorScroll,
  mayShowExitIntent,
  readShownFlag,
  VISITOR_SCROLL_WINDOW_MS,
  writeShownFlag,
} from "./exit-intent-rules.ts";

describe("exit-intent rules", () => {
  test("only anonymous visitors who have not seen it, when an offer is configured", () => {
    expect(mayShowExitIntent({ configured: true, signedIn: false, alreadyShown: false })).toBe(true);
    expect(mayShowExitIntent({ configured: true, signedIn: true, alreadyShown: false })).toBe(false);
    expect(mayShowExitIntent({ configured: true, signedIn: false, alreadyShown: true })).toBe(false);
    expect(mayShowExitIntent({ configured: false, signedIn: false, alreadyShown: false })).toBe(false);
  });

  test("desktop: leaving the window at clientY 10 or less", () => {
    expect(isTopExit({ clientY: 10, relatedTarget: null })).toBe(true);
    expect(isTopExit({ clientY: -3, relatedTarget: null })).toBe(true);
    expect(isTopExit({ clientY: 11, relatedTarget: null })).toBe(false);
    // Moving onto another element is not leaving the window.
    expect(isTopExit({ clientY: 2, relatedTarget: {} })).toBe(false);
  });

  test("mobile: more than 10 px up, only after passing 5 % of the page", () => {
    const height = 4000; // 5 % = 200 px
    const early = createScrollUpDetector();
    expect(early(150, height)).toBe(false);
    expect(early(100, height)).toBe(false); // 50 px up, but 5 % not passed yet

    const scrolled = createScrollUpDetector();
    expect(scrolled(600, height)).toBe(false);
    expect(scrolled(590, height)).toBe(false); // exactly 10 px
    expect(scrolled(595, height)).toBe(false);
    expect(scrolled(589, height)).toBe(true); // 11 px below the deepest point

    const steps = createScrollUpDetector();
    steps(300, height);
    expect(steps(295, height)).toBe(false);
    expect(steps(289, height)).toBe(true); // small steps add up
  });

  test("mobile: the browser moving the position as the page's height changes is not scrolling up", () => {
    const height = 4000;
    const detector = createScrollUpDetector();
    expect(detector(3200, height)).toBe(false);
    // A block drawn as it came near the screen was 300 px shorter than the height held for it: the
    // browser keeps the page's end in view.
    expect(detector(2900, height - 300)).toBe(false);
    expect(detector(2895, height - 300)).toBe(false);
    // From there on, the visitor scrolling up counts again.
    expect(detector(2889, height - 300)).toBe(true);
  });

  test("mobile: the page scrolling itself up is not the visitor, and the count starts again below it", () => {
    const height = 4000;
    const detector = createScrollUpDetector();
    expect(detector(3000, height)).toBe(false);
    // The pagination takes the list back to its top, smoothly: many upward steps, none the visitor's.
    for (const y of [2600, 1800, 900, 300, 0]) expect(detector(y, height, false)).toBe(false);
    // The visitor then scrolls down a little and back up 10 px: measured from where the page left them.
    expect(detector(400, height)).toBe(false);
    expect(detector(390, height)).toBe(false);
    expect(detector(389, height)).toBe(true);
  });

  test("mobile: a scroll is the visitor's within 1500 ms of their last finger move, wheel turn or scrolling key", () => {
    expect(VISITOR_SCROLL_WINDOW_MS).toBe(1500);
    expect(isVisitorScroll(10_000, null)).toBe(false);
    expect(isVisitorScroll(10_000, 10_000)).toBe(true);
    expect(isVisitorScroll(11_500, 10_000)).toBe(true);
    expect(isVisitorScroll(11_501, 10_000)).toBe(false);
  });

  test("the storage flag, tolerant of a storage that refuses", () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(readShownFlag(storage)).toBe(false);
    writeShownFlag(storage);
    expect(values.get(EXIT_INTENT_STORAGE_KEY)).toBe("true");
    expect(readShownFlag(storage)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readShownFlag(broken)).toBe(false);
    expect(() => writeShownFlag(broken)).not.toThrow();
    expect(readShownFlag(null)).toBe(false);
  });
});
