/** Digits after the decimal point of a currency (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** A decimal amount from the API shown in the reader's locale, e.g. `"12.50"` → "$12.50". */
export function formatAmount(decimal: string | number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(Number(decimal));
}

/** Minor units of a decimal amount (`"12.50"` → 1250); null when it is not a non-negative amount. */
export function toMinor(decimal: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!match || (match[2]?.length ?? 0) > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** The API's decimal string of a minor-unit amount (1250 → `"12.50"`). */
export function toDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}
