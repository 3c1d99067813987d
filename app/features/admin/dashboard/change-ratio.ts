/** The change from the period before, as a fraction (0.25 = +25%); null when there was nothing before. */
export function changeRatio(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}
