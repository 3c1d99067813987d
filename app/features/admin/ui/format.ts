// Dates and times in the back office, in the store's time zone (config appTimeZone), so the server and
// the browser print the same thing and every member reads the store's clock.
import { useRouteLoaderData } from "react-router";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Nov 25, 2026, 10:41 AM" in the store's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** The store's time zone, from the admin layout's loader. */
export function useAdminTimeZone(): string {
  const data = useRouteLoaderData("routes/admin/layout") as { timeZone?: string } | undefined;
  return data?.timeZone ?? "UTC";
}
