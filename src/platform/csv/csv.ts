// The one CSV writer (RFC 4180, CRLF records) of every export: the server's streamed downloads and the admin's
// browser downloads. It imports nothing, so browser code may import it (.dependency-cruiser.cjs allows this file).

/** A cell: text (guarded against formulas, then quoted when needed), a number (as is), or nothing (empty). */
export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted (inner `"` doubled) when it holds a comma, a quote, CR or LF; otherwise as is. */
export function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Neutralises text a spreadsheet would run as a formula (starting with `= + - @`, tab or CR) by prefixing `'`. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text cell (typed by people): formula guard, then quoting. */
export function csvText(value: string): string {
  return csvCell(guardFormula(value));
}

/** One record, ended by CRLF: text cells through `csvText`, numbers as they are, null and undefined empty. */
export function csvRecord(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) line += ',';
    if (typeof value === 'string') line += csvText(value);
    else if (typeof value === 'number') line += String(value);
  }
  return `${line}\r\n`;
}
