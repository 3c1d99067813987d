// The sidebar's price range: two thumbs on one track plus two amount boxes. A change
// is committed after a 500 ms pause, so dragging does not fire a search per pixel. Native range inputs
// keep it keyboard- and screen-reader-usable without a widget library.
import { useEffect, useId, useRef, useState } from "react";
import { formatMoney } from "../../../shared/money.ts";
import { acceptPriceFilter } from "./listing-query.ts";

/** The price slider commits after a 500 ms pause. */
export const PRICE_COMMIT_MS = 500;

export interface PriceRangeSliderProps {
  /** The highest price in the list (the slider's end), before the price filter. */
  maxPrice: number;
  minValue: number | null;
  maxValue: number | null;
  currency: string;
  /** Accepted values with 2 decimals, or null for "no bound". */
  onCommit: (range: { minPrice: string | null; maxPrice: string | null }) => void;
}

const thumb =
  "pointer-events-none absolute inset-x-0 top-1/2 h-11 w-full -translate-y-1/2 appearance-none bg-transparent focus-visible:outline-none " +
  "[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-water-900 [&::-webkit-slider-thumb]:shadow-md " +
  "focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-aqua-500/60 " +
  "[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-water-900";

export function PriceRangeSlider({ maxPrice, minValue, maxValue, currency, onCommit }: PriceRangeSliderProps) {
  const id = useId();
  const top = Math.max(1, Math.ceil(maxPrice));
  const clamp = (value: number) => Math.min(Math.max(0, value), top);
  const [low, setLow] = useState(clamp(minValue ?? 0));
  const [high, setHigh] = useState(clamp(maxValue ?? top));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL is the truth: when it changes (a chip, Shop by price, back button), follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clamp depends on top only.
  useEffect(() => {
    setLow(clamp(minValue ?? 0));
    setHigh(clamp(maxValue ?? top));
  }, [minValue, maxValue, top]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function schedule(nextLow: number, nextHigh: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const accepted = acceptPriceFilter(nextLow > 0 ? nextLow : null, nextHigh < top ? nextHigh : null);
      onCommit(accepted);
    }, PRICE_COMMIT_MS);
  }

  function changeLow(value: number) {
    const next = Math.min(clamp(value), high);
    setLow(next);
    schedule(next, high);
  }
  function changeHigh(value: number) {
    const next = Math.max(clamp(value), low);
    setHigh(next);
    schedule(low, next);
  }

  const left = (low / top) * 100;
  const right = 100 - (high / top) * 100;
  return (
    <div>
      <div className="relative mx-3 h-11">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-line" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-aqua-500"
          style={{ left: `${left}%`, right: `${right}%` }}
        />
        <input
          type="range"
          min={0}
          max={top}
          step={1}
          value={low}
          onChange={(event) => changeLow(Number(event.target.value))}
          aria-label="Minimum price"
          aria-valuetext={formatMoney(low, currency)}
          className={thumb}
        />
        <input
          type="range"
          min={0}
          max={top}
          step={1}
          value={high}
          onChange={(event) => changeHigh(Number(event.target.value))}
          aria-label="Maximum price"
          aria-valuetext={formatMoney(high, currency)}
          className={thumb}
        />
      </div>
      <div className="mt-1 grid grid-cols-2 gap-2">
        <label htmlFor={`${id}-min`} className="flex flex-col text-xs text-muted">
          Min
          <input
            id={`${id}-min`}
            inputMode="decimal"
            value={String(low)}
            onChange={(event) => {
              const value = Number(event.target.value.replace(/[^\d.]/g, ""));
              if (Number.isFinite(value)) changeLow(value);
            }}
            className="tabular mt-0.5 min-h-11 rounded-md border border-line px-2 text-base text-ink desk:min-h-9 desk:text-sm"
          />
        </label>
        <label htmlFor={`${id}-max`} className="flex flex-col text-xs text-muted">
          Max
          <input
            id={`${id}-max`}
            inputMode="decimal"
            value={String(high)}
            onChange={(event) => {
              const value = Number(event.target.value.replace(/[^\d.]/g, ""));
              if (Number.isFinite(value)) changeHigh(value);
            }}
            className="tabular mt-0.5 min-h-11 rounded-md border border-line px-2 text-base text-ink desk:min-h-9 desk:text-sm"
          />
        </label>
      </div>
      <p className="tabular mt-2 text-sm text-ink" aria-live="polite">
        {formatMoney(low, currency)} - {formatMoney(high, currency)}
      </p>
    </div>
  );
}
