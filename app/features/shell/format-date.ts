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
