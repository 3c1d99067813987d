/** A card's expiry as typed: "MM / YY", "MM/YYYY", "05-28", "0528". Null when it is not one of those. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  return { month: Number(match[1]), year: Number(match[2]) };
}
