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
  /**
   * Measured attributes ranked first ("3 hp" -> horsepower 3; speed: 0 variable, 1 single, 2 two);
   * filter: it came from the URL's attribute filters (a=horsepower_3), not from q.
   */
  attributes: { name: AttributeName; value: number; text: string; filter?: true }[];
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
export function attributeLabel(attribute: Pick<SearchUnderstanding["attributes"][number], "name" | "value">): string {
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

// ---------------------------------------------------------------------------------------------
// Attribute filters in the URL: `a=horsepower_3`, `a=size_1.5`, `a=speed_variable` (repeated). The
// results page moves the attributes it understood in q into these, so the filter shows, can be
// removed, and the page can be shared or reloaded as it is. An `a` attribute counts exactly like the
// same attribute typed into q.

export const ATTRIBUTE_NAMES = [
  "horsepower",
  "voltage",
  "size",
  "filterArea",
  "btu",
  "watts",
  "gallons",
  "speed",
] as const satisfies readonly AttributeName[];

export interface AttributeFilter {
  name: AttributeName;
  /** The number (speed: 0 variable, 1 single, 2 two). */
  value: number;
}

/** At most this many attribute filters. */
export const MAX_ATTRIBUTE_FILTERS = 8;

const SPEED_VALUES = ["variable", "single", "two"] as const;

/** The URL form: `horsepower_3`, `size_1.5`, `speed_variable`. */
export function formatAttributeFilter(filter: AttributeFilter): string {
  if (filter.name === "speed") return `speed_${SPEED_VALUES[filter.value] ?? "variable"}`;
  return `${filter.name}_${String(Math.round(filter.value * 10_000) / 10_000)}`;
}

/** An `a` value read back, or null when it names no attribute the store knows. */
export function parseAttributeFilter(text: string): AttributeFilter | null {
  const cut = text.indexOf("_");
  if (cut <= 0) return null;
  const name = text.slice(0, cut).trim();
  const raw = text
    .slice(cut + 1)
    .trim()
    .toLowerCase();
  if (!(ATTRIBUTE_NAMES as readonly string[]).includes(name)) return null;
  if (name === "speed") {
    const value = (SPEED_VALUES as readonly string[]).indexOf(raw);
    return value < 0 ? null : { name: "speed", value };
  }
  if (!/^\d{1,7}(?:\.\d{1,4})?$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 ? { name: name as AttributeName, value } : null;
}

/** "Horsepower", "Filter area": the filter's name on its chip. */
export function attributeNameLabel(name: AttributeName): string {
  const labels: Record<AttributeName, string> = {
    horsepower: "Horsepower",
    voltage: "Voltage",
    size: "Size",
    filterArea: "Filter area",
    btu: "BTU",
    watts: "Wattage",
    gallons: "Gallons",
    speed: "Speed",
  };
  return labels[name];
}
