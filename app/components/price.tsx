import { CALL_FOR_PRICE_TEXT, priceView } from "../../shared/price-display.ts";

export interface PriceProps {
  price: number;
  compareAtPrice?: number | null;
  availableForSale: boolean;
  currency: string;
  /** "lg" on the product page, "md" on cards. */
  size?: "md" | "lg";
  /** Show 'You save $X (N%)' under the prices (product page). */
  showSavings?: boolean;
  className?: string;
}

/**
 * The price block: the price only when valid and above 0, else the call-for-price text;
 * the compare-at price struck through only when higher and the item is for sale.
 */
export function Price({
  price,
  compareAtPrice = null,
  availableForSale,
  currency,
  size = "md",
  showSavings = false,
  className = "",
}: PriceProps) {
  const view = priceView({ price, compareAtPrice, availableForSale }, currency);
  if (view.price === null) {
    return <p className={`text-sm font-semibold text-water-900 ${className}`}>{CALL_FOR_PRICE_TEXT}</p>;
  }
  const big = size === "lg";
  return (
    <div className={className}>
      <p className="tabular flex flex-wrap items-baseline gap-x-2">
        <span className={`font-bold text-ink ${big ? "text-3xl" : "text-lg"}`}>
          {view.compareAtPrice ? <span className="sr-only">Sale price </span> : null}
          {view.price}
        </span>
        {view.compareAtPrice ? (
          <s className={`text-muted ${big ? "text-lg" : "text-sm"}`}>
            <span className="sr-only">Regular price </span>
            {view.compareAtPrice}
          </s>
        ) : null}
      </p>
      {showSavings && view.savings && view.savingsText ? (
        <p className="tabular mt-1 text-sm font-semibold text-sale">
          You save {view.savingsText} ({view.savings.percent}%)
        </p>
      ) : null}
    </div>
  );
}
