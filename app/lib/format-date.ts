/**
 * 'March 4, 2019' in the store's time zone, so the server and the browser print the same day (a
 * browser's own zone would make hydration disagree near midnight).
 */
export function formatStoreDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  try {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * 'Mar 4, 2019' (the UTC day), as Intl.DateTimeFormat("en-US", { month: "short", day: "numeric",
 * year: "numeric", timeZone: "UTC" }) writes it, without Intl: a page's first Intl formatter costs some
 * 15 ms (60 ms on a phone's CPU) while it hydrates. '' for an invalid date.
 */
export function formatShortUtcDate(iso: string): string {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year)) return "";
  if (year < 1 || year > 9999) {
    return new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(date);
  }
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}
