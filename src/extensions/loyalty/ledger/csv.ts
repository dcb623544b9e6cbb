/** A minimal RFC 4180 writer for the ledger export (faster than csv-stringify on a big ledger). */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted (inner `"` doubled) when it holds a comma, a quote, CR or LF; otherwise as is. */
export function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Neutralises a cell a spreadsheet would run as a formula (`= + - @`, tab, CR) by prefixing `'`. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text cell typed by people: formula guard, then quoting. */
export function csvText(value: string): string {
  return csvCell(neutralizeFormula(value));
}

/** One record of already-encoded cells, ended by CRLF. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
