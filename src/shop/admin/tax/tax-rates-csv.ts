import { csvRecord } from '../../../platform/csv/csv.js';

/** WooCommerce's tax rate CSV header (Settings → Tax → a class → Export / Import CSV). */
export const TAX_CSV_HEADER = [
  'Country code',
  'State code',
  'Postcode / ZIP',
  'City',
  'Rate %',
  'Tax name',
  'Priority',
  'Compound',
  'Shipping',
  'Tax class',
] as const;

/** A rate as the CSV carries it (the `wc/v3/taxes` body fields). */
export interface CsvTaxRate {
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  class: string;
}

/** Rates as WooCommerce's CSV: empty places as `*`, lists joined by `;`, flags 1/0, standard class as ''. */
export function taxRatesToCsv(rates: readonly CsvTaxRate[]): string {
  const any = (value: string) => (value === '' ? '*' : value);
  return (
    csvRecord(TAX_CSV_HEADER) +
    rates
      .map((r) =>
        csvRecord([
          any(r.country),
          any(r.state),
          any(r.postcodes.join(';')),
          any(r.cities.join(';')),
          r.rate,
          r.name,
          r.priority,
          r.compound ? 1 : 0,
          r.shipping ? 1 : 0,
          r.class === 'standard' ? '' : r.class,
        ]),
      )
      .join('')
  );
}

/**
 * Rates from a WooCommerce tax rate CSV (header row first; columns by position as in the header): `*` means any,
 * `;` separates postcodes and cities, a formula guard (`'` before `= + - @`) is taken off. A row with the wrong
 * number of cells is reported by its line number, nothing else is read.
 */
export function parseTaxRatesCsv(text: string): { rates: CsvTaxRate[] } | { error: string } {
  const rows = parseCsv(text).filter((row) => row.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return { error: 'The file is empty.' };
  const [header, ...body] = rows;
  if (header.length !== TAX_CSV_HEADER.length || header[0].trim() !== TAX_CSV_HEADER[0])
    return { error: `The first row must be the header: ${TAX_CSV_HEADER.join(', ')}.` };
  const rates: CsvTaxRate[] = [];
  for (const [i, row] of body.entries()) {
    if (row.length !== TAX_CSV_HEADER.length)
      return { error: `Row ${i + 2} has ${row.length} cells; ${TAX_CSV_HEADER.length} are expected.` };
    const [country, state, postcode, city, rate, name, priority, compound, shipping, taxClass] =
      row.map(unguard);
    const any = (value: string) => (value === '*' ? '' : value);
    const list = (value: string) =>
      any(value)
        .split(';')
        .map((p) => p.trim())
        .filter((p) => p !== '');
    rates.push({
      country: any(country).toUpperCase(),
      state: any(state).toUpperCase(),
      postcodes: list(postcode),
      cities: list(city),
      rate,
      name,
      priority: Number.parseInt(priority, 10) || 1,
      compound: compound === '1',
      shipping: shipping !== '0',
      class: taxClass === '' ? 'standard' : taxClass,
    });
  }
  return { rates };
}

// Takes off the `'` the CSV writer puts before text a spreadsheet would run as a formula.
function unguard(cell: string): string {
  const trimmed = cell.trim();
  return /^'[=+\-@\t\r]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/** RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
