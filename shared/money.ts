// Money is kept in integer cents; the API answers numbers with 2 decimals (spec §1, ARCHITECTURE §3).

export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "$1,299.00": the currency symbol from storeCurrency, always 2 decimals. */
export function formatMoney(amount: number, currency = "USD"): string {
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
