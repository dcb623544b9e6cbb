import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTaxStep } from '../../src/shop/tax/tax.demo.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

type Json = Record<string, any>;

let t: TestApp;
let manager: Record<string, string>;
let shirt: number;
let book: number;
let ebook: number;

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers: manager, ...(payload ? { payload } : {}) });

async function setOptions(values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await t.ctx.options.set(name, value);
}

async function cart(lines: Array<[number, number]>): Promise<{ token: string; body: Json }> {
  const token = await guestToken(t);
  let body: Json = {};
  for (const [id, quantity] of lines) {
    const r = await storePost(t, 'cart/add-item', token, { id, quantity });
    expect(r.statusCode, r.body).toBe(201);
    body = r.json();
  }
  return { token, body };
}

async function checkout(token: string, address: Json): Promise<Json> {
  const r = await storePost(t, 'checkout', token, {
    billing_address: { email: 'ann@example.com', first_name: 'Ann', ...address },
    payment_method: 'cod',
  });
  expect(r.statusCode, r.body).toBe(200);
  return (await admin('GET', `orders/${r.json().order_id}`)).json();
}

/** The order's parts add up to its total to the cent (lines, their tax, fees, shipping and its tax). */
function expectOrderAddsUp(order: Json): void {
  const cents = (v: string) => Math.round(Number(v) * 100);
  const lines = order.line_items.reduce((s: number, l: Json) => s + cents(l.total) + cents(l.total_tax), 0);
  const fees = order.fee_lines.reduce((s: number, f: Json) => s + cents(f.total), 0);
  const shipping = cents(order.shipping_total) + cents(order.shipping_tax);
  expect(lines + fees + shipping).toBe(cents(order.total));
  const taxLines = order.tax_lines.reduce(
    (s: number, l: Json) => s + cents(l.tax_total) + cents(l.shipping_tax_total),
    0,
  );
  expect(taxLines).toBe(cents(order.total_tax));
  expect(cents(order.cart_tax) + cents(order.shipping_tax)).toBe(cents(order.total_tax));
}

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager', username: 'manager' }));
  shirt = await seedProduct(t, { name: 'Shirt', price: 1999 });
  book = await seedProduct(t, { name: 'Book', price: 1200 });
  ebook = await seedProduct(t, { name: 'E-book', price: 500 });
  await t.ctx.db
    .updateTable('shop_products')
    .set({ tax_class: 'reduced-rate' })
    .where('id', '=', book)
    .execute();
  await t.ctx.db
    .updateTable('shop_products')
    .set({ tax_status: 'none', virtual: 1 })
    .where('id', '=', ebook)
    .execute();
  for (const rate of [
    { country: 'GB', rate: '20', name: 'VAT', shipping: true },
    { country: 'GB', rate: '5', name: 'VAT', class: 'reduced-rate' },
    { country: 'CA', rate: '5', name: 'GST', priority: 1 },
    { country: 'CA', state: 'QC', rate: '9.975', name: 'QST', priority: 2, compound: true },
    { country: 'US', state: 'NY', postcode: '100*', rate: '8.875', name: 'NY Tax' },
  ])
    expect((await admin('POST', 'taxes', rate)).statusCode).toBe(201);
});
afterAll(async () => t.close());

describe('taxes in the Store API cart and checkout', () => {
  it('should change nothing while woocommerce_calc_taxes is no', async () => {
    await setOptions({ woocommerce_calc_taxes: 'no', woocommerce_default_country: 'GB' });
    const { token, body } = await cart([[shirt, 1]]);
    expect(body.totals).toMatchObject({
      total_items: '1999',
      total_tax: '0',
      total_price: '1999',
      tax_lines: [],
    });
    const order = await checkout(token, { country: 'GB' });
    expect(order).toMatchObject({ total: '19.99', total_tax: '0.00', tax_lines: [], cart_tax: '0.00' });
    expect(order.line_items[0]).toMatchObject({ total_tax: '0.00', taxes: [] });
  });

  it('should add 20 % at the base address in the cart and per class, and keep it on the order', async () => {
    await setOptions({
      woocommerce_calc_taxes: 'yes',
      woocommerce_prices_include_tax: 'no',
      woocommerce_default_country: 'GB',
    });
    const { token, body } = await cart([
      [shirt, 2],
      [book, 1],
      [ebook, 1],
    ]);
    expect(body.totals).toMatchObject({
      total_items: '5698',
      total_items_tax: '860',
      total_tax: '860',
      total_price: '6558',
      tax_lines: [
        { name: 'VAT', price: '800', rate: '20%' },
        { name: 'VAT', price: '60', rate: '5%' },
      ],
    });
    const shirtLine = body.items.find((i: Json) => i.id === shirt);
    expect(shirtLine.totals).toMatchObject({
      line_subtotal: '3998',
      line_subtotal_tax: '800',
      line_total_tax: '800',
    });
    expect(body.items.find((i: Json) => i.id === ebook).totals.line_total_tax).toBe('0');
    const order = await checkout(token, { country: 'GB', postcode: 'SW1A 1AA' });
    expect(order).toMatchObject({
      total: '65.58',
      total_tax: '8.60',
      cart_tax: '8.60',
      shipping_tax: '0.00',
    });
    expect(order.tax_lines[0]).toMatchObject({
      rate_code: 'GB-VAT-1',
      label: 'VAT',
      compound: false,
      tax_total: '8.00',
      shipping_tax_total: '0.00',
      rate_percent: 20,
    });
    const line = order.line_items.find((l: Json) => l.product_id === shirt);
    expect(line).toMatchObject({
      subtotal: '39.98',
      subtotal_tax: '8.00',
      total: '39.98',
      total_tax: '8.00',
    });
    expect(line.taxes).toEqual([{ id: order.tax_lines[0].rate_id, total: '8.00', subtotal: '8.00' }]);
    expectOrderAddsUp(order);
  });

  it('should tax at the billing address at checkout, with a compound rate', async () => {
    const { token } = await cart([[shirt, 1]]);
    const order = await checkout(token, { country: 'CA', state: 'QC' });
    // 19.99 × 5 % = 0.9995 → 1.00; (19.99 + 0.9995) × 9.975 % = 2.0937… → 2.09.
    expect(order.tax_lines.map((l: Json) => [l.label, l.tax_total, l.compound])).toEqual([
      ['GST', '1.00', false],
      ['QST', '2.09', true],
    ]);
    expect(order).toMatchObject({ total_tax: '3.09', total: '23.08' });
    expectOrderAddsUp(order);
  });

  it('should match a rate by postcode wildcard and charge nothing where no rate matches', async () => {
    const ny = await checkout((await cart([[shirt, 1]])).token, {
      country: 'US',
      state: 'NY',
      postcode: '10001',
    });
    expect(ny).toMatchObject({ total_tax: '1.77', total: '21.76' });
    const la = await checkout((await cart([[shirt, 1]])).token, {
      country: 'US',
      state: 'CA',
      postcode: '90001',
    });
    expect(la).toMatchObject({ total_tax: '0.00', total: '19.99', tax_lines: [] });
  });

  it('should take the tax out of prices entered with tax, and the base tax out for customers elsewhere', async () => {
    await setOptions({ woocommerce_prices_include_tax: 'yes' });
    const { token, body } = await cart([[shirt, 1]]);
    // 19.99 incl. 20 %: 3.3316… → 3.33 tax, 16.66 without.
    expect(body.totals).toMatchObject({ total_items: '1666', total_tax: '333', total_price: '1999' });
    const order = await checkout(token, { country: 'GB' });
    expect(order).toMatchObject({ total: '19.99', total_tax: '3.33', prices_include_tax: true });
    expect(order.line_items[0]).toMatchObject({ subtotal: '16.66', total: '16.66', total_tax: '3.33' });
    expectOrderAddsUp(order);
    const abroad = await checkout((await cart([[shirt, 1]])).token, { country: 'US', state: 'CA' });
    expect(abroad).toMatchObject({ total: '16.66', total_tax: '0.00' });
    await setOptions({ woocommerce_prices_include_tax: 'no' });
  });

  it('should tax the discounted line and report the discount tax', async () => {
    await t.ctx.shop.createCoupon({ code: 'TEN', discount_type: 'percent', amount: 10 });
    const { token } = await cart([[shirt, 1]]);
    const applied = await storePost(t, 'cart/apply-coupon', token, { code: 'ten' });
    expect(applied.json().totals).toMatchObject({
      total_discount: '200',
      total_discount_tax: '40',
      total_tax: '360',
      total_price: '2159',
    });
    const order = await checkout(token, { country: 'GB' });
    expect(order).toMatchObject({ total: '21.59', total_tax: '3.60', discount_tax: '0.40' });
    expect(order.line_items[0]).toMatchObject({ subtotal_tax: '4.00', total_tax: '3.60' });
    expectOrderAddsUp(order);
  });

  it('should show one tax total without rate lines when tax totals are not itemized', async () => {
    await setOptions({ woocommerce_tax_total_display: 'single' });
    const { body } = await cart([[shirt, 1]]);
    expect(body.totals).toMatchObject({ total_tax: '400', tax_lines: [] });
    await setOptions({ woocommerce_tax_total_display: 'itemized' });
  });

  it('should show the tax rows on the cart page, "includes" when shown with tax, and on the order-received page', async () => {
    const { token } = await cart([[shirt, 1]]);
    const page = await t.app.inject({ method: 'GET', url: '/cart/', headers: { 'cart-token': token } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<th scope="row">VAT<\/th><td class="num">[^<]*4\.00<\/td>/);
    await setOptions({ woocommerce_tax_display_cart: 'incl' });
    const incl = await t.app.inject({ method: 'GET', url: '/cart/', headers: { 'cart-token': token } });
    expect(incl.body).toMatch(/\(includes [^<]*4\.00 VAT\)/);
    expect(incl.body).not.toMatch(/<th scope="row">VAT<\/th>/);
    await setOptions({ woocommerce_tax_display_cart: 'excl' });
    const order = await checkout(token, { country: 'GB' });
    const received = await t.app.inject({
      method: 'GET',
      url: `/checkout/order-received/${order.id}/?key=${order.order_key}`,
    });
    expect(received.statusCode).toBe(200);
    expect(received.body).toMatch(/<th scope="row">VAT<\/th><td class="num">[^<]*4\.00<\/td>/);
  });
});

describe('the demo tax rates', () => {
  it('should add a US state rate and an EU 20 % rate taxing shipping, once', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 2; i++) await demoTaxStep(t.ctx)({ print: (line) => lines.push(line) });
    const rates = (await admin('GET', 'taxes?per_page=100')).json() as Json[];
    expect(rates.filter((r) => r.name === 'CA State Tax')).toEqual([
      expect.objectContaining({ country: 'US', state: 'CA', rate: '7.2500', shipping: false }),
    ]);
    expect(rates.filter((r) => r.name === 'TVA')).toEqual([
      expect.objectContaining({ country: 'FR', rate: '20.0000', shipping: true }),
    ]);
    expect(lines).toEqual(['tax rates: 2 added (0 already there)', 'tax rates: 0 added (2 already there)']);
  });
});
