import { describe, expect, it } from 'vitest';
import { type CsvTaxRate, parseTaxRatesCsv, TAX_CSV_HEADER, taxRatesToCsv } from './tax-rates-csv.js';

const RATES: CsvTaxRate[] = [
  {
    country: 'US',
    state: 'CA',
    postcodes: ['90210', '941*'],
    cities: [],
    rate: '7.2500',
    name: 'CA, State "Tax"',
    priority: 1,
    compound: false,
    shipping: false,
    class: 'standard',
  },
  {
    country: '',
    state: '',
    postcodes: [],
    cities: ['LONDON'],
    rate: '20.0000',
    name: '=HYPERLINK("x")',
    priority: 2,
    compound: true,
    shipping: true,
    class: 'reduced-rate',
  },
];

describe('tax rate CSV', () => {
  it("should write WooCommerce's columns with * for any place and guarded, quoted cells", () => {
    const csv = taxRatesToCsv(RATES);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(TAX_CSV_HEADER.join(','));
    expect(lines[1]).toBe('US,CA,90210;941*,*,7.2500,"CA, State ""Tax""",1,0,0,');
    expect(lines[2]).toBe(`*,*,*,LONDON,20.0000,"'=HYPERLINK(""x"")",2,1,1,reduced-rate`);
  });

  it('should read back what it wrote', () => {
    expect(parseTaxRatesCsv(taxRatesToCsv(RATES))).toEqual({
      rates: RATES.map((r, i) => (i === 1 ? { ...r, name: '=HYPERLINK("x")' } : r)),
    });
  });

  it('should refuse a file without the header or with a short row, naming the row', () => {
    expect(parseTaxRatesCsv('')).toEqual({ error: 'The file is empty.' });
    expect(parseTaxRatesCsv('a,b\n')).toMatchObject({ error: expect.stringContaining('header') });
    const short = `${TAX_CSV_HEADER.join(',')}\nGB,*,*,*,20\n`;
    expect(parseTaxRatesCsv(short)).toEqual({ error: 'Row 2 has 5 cells; 10 are expected.' });
  });
});
