import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
let tea: number;
let anvil: number;
let ebook: number;
let heavy: number;
let usFlat: number;
let usFree: number;

type Json = Record<string, any>;

function wc(method: string, path: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url: `/wp-json/wc/v3/${path}`,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function created(method: string, path: string, payload: unknown): Promise<Json> {
  const r = await wc(method, path, payload);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
}

const US = { country: 'US', state: 'CA', postcode: '94016', city: 'San Francisco', address_1: '1 Main St' };

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  tea = await seedProduct(t, { name: 'Tea', price: 999 });
  anvil = await seedProduct(t, { name: 'Anvil', price: 2000 });
  ebook = await seedProduct(t, { name: 'E-book', price: 500 });
});
afterAll(async () => t.close());

describe('a shop without shipping methods', () => {
  it('should need no shipping and check out as before, nothing charged', async () => {
    const token = await guestToken(t);
    const cart = (await storePost(t, 'cart/add-item', token, { id: tea, quantity: 2 })).json();
    expect(cart).toMatchObject({ needs_shipping: false, shipping_rates: [], has_calculated_shipping: false });
    expect(cart.totals).toMatchObject({ total_shipping: '0', total_shipping_tax: '0', total_price: '1998' });
    const placed = await storePost(t, 'checkout', token, {
      billing_address: { email: 'a@example.com', country: 'JP', state: 'JP13' },
      payment_method: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await wc('GET', `orders/${placed.json().order_id}`)).json();
    expect(order).toMatchObject({ total: '19.98', shipping_total: '0.00', shipping_lines: [] });
  });
});

describe('a cart in a zone with flat rate and free shipping over a minimum', () => {
  beforeAll(async () => {
    heavy = (await created('POST', 'products/shipping_classes', { name: 'Heavy' })).id;
    await created('PUT', `products/${anvil}`, { shipping_class: 'heavy' });
    await created('PUT', `products/${ebook}`, { virtual: true });
    const us = await created('POST', 'shipping/zones', { name: 'United States', order: 1 });
    await created('PUT', `shipping/zones/${us.id}/locations`, [{ code: 'US' }]);
    usFlat = (
      await created('POST', `shipping/zones/${us.id}/methods`, {
        method_id: 'flat_rate',
        settings: {
          title: 'Standard',
          cost: '5 + 0.5 * [qty]',
          [`class_cost_${heavy}`]: '10',
          type: 'class',
        },
      })
    ).id;
    usFree = (
      await created('POST', `shipping/zones/${us.id}/methods`, {
        method_id: 'free_shipping',
        settings: { requires: 'min_amount', min_amount: '100.00' },
      })
    ).id;
    const eu = await created('POST', 'shipping/zones', { name: 'Europe', order: 2 });
    await created('PUT', `shipping/zones/${eu.id}/locations`, [{ code: 'EU', type: 'continent' }]);
    await created('POST', `shipping/zones/${eu.id}/methods`, {
      method_id: 'flat_rate',
      settings: { cost: '12' },
    });
    const bay = await created('POST', 'shipping/zones', { name: 'Bay Area', order: 0 });
    await created('PUT', `shipping/zones/${bay.id}/locations`, [
      { code: 'US:CA', type: 'state' },
      { code: '94000...94999', type: 'postcode' },
    ]);
    await created('POST', `shipping/zones/${bay.id}/methods`, {
      method_id: 'local_pickup',
      settings: { cost: '1.50' },
    });
  });

  it("should offer the matched zone's rates, charge the chosen one and add it to the total", async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: tea, quantity: 2 });
    const before = (await storePost(t, 'cart/add-item', token, { id: anvil, quantity: 1 })).json();
    expect(before).toMatchObject({
      needs_shipping: true,
      has_calculated_shipping: false,
      shipping_rates: [],
    });
    const r = await storePost(t, 'cart/update-customer', token, {
      shipping_address: { ...US, postcode: '10001', state: 'NY' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const cart = r.json();
    expect(cart.has_calculated_shipping).toBe(true);
    const [pack] = cart.shipping_rates;
    expect(pack.destination).toMatchObject({ country: 'US', state: 'NY', postcode: '10001' });
    expect(pack.items.map((i: Json) => i.quantity)).toEqual([2, 1]);
    // 5 + 0.5 × 3 items, + 10 for the heavy class = 16.50; free shipping needs 100.00 of 39.98.
    expect(pack.shipping_rates.map((x: Json) => [x.rate_id, x.name, x.price, x.selected])).toEqual([
      [`flat_rate:${usFlat}`, 'Standard', '1650', true],
    ]);
    expect(pack.shipping_rates[0]).toMatchObject({
      method_id: 'flat_rate',
      instance_id: usFlat,
      currency_code: 'USD',
    });
    expect(cart.totals).toMatchObject({ total_items: '3998', total_shipping: '1650', total_price: '5648' });

    const big = (await storePost(t, 'cart/add-item', token, { id: anvil, quantity: 4 })).json();
    const rates = big.shipping_rates[0].shipping_rates;
    expect(rates.map((x: Json) => [x.rate_id, x.price])).toEqual([
      [`flat_rate:${usFlat}`, '1850'],
      [`free_shipping:${usFree}`, '0'],
    ]);
    const chosen = await storePost(t, 'cart/select-shipping-rate', token, {
      package_id: 0,
      rate_id: `free_shipping:${usFree}`,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().totals).toMatchObject({
      total_items: '11998',
      total_shipping: '0',
      total_price: '11998',
    });
    expect(chosen.json().shipping_rates[0].shipping_rates[1].selected).toBe(true);
    const bad = await storePost(t, 'cart/select-shipping-rate', token, { package_id: 0, rate_id: 'ups:1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('woocommerce_rest_cart_invalid_shipping_rate');
    const missing = await storePost(t, 'cart/select-shipping-rate', token, { package_id: 0 });
    expect(missing.statusCode).toBe(400);
    expect(
      (await storePost(t, 'cart/update-customer', token, { shipping_address: { country: 'USA' } }))
        .statusCode,
    ).toBe(400);
  });

  it('should drop free shipping once the cart falls under the minimum and fall back to the first rate', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/update-customer', token, { billing_address: { country: 'US', state: 'TX' } });
    const cart = (await storePost(t, 'cart/add-item', token, { id: anvil, quantity: 5 })).json();
    await storePost(t, 'cart/select-shipping-rate', token, {
      package_id: 0,
      rate_id: `free_shipping:${usFree}`,
    });
    const key = cart.items[0].key;
    const smaller = (await storePost(t, 'cart/update-item', token, { key, quantity: 1 })).json();
    const rates = smaller.shipping_rates[0].shipping_rates;
    expect(rates.map((x: Json) => [x.rate_id, x.selected])).toEqual([[`flat_rate:${usFlat}`, true]]);
    expect(smaller.totals.total_shipping).toBe('1550');
  });

  it('should pick the most specific zone by order: postcode rules, states, continents', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: tea, quantity: 1 });
    const bay = (await storePost(t, 'cart/update-customer', token, { shipping_address: US })).json();
    expect(bay.shipping_rates[0].shipping_rates.map((x: Json) => [x.method_id, x.price])).toEqual([
      ['local_pickup', '150'],
    ]);
    const de = (
      await storePost(t, 'cart/update-customer', token, { shipping_address: { country: 'DE' } })
    ).json();
    expect(de.shipping_rates[0].shipping_rates.map((x: Json) => x.price)).toEqual(['1200']);
    const jp = (
      await storePost(t, 'cart/update-customer', token, { shipping_address: { country: 'JP' } })
    ).json();
    expect(jp.shipping_rates[0].shipping_rates).toEqual([]);
    expect(jp.totals.total_shipping).toBe('0');
  });

  it('should refuse to check out to an address no method serves', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: tea, quantity: 1 });
    const r = await storePost(t, 'checkout', token, {
      billing_address: { email: 'jp@example.com', country: 'JP', state: 'JP13' },
      payment_method: 'cod',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'woocommerce_rest_invalid_shipping_option',
      message: 'Sorry, this order requires a shipping option.',
      data: { status: 400 },
    });
    expect((await storePost(t, 'cart/update-customer', token, {})).json().items).toHaveLength(1);
  });

  it('should need no shipping for a cart of virtual products', async () => {
    const token = await guestToken(t);
    const cart = (await storePost(t, 'cart/add-item', token, { id: ebook, quantity: 1 })).json();
    expect(cart).toMatchObject({ needs_shipping: false, shipping_rates: [] });
    const placed = await storePost(t, 'checkout', token, {
      billing_address: { email: 'v@example.com', country: 'JP', state: 'JP13' },
      payment_method: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await wc('GET', `orders/${placed.json().order_id}`)).json()).toMatchObject({
      total: '5.00',
      shipping_lines: [],
    });
  });

  it("should create the order's shipping lines, adding up to its total to the cent", async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: tea, quantity: 3 });
    await storePost(t, 'cart/add-item', token, { id: anvil, quantity: 1 });
    await storePost(t, 'cart/add-item', token, { id: ebook, quantity: 1 });
    const placed = await storePost(t, 'checkout', token, {
      billing_address: { email: 'ship@example.com', country: 'US', state: 'NY' },
      shipping_address: { country: 'US', state: 'NY', postcode: '10001' },
      payment_method: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // 3 × 9.99 + 20.00 + 5.00 = 54.97; 5 + 0.5 × 4 shipped items + 10 heavy = 17.00 (the e-book ships nothing).
    expect(placed.json().totals).toMatchObject({
      total_items: '5497',
      total_shipping: '1700',
      total_price: '7197',
    });
    const order = (await wc('GET', `orders/${placed.json().order_id}`)).json();
    expect(order.shipping_lines).toEqual([
      {
        id: 1,
        method_title: 'Standard',
        method_id: 'flat_rate',
        instance_id: String(usFlat),
        total: '17.00',
        total_tax: '0.00',
        taxes: [],
        meta_data: [],
      },
    ]);
    expect(order).toMatchObject({ shipping_total: '17.00', total: '71.97' });
    const cents = (v: string) => Math.round(Number(v) * 100);
    const sum =
      order.line_items.reduce((n: number, l: Json) => n + cents(l.total), 0) +
      order.shipping_lines.reduce((n: number, l: Json) => n + cents(l.total), 0);
    expect(sum).toBe(cents(order.total));
  });

  it('should take shipping_lines on wc/v3 order create and add them to the total', async () => {
    const r = await wc('POST', 'orders', {
      line_items: [{ product_id: tea, quantity: 2 }],
      shipping_lines: [{ method_id: 'flat_rate', method_title: 'Courier', total: '7.25' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ total: '27.23', shipping_total: '7.25' });
    expect(r.json().shipping_lines[0]).toMatchObject({
      method_id: 'flat_rate',
      method_title: 'Courier',
      total: '7.25',
    });
    const bad = await wc('POST', 'orders', {
      line_items: [{ product_id: tea }],
      shipping_lines: [{ method_id: 'flat_rate', total: 'lots' }],
    });
    expect(bad.statusCode).toBe(400);
  });
});
