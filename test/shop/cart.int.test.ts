import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, seedVariable, storePost } from './cart-helpers.js';

let t: TestApp;
let clock: ManualClock;
let shirt: number;
let mug: number;
let hoodie: { id: number; variationIds: number[] };

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
  t = await createTestApp({ options: { clock, extensions: [] } });
  shirt = await seedProduct(t, { name: 'Shirt', price: 1999, stock: 5 });
  mug = await seedProduct(t, { name: 'Mug', price: 850 });
  hoodie = await seedVariable(t, {
    name: 'Hoodie',
    variations: [
      { color: 'Red', price: 4500, stock: 3 },
      { color: 'Blue', price: 4200, stock: 0 },
    ],
  });
});
afterAll(async () => t.close());

describe('GET /wc/store/v1/cart', () => {
  it('should give a guest an empty cart with a signed Cart-Token and Store API headers', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart' });
    expect(r.statusCode).toBe(200);
    const token = r.headers['cart-token'] as string;
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p!, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload.user_id).toMatch(/^t_[0-9a-f]{30}$/);
    expect(payload.iss).toBe('wc/store/v1');
    expect(payload.exp - payload.iat).toBe(172800);
    expect(r.headers.nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(r.headers['user-id']).toBe('0');
    expect(r.json().items).toEqual([]);
    expect(r.json().totals).toMatchObject({ total_price: '0', currency_code: 'USD', currency_minor_unit: 2 });
  });
});

describe('POST /wc/store/v1/cart/add-item', () => {
  it('should add a simple product and a variation, with totals in minor-unit strings (201)', async () => {
    const token = await guestToken(t);
    const a = await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 2 });
    expect(a.statusCode).toBe(201);
    const b = await storePost(t, 'cart/add-item', a.headers['cart-token'] as string, {
      id: hoodie.id,
      quantity: 1,
      variation: [{ attribute: 'Color', value: 'red' }],
    });
    expect(b.statusCode).toBe(201);
    const cart = b.json();
    expect(cart.items).toHaveLength(2);
    expect(cart.items[1]).toMatchObject({ id: hoodie.variationIds[0], type: 'variation', quantity: 1 });
    expect(cart.items[1].key).toMatch(/^[0-9a-f]{32}$/);
    expect(cart.totals).toMatchObject({ total_items: '8498', total_price: '8498', total_discount: '0' });
    expect(cart.items_count).toBe(3);
  });

  it('should add to the same line when the same product is added again', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: mug, quantity: 1 });
    const r = await storePost(t, 'cart/add-item', token, { id: mug, quantity: 2 });
    expect(r.json().items).toHaveLength(1);
    expect(r.json().items[0].quantity).toBe(3);
  });

  it('should refuse an unknown product, quantity 0, more than the stock, an out-of-stock variation', async () => {
    const token = await guestToken(t);
    const unknown = await storePost(t, 'cart/add-item', token, { id: 999999, quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('woocommerce_rest_cart_invalid_product');
    const zero = await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().code).toBe('rest_invalid_param');
    const tooMany = await storePost(t, 'cart/add-item', token, { id: shirt, quantity: 6 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('woocommerce_rest_product_partially_out_of_stock');
    const blue = await storePost(t, 'cart/add-item', token, {
      id: hoodie.id,
      quantity: 1,
      variation: [{ attribute: 'Color', value: 'Blue' }],
    });
    expect(blue.json().code).toBe('woocommerce_rest_product_out_of_stock');
    const noOptions = await storePost(t, 'cart/add-item', token, { id: hoodie.id, quantity: 1 });
    expect(noOptions.json().code).toBe('woocommerce_rest_missing_variation_data');
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': token },
    });
    expect(cart.json().items).toEqual([]);
  });
});

describe('wc/store alias', () => {
  it('should answer the cart routes under the wc/store alias with the same session', async () => {
    const token = await guestToken(t);
    const added = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/cart/add-item',
      headers: { 'cart-token': token },
      payload: { id: mug, quantity: 1 },
    });
    expect(added.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': token },
    });
    expect(read.json().items_count).toBe(1);
  });
});
