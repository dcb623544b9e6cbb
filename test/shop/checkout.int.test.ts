import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from '../../src/platform/http/errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, stockOf, storePost } from './cart-helpers.js';

let t: TestApp;
let shirt: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  shirt = await seedProduct(t, { name: 'Shirt', price: 2000, stock: 10 });
});
afterAll(async () => t.close());

const billing = { email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' };

async function cartWith(quantity: number, coupon?: string): Promise<string> {
  const token = await guestToken(t);
  expect((await storePost(t, 'cart/add-item', token, { id: shirt, quantity })).statusCode).toBe(201);
  if (coupon) expect((await storePost(t, 'cart/apply-coupon', token, { code: coupon })).statusCode).toBe(200);
  return token;
}

async function countOrders(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('shop_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /wc/store/v1/checkout', () => {
  it('should create a processing order for cod, take the stock, count the coupon and empty the cart', async () => {
    await t.ctx.shop.createCoupon({
      code: 'TENOFF',
      discount_type: 'fixed_cart',
      amount: 1000,
      usage_limit: 5,
    });
    const events: string[] = [];
    const off = [
      t.ctx.events.on('order.created', ({ order }) => {
        events.push(`created:${order.status}`);
      }),
      t.ctx.events.on('order.status_changed', ({ from, to }) => {
        events.push(`status:${from}->${to}`);
      }),
      t.ctx.events.on('cart.updated', ({ cart }) => {
        events.push(`cart:${cart.items.length}`);
      }),
    ];
    const token = await cartWith(2, 'tenoff');
    const before = await stockOf(t, shirt);
    events.length = 0;
    const r = await storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'cod' });
    for (const f of off) f();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'processing', customer_id: 0, payment_method: 'cod' });
    expect(r.json().totals).toMatchObject({
      total_items: '4000',
      total_discount: '1000',
      total_price: '3000',
    });
    expect(events).toEqual(['created:pending', 'status:pending->processing', 'cart:0']);
    expect(await stockOf(t, shirt)).toBe((before ?? 0) - 2);
    expect((await t.ctx.shop.getCoupon('TENOFF'))?.usage_count).toBe(1);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': token },
    });
    expect(cart.json().items).toEqual([]);
    const order = await t.ctx.shop.getOrder(r.json().order_id);
    expect(order).toMatchObject({ total: 3000, discount_total: 1000, items_subtotal: 4000 });
    expect(order?.line_items[0]).toMatchObject({ quantity: 2, subtotal: 4000, total: 3000 });
  });

  it('should create an on-hold order for bacs', async () => {
    const token = await cartWith(1);
    const r = await storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'bacs' });
    expect(r.json().status).toBe('on-hold');
  });

  it('should refuse the checkout and write nothing when an order.created handler throws', async () => {
    const token = await cartWith(3);
    const stock = await stockOf(t, shirt);
    const orders = await countOrders();
    const off = t.ctx.events.on('order.created', () => {
      throw new RestError(
        'insufficient_points',
        'Insufficient points balance to complete this purchase.',
        422,
      );
    });
    const r = await storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'cod' });
    off();
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe('insufficient_points');
    expect(await stockOf(t, shirt)).toBe(stock);
    expect(await countOrders()).toBe(orders);
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': token },
    });
    expect(cart.json().items[0].quantity).toBe(3);
  });

  it('should refuse an empty cart, an unknown payment method and a bad e-mail with 400', async () => {
    const token = await guestToken(t);
    const empty = await storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'cod' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('woocommerce_rest_cart_empty');
    const full = await cartWith(1);
    const method = await storePost(t, 'checkout', full, {
      billing_address: billing,
      payment_method: 'paypal',
    });
    expect(method.statusCode).toBe(400);
    expect(method.json().code).toBe('woocommerce_rest_checkout_payment_method_disabled');
    const email = await storePost(t, 'checkout', full, {
      billing_address: { email: 'not-an-email' },
      payment_method: 'cod',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().code).toBe('rest_invalid_param');
  });

  it('should refuse a coupon restricted to another e-mail with 409 carrying the cart', async () => {
    await t.ctx.shop.createCoupon({
      code: 'VIPONLY',
      discount_type: 'percent',
      amount: 10,
      email_restrictions: ['vip@example.com'],
    });
    const token = await cartWith(1, 'viponly');
    const orders = await countOrders();
    const r = await storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'cod' });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('woocommerce_rest_cart_coupon_error');
    expect(r.json().data.cart.coupons[0].code).toBe('viponly');
    expect(await countOrders()).toBe(orders);
    const ok = await storePost(t, 'checkout', token, {
      billing_address: { ...billing, email: 'VIP@example.com' },
      payment_method: 'cod',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().totals.total_discount).toBe('200');
  });

  it('should refuse when the stock ran out since the item was added (409 with the cart)', async () => {
    const lamp = await seedProduct(t, { name: 'Lamp', price: 500, stock: 1 });
    const first = await guestToken(t);
    const second = await guestToken(t);
    await storePost(t, 'cart/add-item', first, { id: lamp, quantity: 1 });
    await storePost(t, 'cart/add-item', second, { id: lamp, quantity: 1 });
    expect(
      (await storePost(t, 'checkout', first, { billing_address: billing, payment_method: 'cod' })).statusCode,
    ).toBe(200);
    const r = await storePost(t, 'checkout', second, { billing_address: billing, payment_method: 'cod' });
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('woocommerce_rest_product_out_of_stock');
    expect(r.json().data.cart.items).toHaveLength(1);
    expect(await stockOf(t, lamp)).toBe(0);
  });

  it('should sell the last units once among concurrent checkouts of two products, whatever the line order', async () => {
    const pen = await seedProduct(t, { name: 'Pen', price: 300, stock: 3 });
    const pad = await seedProduct(t, { name: 'Pad', price: 400, stock: 3 });
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const token = await guestToken(t);
      for (const id of i % 2 === 0 ? [pen, pad] : [pad, pen])
        expect((await storePost(t, 'cart/add-item', token, { id, quantity: 1 })).statusCode).toBe(201);
      tokens.push(token);
    }
    const results = await Promise.all(
      tokens.map((token) =>
        storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'cod' }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().code).toBe('woocommerce_rest_product_out_of_stock');
    expect([await stockOf(t, pen), await stockOf(t, pad)]).toEqual([0, 0]);
  });

  it('should let only one of two concurrent checkouts use a single-use coupon', async () => {
    await t.ctx.shop.createCoupon({
      code: 'ONCEONLY',
      discount_type: 'fixed_cart',
      amount: 100,
      usage_limit: 1,
    });
    const first = await cartWith(1, 'onceonly');
    const second = await cartWith(1, 'onceonly');
    const results = await Promise.all(
      [first, second].map((token) =>
        storePost(t, 'checkout', token, { billing_address: billing, payment_method: 'cod' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.ctx.shop.getCoupon('onceonly'))?.usage_count).toBe(1);
  });

  it('should ask a cookie-carried guest cart for a nonce, and accept the Nonce it was given', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      payload: { id: shirt, quantity: 1 },
    });
    expect(first.statusCode).toBe(201);
    const cookie = first.cookies.find((c) => c.name === 'storeside_cart');
    expect(cookie?.httpOnly).toBe(true);
    const headers = { cookie: `storeside_cart=${cookie?.value}` };
    const missing = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers,
      payload: { billing_address: billing, payment_method: 'cod' },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('woocommerce_rest_missing_nonce');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { ...headers, nonce: '0123456789' },
      payload: { billing_address: billing, payment_method: 'cod' },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().code).toBe('woocommerce_rest_invalid_nonce');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { ...headers, nonce: first.headers.nonce as string },
      payload: { billing_address: billing, payment_method: 'cod' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
