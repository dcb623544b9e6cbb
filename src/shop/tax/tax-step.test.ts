import { describe, expect, it } from 'vitest';
import {
  calcTax,
  matchRates,
  postcodeMatches,
  roundTax,
  type TaxLocation,
  type TaxRate,
} from './tax-rates.js';
import { calculateTaxes, type TaxableLine, type TaxStepSettings } from './tax-step.js';

let nextId = 1;
function rate(input: Partial<TaxRate> & { percent: number }): TaxRate {
  const { percent, ...rest } = input;
  return {
    id: nextId++,
    country: '',
    state: '',
    postcodes: [],
    cities: [],
    rateE4: Math.round(percent * 10_000),
    name: 'Tax',
    priority: 1,
    compound: false,
    shipping: true,
    order: 0,
    taxClass: '',
    ...rest,
  };
}
const at = (country: string, state = '', postcode = '', city = ''): TaxLocation => ({
  country,
  state,
  postcode,
  city,
});
const line = (key: string, amount: number, extra: Partial<TaxableLine> = {}): TaxableLine => ({
  key,
  subtotal: amount,
  total: amount,
  taxClass: '',
  taxStatus: 'taxable',
  needsShipping: true,
  ...extra,
});
const SETTINGS: TaxStepSettings = {
  pricesIncludeTax: false,
  roundAtSubtotal: false,
  shippingTaxClass: 'inherit',
  classOrder: ['reduced-rate', 'zero-rate'],
};
const GB = at('GB');

describe('calculateTaxes', () => {
  it('should add a 20 % rate to an item and to shipping when the rate taxes shipping', () => {
    const vat = rate({ country: 'GB', percent: 20, name: 'VAT' });
    const r = calculateTaxes({
      lines: [line('a', 1999)],
      shipping: [{ key: 'flat', total: 495 }],
      rates: [vat],
      location: GB,
      baseLocation: GB,
      settings: SETTINGS,
    });
    expect(r.lines.get('a')).toMatchObject({ subtotal: 1999, total: 1999, totalTax: 400, subtotalTax: 400 });
    expect(r.shipping.get('flat')?.totalTax).toBe(99);
    expect(r.taxLines).toEqual([{ rate: vat, taxTotal: 400, shippingTaxTotal: 99 }]);
    expect([r.cartTax, r.shippingTax]).toEqual([400, 99]);
  });

  it('should not tax shipping with a rate whose shipping flag is off, nor items whose status is none', () => {
    const r = calculateTaxes({
      lines: [line('a', 1000), line('b', 1000, { taxStatus: 'none' })],
      shipping: [{ key: 'flat', total: 500 }],
      rates: [rate({ country: 'GB', percent: 20, shipping: false })],
      location: GB,
      baseLocation: GB,
      settings: SETTINGS,
    });
    expect(r.lines.get('a')?.totalTax).toBe(200);
    expect(r.lines.get('b')?.totalTax).toBe(0);
    expect(r.shippingTax).toBe(0);
  });

  it('should apply a compound rate on the price plus the taxes of the lower priorities', () => {
    const gst = rate({ country: 'CA', percent: 5, name: 'GST', priority: 1 });
    const qst = rate({
      country: 'CA',
      state: 'QC',
      percent: 9.975,
      name: 'QST',
      priority: 2,
      compound: true,
    });
    const r = calculateTaxes({
      lines: [line('a', 1000)],
      shipping: [],
      rates: [qst, gst],
      location: at('CA', 'QC'),
      baseLocation: at('CA', 'QC'),
      settings: SETTINGS,
    });
    // 1000 × 5 % = 50; (1000 + 50) × 9.975 % = 104.7375 → 105.
    expect(r.lines.get('a')?.totalTax).toBe(155);
    expect(r.taxLines.map((t) => [t.rate.name, t.taxTotal])).toEqual([
      ['GST', 50],
      ['QST', 105],
    ]);
  });

  it('should take the tax out of prices entered with tax, rounding half up to the cent', () => {
    const vat = rate({ country: 'GB', percent: 20 });
    const r = calculateTaxes({
      lines: [line('a', 1200), line('b', 999)],
      shipping: [],
      rates: [vat],
      location: GB,
      baseLocation: GB,
      settings: { ...SETTINGS, pricesIncludeTax: true },
    });
    expect(r.lines.get('a')).toMatchObject({ total: 1000, totalTax: 200 });
    // 999 × 20 / 120 = 166.5 → 167; the line keeps 832 without tax so 832 + 167 = 999.
    expect(r.lines.get('b')).toMatchObject({ total: 832, totalTax: 167 });
  });

  it('should tax customers elsewhere on the price without the base tax (prices entered with tax)', () => {
    const base = rate({ country: 'GB', percent: 20 });
    const de = rate({ country: 'DE', percent: 19 });
    const settings = { ...SETTINGS, pricesIncludeTax: true };
    const input = { lines: [line('a', 1200)], shipping: [], rates: [base, de], baseLocation: GB, settings };
    expect(calculateTaxes({ ...input, location: at('DE') }).lines.get('a')).toMatchObject({
      total: 1000,
      totalTax: 190,
    });
    expect(calculateTaxes({ ...input, location: at('US', 'NY') }).lines.get('a')).toMatchObject({
      total: 1000,
      totalTax: 0,
    });
  });

  it('should round each line or, with rounding at subtotal, the sum of each rate once', () => {
    const input = {
      lines: [line('a', 1005), line('b', 1005), line('c', 1005)],
      shipping: [],
      rates: [rate({ country: 'GB', percent: 10 })],
      location: GB,
      baseLocation: GB,
    };
    expect(calculateTaxes({ ...input, settings: SETTINGS }).cartTax).toBe(303);
    expect(calculateTaxes({ ...input, settings: { ...SETTINGS, roundAtSubtotal: true } }).cartTax).toBe(302);
  });

  it('should tax the line after coupons and keep the tax before coupons as the subtotal tax', () => {
    const r = calculateTaxes({
      lines: [line('a', 1000, { total: 750 })],
      shipping: [],
      rates: [rate({ country: 'GB', percent: 20 })],
      location: GB,
      baseLocation: GB,
      settings: SETTINGS,
    });
    expect(r.lines.get('a')).toMatchObject({ subtotalTax: 200, totalTax: 150 });
    expect([r.subtotalTax, r.cartTax]).toEqual([200, 150]);
  });

  it('should tax shipping at the class of the shippable items (inherit) or the class set for shipping', () => {
    const standard = rate({ country: 'GB', percent: 20 });
    const reduced = rate({ country: 'GB', percent: 5, taxClass: 'reduced-rate' });
    const input = {
      lines: [line('a', 1000, { taxClass: 'reduced-rate' }), line('v', 1000, { needsShipping: false })],
      shipping: [{ key: 's', total: 1000 }],
      rates: [standard, reduced],
      location: GB,
      baseLocation: GB,
    };
    expect(calculateTaxes({ ...input, settings: SETTINGS }).shippingTax).toBe(50);
    expect(calculateTaxes({ ...input, settings: { ...SETTINGS, shippingTaxClass: '' } }).shippingTax).toBe(
      200,
    );
    const onlyVirtual = { ...input, lines: [line('v', 1000, { needsShipping: false })] };
    expect(calculateTaxes({ ...onlyVirtual, settings: SETTINGS }).shippingTax).toBe(0);
    const shippingOnly = { ...input, lines: [line('a', 1000, { taxStatus: 'shipping' })] };
    const r = calculateTaxes({ ...shippingOnly, settings: SETTINGS });
    expect([r.cartTax, r.shippingTax]).toEqual([0, 200]);
  });
});

describe('matchRates', () => {
  it('should keep the first matching rate of each priority, by order', () => {
    const first = rate({ country: 'US', state: 'CA', percent: 7.25, order: 1 });
    const second = rate({ country: 'US', percent: 1, order: 2 });
    const county = rate({ country: 'US', state: 'CA', percent: 1, priority: 2 });
    expect(matchRates([second, county, first], at('US', 'CA'), '').map((r) => r.id)).toEqual([
      first.id,
      county.id,
    ]);
    expect(matchRates([second, county, first], at('US', 'NY'), '').map((r) => r.id)).toEqual([second.id]);
    expect(matchRates([second], at('', ''), '')).toEqual([]);
  });

  it('should match postcodes exactly, by wildcard and by range, and cities by name', () => {
    const r = rate({ country: 'US', postcodes: ['90210', '941*', '10000...10099'], cities: [], percent: 1 });
    const city = rate({ country: 'GB', cities: ['London'], percent: 1 });
    expect(matchRates([r], at('US', 'CA', '90210'), '')).toHaveLength(1);
    expect(matchRates([r], at('US', 'CA', '94107'), '')).toHaveLength(1);
    expect(matchRates([r], at('US', 'NY', '10050'), '')).toHaveLength(1);
    expect(matchRates([r], at('US', 'NY', '10100'), '')).toHaveLength(0);
    expect(matchRates([city], at('GB', '', '', 'london'), '')).toHaveLength(1);
    expect(matchRates([city], at('GB', '', '', 'Leeds'), '')).toHaveLength(0);
    expect(postcodeMatches('SW1A*', 'SW1A1AA')).toBe(true);
  });
});

describe('calcTax and roundTax', () => {
  it('should round half away from zero to whole minor units despite float noise', () => {
    expect(roundTax(0.5)).toBe(1);
    expect(roundTax(12.4999999999)).toBe(13);
    expect(roundTax(-0.5)).toBe(-1);
    expect(roundTax(12.49)).toBe(12);
  });

  it('should take compound taxes out of an inclusive price', () => {
    const gst = rate({ percent: 5 });
    const qst = rate({ percent: 10, compound: true, priority: 2 });
    const taxes = calcTax(1155, [gst, qst], true);
    expect(roundTax(taxes.get(gst.id)!)).toBe(50);
    expect(roundTax(taxes.get(qst.id)!)).toBe(105);
  });
});
