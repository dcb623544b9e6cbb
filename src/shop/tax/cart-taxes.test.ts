import { describe, expect, it } from 'vitest';
import type { Purchasable } from '../catalog/purchasables.js';
import type { ShopCart } from '../shop-api.js';
import { rateCode, taxCart, taxLocation } from './cart-taxes.js';
import type { TaxOptions } from './tax-options.js';
import type { TaxRate } from './tax-rates.js';

const OPTIONS: TaxOptions = {
  calcTaxes: true,
  pricesIncludeTax: false,
  taxBasedOn: 'shipping',
  baseLocation: { country: 'GB', state: '', postcode: '', city: '' },
  roundAtSubtotal: false,
  shippingTaxClass: 'inherit',
  displayShop: 'excl',
  displayCart: 'excl',
  totalDisplay: 'itemized',
  classNames: ['Reduced rate', 'Zero rate'],
};
const VAT: TaxRate = {
  id: 7,
  country: 'GB',
  state: '',
  postcodes: [],
  cities: [],
  rateE4: 200_000,
  name: 'VAT',
  priority: 1,
  compound: false,
  shipping: true,
  order: 0,
  taxClass: '',
};
const product = { taxStatus: 'taxable', taxClass: '', virtual: false } as Purchasable;

function cartOf(lines: Array<[string, number, number]>, fees = 0): ShopCart {
  const items = lines.map(([key, subtotal, total]) => ({
    key,
    product_id: 1,
    variation_id: 0,
    quantity: 1,
    name: key,
    sku: '',
    price: subtotal,
    line_subtotal: subtotal,
    line_total: total,
  }));
  const totalItems = items.reduce((s, i) => s + i.line_subtotal, 0);
  const discount = totalItems - items.reduce((s, i) => s + i.line_total, 0);
  return {
    session_id: 't_1',
    user_id: null,
    items,
    coupons: [],
    fees: fees ? [{ key: 'fee', name: 'Fee', amount: fees }] : [],
    totals: {
      total_items: totalItems,
      total_discount: discount,
      total_fees: fees,
      total_shipping: 0,
      total_tax: 0,
      total_price: totalItems - discount + fees,
    },
    billing_email: null,
    updated_at: '2026-11-28 00:00:00',
  };
}

describe('taxCart', () => {
  it('should tax items and a shipping line at 20 % and make the total of lines, shipping and taxes', () => {
    const cart = cartOf([
      ['a', 1999, 1999],
      ['b', 1001, 901],
    ]);
    const products = new Map([
      ['a', product],
      ['b', product],
    ]);
    const taxed = taxCart({
      cart,
      products,
      shipping: [{ key: 'flat_rate:1', total: 495 }],
      rates: [VAT],
      options: OPTIONS,
      location: OPTIONS.baseLocation,
    });
    expect(taxed.taxes?.items).toEqual({
      a: { subtotal_tax: 400, total_tax: 400, taxes: [{ id: 7, subtotal: 400, total: 400 }] },
      b: { subtotal_tax: 200, total_tax: 180, taxes: [{ id: 7, subtotal: 200, total: 180 }] },
    });
    expect(taxed.taxes?.shipping).toEqual([
      { key: 'flat_rate:1', total: 495, total_tax: 99, taxes: [{ id: 7, total: 99 }] },
    ]);
    expect(taxed.taxes?.tax_lines).toEqual([
      {
        rate_id: 7,
        rate_code: 'GB-VAT-1',
        label: 'VAT',
        compound: false,
        rate_percent: 20,
        tax_total: 580,
        shipping_tax_total: 99,
      },
    ]);
    expect(taxed.taxes).toMatchObject({
      cart_tax: 580,
      shipping_tax: 99,
      items_subtotal_tax: 600,
      discount_tax: 20,
    });
    expect(taxed.totals).toEqual({
      total_items: 3000,
      total_discount: 100,
      total_fees: 0,
      total_shipping: 495,
      total_tax: 679,
      // 1999 + 901 + 495 + 580 + 99
      total_price: 4074,
    });
  });

  it('should keep fees untaxed in the total', () => {
    const taxed = taxCart({
      cart: cartOf([['a', 1000, 1000]], -300),
      products: new Map([['a', product]]),
      shipping: [],
      rates: [VAT],
      options: OPTIONS,
      location: OPTIONS.baseLocation,
    });
    expect(taxed.totals.total_price).toBe(1000 + 200 - 300);
  });
});

describe('taxLocation', () => {
  const billing = { country: 'DE', postcode: '10115' };
  const shipping = { country: 'FR', state: '' };
  it('should follow woocommerce_tax_based_on, falling back to billing, then to the base address', () => {
    expect(taxLocation(OPTIONS, { billing, shipping }).country).toBe('FR');
    expect(taxLocation(OPTIONS, { billing }).country).toBe('DE');
    expect(taxLocation({ ...OPTIONS, taxBasedOn: 'billing' }, { billing, shipping }).country).toBe('DE');
    expect(taxLocation({ ...OPTIONS, taxBasedOn: 'base' }, { billing, shipping }).country).toBe('GB');
    expect(taxLocation(OPTIONS, {}).country).toBe('GB');
  });
});

describe('rateCode', () => {
  it("should join country, state, name and priority as WooCommerce's rate codes do", () => {
    expect(rateCode({ ...VAT, country: 'US', state: 'ca', name: 'State tax', priority: 2 })).toBe(
      'US-CA-STATE TAX-2',
    );
    expect(rateCode({ ...VAT, country: '', name: '', priority: 0 })).toBe('TAX');
  });
});
