/**
 * Part numbers are searched by their alphanumerics only: shoppers type "sp2610x15", "SP-2610-X15"
 * or "sp 2610 x15" for the same pump, and the text parser would split SKUs apart.
 */
export function normalizePartNumber(partNumber: string): string {
  return partNumber.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** URL handle: lowercase words joined by single dashes, ASCII only. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/(\d)\.(\d)/g, "$1-$2")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
