// How the search read a query (pageInfo.understanding of GET /api/products/filter), and its labels in
// the shopper's words: "under $600.00", "3 HP", "lowest price first". The results page and the header
// dropdown show them.
import { formatMoney } from "./money.ts";

export type AttributeName = "horsepower" | "voltage" | "size" | "filterArea" | "btu" | "watts" | "gallons" | "speed";

export interface SearchUnderstanding {
  /** The price typed into q ("under 600") and applied as the price filter; null when none was. */
  price: { minPrice: number | null; maxPrice: number | null; text: string } | null;
  /** "cheap", "budget": within each relevance tier the lowest prices come first. */
  lowPriceFirst: boolean;
  /** Measured attributes ranked first ("3 hp" -> horsepower 3; speed: 0 variable, 1 single, 2 two). */
  attributes: { name: AttributeName; value: number; text: string }[];
  /** The product type the query names ("gasket" of "gasket for pentair filter"), or null. */
  productType: string | null;
  /** What it should fit ("pentair filter"), or null. */
  fits: string | null;
}

const whole = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 4 });

/** "under $600.00", "over $1,000.00", "$200.00 to $400.00". */
export function priceLabel(price: NonNullable<SearchUnderstanding["price"]>, currency: string): string {
  const { minPrice, maxPrice } = price;
  if (minPrice !== null && maxPrice !== null)
    return `${formatMoney(minPrice, currency)} to ${formatMoney(maxPrice, currency)}`;
  if (maxPrice !== null) return `under ${formatMoney(maxPrice, currency)}`;
  return `over ${formatMoney(minPrice ?? 0, currency)}`;
}

/** "3 HP", "230 V", "1.5 in", "250,000 BTU", "Variable speed". */
export function attributeLabel(attribute: SearchUnderstanding["attributes"][number]): string {
  const { name, value } = attribute;
  switch (name) {
    case "horsepower":
      return `${whole(value)} HP`;
    case "voltage":
      return `${whole(value)} V`;
    case "size":
      return `${whole(value)} in`;
    case "filterArea":
      return `${whole(value)} sq ft`;
    case "btu":
      return `${whole(value)} BTU`;
    case "watts":
      return `${whole(value)} W`;
    case "gallons":
      return `${whole(value)} gal`;
    case "speed":
      return value === 0 ? "Variable speed" : value === 1 ? "Single speed" : "Two speed";
  }
}

/** The parts worth showing: the applied price, lowest prices first, the attributes. */
export function understandingParts(understanding: SearchUnderstanding | null, currency: string): string[] {
  if (!understanding) return [];
  const parts: string[] = [];
  if (understanding.price) parts.push(priceLabel(understanding.price, currency));
  if (understanding.lowPriceFirst) parts.push("lowest price first");
  for (const attribute of understanding.attributes) parts.push(attributeLabel(attribute));
  return parts;
}
