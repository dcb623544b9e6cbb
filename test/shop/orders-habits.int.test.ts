import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { canTransition, nextStatuses } from '../../src/shop/orders/order-status.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct, stockOf } from './cart-helpers.js';

// WooCommerce's payload habits on wc/v3/orders (woocommerce.github.io/woocommerce-rest-api-docs, "Orders").

type Json = Record<string, any>;

let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let customer: Record<string, string>;
let book: number;
let pen: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-06-01T09:00:00Z'));
  t = await createTestApp({ options: { clock, extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  book = await seedProduct(t, { name: 'Book', price: 1250, stock: 50 });
  pen = await seedProduct(t, { name: 'Pen', price: 300, stock: null });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

async function created(payload: Json): Promise<Json> {
  const r = await call('POST', 'orders', payload);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('POST /wc/v3/orders payload habits', () => {
  it('should answer 401 without credentials and 403 to a customer', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/wp-json/wc/v3/orders', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('POST', 'orders', {}, customer)).statusCode).toBe(403);
  });

  it('should create an empty pending order when status is null and there are no line items', async () => {
    const order = await created({ status: null, billing: { first_name: 'Ann' } });
    expect(order).toMatchObject({ status: 'pending', line_items: [], total: '0.00', date_paid: null });
    expect(order.billing).toMatchObject({ first_name: 'Ann', email: '' });
    expect(order.shipping).toMatchObject({ first_name: '', phone: '' });
  });

  it('should order one unit when a line item has no quantity', async () => {
    const order = await created({ line_items: [{ product_id: book }] });
    expect(order.line_items[0]).toMatchObject({ product_id: book, quantity: 1, total: '12.50' });
    expect(order.total).toBe('12.50');
  });

  it('should keep a line whose product no longer exists, with its name and price', async () => {
    const order = await created({
      line_items: [
        { product_id: 987654, name: 'Discontinued mug', quantity: 2, price: '4.50' },
        { product_id: 987655, name: 'Old poster', subtotal: '7' },
        { product_id: pen, quantity: 2 },
      ],
      set_paid: true,
    });
    expect(order.status).toBe('processing');
    expect(order.line_items).toMatchObject([
      {
        product_id: 987654,
        name: 'Discontinued mug',
        quantity: 2,
        price: 4.5,
        subtotal: '9.00',
        total: '9.00',
      },
      { product_id: 987655, name: 'Old poster', quantity: 1, price: 7, total: '7.00' },
      { product_id: pen, name: 'Pen', quantity: 2, total: '6.00' },
    ]);
    expect(order.total).toBe('22.00');
  });

  it('should take a line total given for a catalog product', async () => {
    const order = await created({ line_items: [{ product_id: book, quantity: 2, total: '20.00' }] });
    expect(order.line_items[0]).toMatchObject({ quantity: 2, subtotal: '20.00', price: 10 });
    expect(order.total).toBe('20.00');
  });

  it('should stamp date_paid and move to processing with set_paid, taking stock once', async () => {
    clock.set(new Date('2026-06-02T10:00:00Z'));
    const stock = await stockOf(t, book);
    const order = await created({ line_items: [{ product_id: book, quantity: 1 }], set_paid: true });
    expect(order).toMatchObject({ status: 'processing', date_paid: '2026-06-02T10:00:00' });
    expect(await stockOf(t, book)).toBe((stock ?? 0) - 1);
    const onHold = await created({ status: 'on-hold', set_paid: true });
    expect(onHold).toMatchObject({ status: 'processing', date_paid: '2026-06-02T10:00:00' });
    const completed = await created({ status: 'completed', set_paid: true });
    expect(completed).toMatchObject({ status: 'completed', date_paid: '2026-06-02T10:00:00' });
  });

  it('should pay a pending order with set_paid on update', async () => {
    const order = await created({ line_items: [{ product_id: pen }] });
    clock.set(new Date('2026-06-03T08:00:00Z'));
    const r = await call('PUT', `orders/${order.id}`, { set_paid: true, status: null });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'processing', date_paid: '2026-06-03T08:00:00' });
  });

  it('should let a shop manager set any status, keeping the shop flows strict transitions', async () => {
    const order = await created({ line_items: [{ product_id: pen }], set_paid: true });
    for (const status of ['cancelled', 'completed', 'failed', 'pending', 'on-hold']) {
      const r = await call('PUT', `orders/${order.id}`, { status });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().status).toBe(status);
    }
    expect(canTransition('cancelled', 'completed')).toBe(false);
    expect(nextStatuses('completed')).toEqual(['refunded']);
  });

  it('should show each coupon line with the coupon as it was ordered in coupon_data', async () => {
    await t.ctx.shop.createCoupon({ code: 'tenoff', discount_type: 'fixed_cart', amount: 1000 });
    const order = await created({
      line_items: [{ product_id: book, quantity: 2 }],
      coupon_lines: [{ code: 'TENOFF' }],
    });
    const line = order.coupon_lines[0];
    expect(line).toMatchObject({
      code: 'tenoff',
      discount: '10.00',
      discount_type: 'fixed_cart',
      nominal_amount: 10,
    });
    expect(line.meta_data).toHaveLength(1);
    expect(line.meta_data[0]).toMatchObject({ key: 'coupon_data' });
    expect(line.meta_data[0].value).toMatchObject({
      code: 'tenoff',
      amount: '10.00',
      discount_type: 'fixed_cart',
    });
    const read = await call('GET', `orders/${order.id}`);
    expect(read.json().coupon_lines[0].meta_data[0].value.code).toBe('tenoff');
  });

  it('should refuse bad input with 400 naming the field, creating nothing', async () => {
    const before = Number((await call('GET', 'orders?per_page=1')).headers['x-wp-total']);
    const cases: Array<[Json, string]> = [
      [{ status: 'shipped' }, 'status'],
      [{ line_items: [{ product_id: book, subtotal: 'abc' }] }, 'line_items.subtotal'],
      [{ line_items: [{ product_id: 987654, price: '-1' }] }, 'line_items.price'],
      [{ line_items: [{ name: 'No product' }] }, 'line_items.0.product_id'],
    ];
    for (const [payload, field] of cases) {
      const r = await call('POST', 'orders', payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(r.json().data.params ?? {})).toContain(field);
    }
    expect(Number((await call('GET', 'orders?per_page=1')).headers['x-wp-total'])).toBe(before);
  });
});

describe('POST /wc/v3/orders/{id}/refunds payload habits', () => {
  it('should refund a pending order that has an amount to refund', async () => {
    const order = await created({ line_items: [{ product_id: book }] });
    const r = await call('POST', `orders/${order.id}/refunds`, { amount: '2.50', reason: 'Goodwill' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ amount: '2.50', reason: 'Goodwill' });
    const full = await call('POST', `orders/${order.id}/refunds`, { amount: '10.00' });
    expect(full.statusCode, full.body).toBe(201);
    expect((await call('GET', `orders/${order.id}`)).json().status).toBe('refunded');
  });

  it('should take refunded line items by product_id as well as by line id', async () => {
    const order = await created({
      line_items: [
        { product_id: book, quantity: 2 },
        { product_id: pen, quantity: 3 },
      ],
      set_paid: true,
    });
    const penLine = order.line_items[1].id;
    const byProduct = await call('POST', `orders/${order.id}/refunds`, {
      line_items: [{ product_id: book, quantity: 1, refund_total: 12.5 }],
    });
    expect(byProduct.statusCode, byProduct.body).toBe(201);
    expect(byProduct.json()).toMatchObject({ amount: '12.50' });
    expect(byProduct.json().line_items[0]).toMatchObject({
      id: order.line_items[0].id,
      product_id: book,
      quantity: -1,
    });
    const byId = await call('POST', `orders/${order.id}/refunds`, {
      line_items: [{ id: penLine, quantity: 1, refund_total: '3.00' }],
    });
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json().line_items[0]).toMatchObject({ id: penLine, product_id: pen });
  });

  it('should refuse a refunded line naming neither a line nor a product of the order', async () => {
    const order = await created({ line_items: [{ product_id: book }], set_paid: true });
    const neither = await call('POST', `orders/${order.id}/refunds`, {
      line_items: [{ quantity: 1, refund_total: '1.00' }],
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().data.params).toHaveProperty('line_items');
    const other = await call('POST', `orders/${order.id}/refunds`, {
      line_items: [{ product_id: pen, quantity: 1, refund_total: '1.00' }],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('woocommerce_rest_invalid_order_refund');
    expect((await call('GET', `orders/${order.id}/refunds`)).json()).toEqual([]);
  });
});
