import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createQuantityAutoUpdate } from "./quantity-auto-update.ts";
import { QUANTITY_AUTO_UPDATE_MS, QUANTITY_MESSAGES } from "./quantity-rules.ts";

const line = { quantity: 2, availableForSale: true, availableQuantity: 10, bypassNegativeQuantity: false };

function setup() {
  const onChange = vi.fn<(quantity: number) => void>();
  const onMessage = vi.fn<(message: string) => void>();
  return { onChange, onMessage, auto: createQuantityAutoUpdate({ onChange, onMessage }) };
}

describe("quantity auto-update", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test("waits 800 ms: nothing before, exactly one update at 800 ms", () => {
    expect(QUANTITY_AUTO_UPDATE_MS).toBe(800);
    const { onChange, onMessage, auto } = setup();
    auto.edit("5", line);
    vi.advanceTimersByTime(799);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(5);
    vi.advanceTimersByTime(10_000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onMessage).not.toHaveBeenCalled();
  });

  test("each keystroke restarts the wait; only the last value is sent", () => {
    const { onChange, auto } = setup();
    auto.edit("3", line);
    vi.advanceTimersByTime(500);
    auto.edit("34", line);
    vi.advanceTimersByTime(500);
    auto.edit("4", line);
    vi.advanceTimersByTime(799);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange.mock.calls).toEqual([[4]]);
  });

  test("an invalid value sends nothing and shows its message", () => {
    const cases: Array<[string, string]> = [
      ["", QUANTITY_MESSAGES.invalid],
      ["0", QUANTITY_MESSAGES.notPositive],
    ];
    for (const [typed, message] of cases) {
      const { onChange, onMessage, auto } = setup();
      auto.edit(typed, line);
      vi.advanceTimersByTime(QUANTITY_AUTO_UPDATE_MS);
      expect(onChange).not.toHaveBeenCalled();
      expect(onMessage).toHaveBeenCalledWith(message);
    }
    const { onChange, onMessage, auto } = setup();
    auto.edit("11", line);
    vi.advanceTimersByTime(QUANTITY_AUTO_UPDATE_MS);
    expect(onChange).not.toHaveBeenCalled();
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  test("the line's own quantity sends nothing; a cancel (plus/minus, unmount) drops the pending update", () => {
    const { onChange, auto } = setup();
    auto.edit("2", line);
    vi.advanceTimersByTime(QUANTITY_AUTO_UPDATE_MS);
    expect(onChange).not.toHaveBeenCalled();
    auto.edit("6", line);
    vi.advanceTimersByTime(400);
    auto.cancel();
    vi.advanceTimersByTime(QUANTITY_AUTO_UPDATE_MS);
    expect(onChange).not.toHaveBeenCalled();
  });
});
