import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPtTestApp, type PtTestApp } from './pt-helpers.js';

type Json = Record<string, any>;

let h: PtTestApp;
let table: number;
let standardRate: number;
let lamp: number;
let book: number;
let voucher: number;
let tee: number;

async function wc(method: 'POST' | 'PUT', url: string, payload: unknown): Promise<Json> {
  const r = await h.t.app.inject({
    method,
    url: `/wp-json/wc/v3/${url}`,
    headers: h.admin,
    payload: payload as Json,
  });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const option = (group: 'general' | 'tax', id: string, value: string) =>
  wc('PUT', `settings/${group}/${id}`, { value });

/** Each product's shown price text in the render endpoint's rows (tags stripped, e.g. `£60.00`). */
async function shownPrices(): Promise<Record<number, string>> {
  const r = await h.t.app.inject({ method: 'GET', url: `/wp-json/producttables/v1/render/${table}` });
  expect(r.statusCode, r.body).toBe(200);
  return pricesIn(r.json().html);
}

function pricesIn(html: string): Record<number, string> {
  const rows = html.split('<tr').slice(1);
  const found: Record<number, string> = {};
  for (const row of rows) {
    const id = /data-product-id="(\d+)"/.exec(row)?.[1];
    const price = /<span class="producttables-price">(.*?)<\/span><\/td>/.exec(row)?.[1];
    if (id && price !== undefined) found[Number(id)] = price.replace(/<[^>]+>/g, '');
  }
  return found;
}

beforeAll(async () => {
  h = await createPtTestApp();
  lamp = await h.product({ name: 'Lamp', regular_price: '50.00' });
  book = await h.product({ name: 'Book', regular_price: '10.00', tax_class: 'reduced-rate' });
  voucher = await h.product({ name: 'Voucher', regular_price: '20.00', tax_status: 'none' });
  tee = await h.product({
    name: 'Tee',
    type: 'variable',
    attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
  });
  await h.variation(tee, { regular_price: '20.00', attributes: [{ name: 'Size', option: 'S' }] });
  await h.variation(tee, { regular_price: '22.00', attributes: [{ name: 'Size', option: 'M' }] });
  await option('general', 'woocommerce_default_country', 'GB');
  standardRate = (await wc('POST', 'taxes', { country: 'GB', rate: '20', name: 'VAT' })).id;
  await wc('POST', 'taxes', { country: 'GB', rate: '5', name: 'VAT', class: 'reduced-rate' });
  const created = await h.api('POST', '/tables', {
    data: {
      title: 'Prices',
      columns: [
        { id: 'name', type: 'name', heading: 'Product' },
        { id: 'price', type: 'price', heading: 'Price' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  table = created.json().id;
});
afterAll(async () => h?.t.close());

describe('the price column and woocommerce_tax_display_shop', () => {
  it('should show prices as entered while taxes are off, whatever the display setting', async () => {
    await option('tax', 'woocommerce_tax_display_shop', 'incl');
    expect(await shownPrices()).toMatchObject({ [lamp]: '$50.00', [book]: '$10.00' });
  });

  it('should add the base address tax per class when taxes are on and the shop shows prices with tax', async () => {
    await option('general', 'woocommerce_calc_taxes', 'yes');
    expect(await shownPrices()).toEqual({
      [lamp]: '$60.00',
      [book]: '$10.50',
      [voucher]: '$20.00',
      [tee]: '$24.00 &ndash; $26.40',
    });
    // The stored table's page shows the same.
    const page = await h.t.app.inject({ method: 'GET', url: `/product-table/${table}` });
    expect(page.statusCode).toBe(200);
    expect(pricesIn(page.body)[lamp]).toBe('$60.00');
  });

  it('should follow a changed rate and a changed display setting at once', async () => {
    await wc('PUT', `taxes/${standardRate}`, { rate: '10' });
    expect((await shownPrices())[lamp]).toBe('$55.00');
    await option('tax', 'woocommerce_tax_display_shop', 'excl');
    expect(await shownPrices()).toMatchObject({ [lamp]: '$50.00', [book]: '$10.00' });
    await wc('PUT', `taxes/${standardRate}`, { rate: '20' });
  });

  it('should take the tax out of prices entered with tax when the shop shows them without', async () => {
    await option('tax', 'woocommerce_prices_include_tax', 'yes');
    // 50.00 with 20 %: 41.67 without; 10.00 with 5 %: 9.52.
    expect(await shownPrices()).toMatchObject({ [lamp]: '$41.67', [book]: '$9.52', [voucher]: '$20.00' });
    const picker = await h.api('GET', `/products?include=${lamp}`);
    expect(picker.statusCode, picker.body).toBe(200);
    expect(picker.json()[0]).toMatchObject({ id: lamp, price: '41.67' });
    await option('tax', 'woocommerce_tax_display_shop', 'incl');
    expect((await shownPrices())[lamp]).toBe('$50.00');
  });
});
