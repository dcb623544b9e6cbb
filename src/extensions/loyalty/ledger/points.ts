/** Points are kept as integer hundredths; these helpers are the only place that converts. */

/** Hundredths of a whole number of points. */
export function hundredths(points: number): number {
  return Math.round(points * 100);
}

/** Whole points of a hundredths amount (rounded down; negative balances round towards zero). */
export function wholePoints(amount: number): number {
  return Math.trunc(amount / 100);
}

/** The ledger's two-decimal string of a hundredths amount: `15000` → `"150.00"`. */
export function formatPoints(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor currency units a number of points is worth (`points × pointValue`, to the cent). */
export function pointsToMinor(points: number, pointValue: number, minorUnit: number): number {
  return Math.round(points * pointValue * 10 ** minorUnit + 1e-9);
}

/** Largest whole number of points worth at most `minor` currency units. */
export function minorToPoints(minor: number, pointValue: number, minorUnit: number): number {
  if (minor <= 0 || pointValue <= 0) return 0;
  return Math.floor(minor / (pointValue * 10 ** minorUnit) + 1e-9);
}
