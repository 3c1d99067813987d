// Money is kept in integer cents; the API answers numbers with 2 decimals.

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

const formatters = new Map<string, Intl.NumberFormat>();

function intlFormat(amount: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/**
 * Dollars as Intl.NumberFormat("en-US", USD) writes them, without Intl: the first Intl formatter of a page
 * costs some 15 ms (60 ms on a phone's CPU) while a listing hydrates. Rounding is Intl's too: half away
 * from zero on the number's shortest decimal form (12.345 -> 12.35). Null when the amount is outside the
 * simple case (negative, huge, exponent form): Intl decides those.
 */
function formatDollars(amount: number): string | null {
  if (!(amount >= 0 && amount < 1e13) || Object.is(amount, -0)) return null;
  const text = String(amount);
  if (text.includes("e")) return null;
  const dot = text.indexOf(".");
  const whole = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? "" : text.slice(dot + 1);
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + (fraction[2] >= "5" ? 1 : 0);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/** "$1,299.00": the currency symbol from storeCurrency, always 2 decimals. */
export function formatMoney(amount: number, currency = "USD"): string {
  return (currency === "USD" ? formatDollars(amount) : null) ?? intlFormat(amount, currency);
}
