import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct, stockOf } from './cart-helpers.js';

let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let customer: Record<string, string>;
let book: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));
  t = await createTestApp({ options: { clock, extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  book = await seedProduct(t, { name: 'Book', price: 1250, stock: 50 });
});
afterAll(async () => t.close());

type Json = Record<string, any>;

async function createOrder(body: Json = {}): Promise<Json> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/orders',
    headers: admin,
    payload: {
      billing: { email: 'bob@example.com', first_name: 'Bob', last_name: 'Stone' },
      line_items: [{ product_id: book, quantity: 2 }],
      set_paid: true,
      ...body,
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

function update(id: number, payload: Json) {
  return t.app.inject({ method: 'PUT', url: `/wp-json/wc/v3/orders/${id}`, headers: admin, payload });
}

function refund(id: number, payload: Json) {
  return t.app.inject({
    method: 'POST',
    url: `/wp-json/wc/v3/orders/${id}/refunds`,
    headers: admin,
    payload,
  });
}

describe('wc/v3/orders access', () => {
  it('should answer 401 to anonymous callers and 403 to customers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/orders' })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/orders', headers: customer });
    expect(r.statusCode).toBe(403);
    const post = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders/1/refunds',
      headers: customer,
      payload: { amount: '1' },
    });
    expect(post.statusCode).toBe(403);
  });
});

describe('POST /wc/v3/orders', () => {
  it('should price lines from the catalog, apply coupons and fees, and take stock when paid', async () => {
    await t.ctx.shop.createCoupon({ code: 'half', discount_type: 'percent', amount: 50 });
    const stock = await stockOf(t, book);
    const order = await createOrder({
      line_items: [{ product_id: book, quantity: 3 }],
      coupon_lines: [{ code: 'HALF' }],
      fee_lines: [{ name: 'Gift wrap', total: '2.50' }],
      meta_data: [{ key: 'source', value: 'phone' }],
    });
    expect(order).toMatchObject({
      status: 'processing',
      total: '21.25',
      discount_total: '18.75',
      currency: 'USD',
      customer_id: 0,
    });
    expect(order.line_items[0]).toMatchObject({
      quantity: 3,
      subtotal: '37.50',
      total: '18.75',
      price: 12.5,
    });
    expect(order.fee_lines[0]).toMatchObject({ name: 'Gift wrap', total: '2.50' });
    expect(order.coupon_lines[0]).toMatchObject({ code: 'half', discount: '18.75' });
    expect(order.meta_data[0]).toMatchObject({ key: 'source', value: 'phone' });
    expect(order.date_paid).toBe('2026-04-01T09:00:00');
    expect(await stockOf(t, book)).toBe((stock ?? 0) - 3);
  });

  it('should refuse a zero quantity and an unknown coupon with 400', async () => {
    const base = { billing: { email: 'x@example.com' } };
    const zero = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders',
      headers: admin,
      payload: { ...base, line_items: [{ product_id: book, quantity: 0 }] },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().data.params).toHaveProperty(['line_items.0.quantity']);
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders',
      headers: admin,
      payload: { ...base, line_items: [{ product_id: book, quantity: 1 }], coupon_lines: [{ code: 'nope' }] },
    });
    expect(coupon.statusCode).toBe(400);
    expect(coupon.json().code).toBe('woocommerce_rest_invalid_coupon');
  });
});

describe('GET /wc/v3/orders', () => {
  it('should filter by status, customer, search and dates, with pagination headers', async () => {
    clock.set(new Date('2026-05-01T00:00:00Z'));
    const a = await createOrder({
      billing: { email: 'carol@example.com', first_name: 'Carol', last_name: 'Ng' },
    });
    clock.set(new Date('2026-05-02T00:00:00Z'));
    const b = await createOrder({ set_paid: false, customer_id: 77 });
    clock.set(new Date('2026-05-03T00:00:00Z'));
    const pending = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?status=pending',
      headers: admin,
    });
    expect(pending.json().map((o: Json) => o.id)).toEqual([b.id]);
    const byCustomer = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?customer=77',
      headers: admin,
    });
    expect(byCustomer.json().map((o: Json) => o.id)).toEqual([b.id]);
    const search = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?search=CAROL',
      headers: admin,
    });
    expect(search.json().map((o: Json) => o.id)).toEqual([a.id]);
    const window = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?after=2026-04-30T00:00:00&before=2026-05-01T12:00:00',
      headers: admin,
    });
    expect(window.json().map((o: Json) => o.id)).toEqual([a.id]);
    const page = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?per_page=1&page=2',
      headers: admin,
    });
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-wp-total'])).toBeGreaterThanOrEqual(3);
    expect(page.headers.link).toContain('rel="next"');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?status=shipped',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('should answer 404 for an unknown order', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/orders/424242', headers: admin });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('woocommerce_rest_shop_order_invalid_id');
  });
});

describe('PUT /wc/v3/orders/{id}', () => {
  it('should complete an order and emit order.status_changed with from/to', async () => {
    const order = await createOrder();
    const seen: string[] = [];
    const off = t.ctx.events.on('order.status_changed', ({ order: o, from, to }) => {
      seen.push(`${o.id}:${from}->${to}`);
    });
    const r = await update(order.id, { status: 'completed' });
    off();
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe('completed');
    expect(r.json().date_completed).not.toBeNull();
    expect(seen).toEqual([`${order.id}:processing->completed`]);
  });

  it('should let a shop manager set any status, even out of completed, as WooCommerce does', async () => {
    const order = await createOrder();
    await update(order.id, { status: 'completed' });
    const r = await update(order.id, { status: 'pending', customer_note: 'changed' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'pending', customer_note: 'changed' });
  });

  it('should give the stock and the coupon use back when an order is cancelled', async () => {
    await t.ctx.shop.createCoupon({ code: 'once', discount_type: 'fixed_cart', amount: 100, usage_limit: 1 });
    const stock = await stockOf(t, book);
    const order = await createOrder({ coupon_lines: [{ code: 'once' }] });
    expect(await stockOf(t, book)).toBe((stock ?? 0) - 2);
    expect((await t.ctx.shop.getCoupon('once'))?.usage_count).toBe(1);
    const r = await update(order.id, { status: 'cancelled' });
    expect(r.json().status).toBe('cancelled');
    expect(await stockOf(t, book)).toBe(stock);
    expect((await t.ctx.shop.getCoupon('once'))?.usage_count).toBe(0);
    const back = await update(order.id, { status: 'processing' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await stockOf(t, book)).toBe((stock ?? 0) - 2);
    expect((await t.ctx.shop.getCoupon('once'))?.usage_count).toBe(1);
  });

  it('should set and delete meta entries, and update billing', async () => {
    const order = await createOrder();
    await t.ctx.shop.setOrderMeta(order.id, 'attribution', { source: 'email' });
    const r = await update(order.id, {
      billing: { phone: '555-0100' },
      meta_data: [{ key: 'gift', value: true }],
    });
    expect(r.json().billing).toMatchObject({ phone: '555-0100', email: 'bob@example.com' });
    expect(r.json().meta_data.map((m: Json) => m.key)).toEqual(['attribution', 'gift']);
    const removed = await update(order.id, { meta_data: [{ key: 'gift', value: null }] });
    expect(removed.json().meta_data.map((m: Json) => m.key)).toEqual(['attribution']);
    expect((await t.ctx.shop.getOrder(order.id))?.meta_data).toEqual({ attribution: { source: 'email' } });
  });

  it('should refund what is left when the status is set to refunded', async () => {
    const order = await createOrder();
    const r = await update(order.id, { status: 'refunded' });
    expect(r.json().status).toBe('refunded');
    expect(r.json().refunds).toHaveLength(1);
    expect(r.json().refunds[0].total).toBe('-25.00');
  });
});

describe('DELETE /wc/v3/orders/{id}', () => {
  it('should move an order to the trash, hide it from the list, and refuse trashing it twice (410)', async () => {
    const order = await createOrder();
    const r = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/orders/${order.id}`,
      headers: admin,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe('trash');
    const list = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?per_page=100',
      headers: admin,
    });
    expect(list.json().map((o: Json) => o.id)).not.toContain(order.id);
    const trash = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/orders?status=trash',
      headers: admin,
    });
    expect(trash.json().map((o: Json) => o.id)).toContain(order.id);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/orders/${order.id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(410);
    const force = await t.app.inject({
      method: 'DELETE',
      url: `/wp-json/wc/v3/orders/${order.id}?force=true`,
      headers: admin,
    });
    expect(force.statusCode).toBe(200);
    expect(await t.ctx.shop.getOrder(order.id)).toBeNull();
  });
});

describe('POST /wc/v3/orders/{id}/refunds', () => {
  it('should refund partly, refuse an over-refund without changing anything, then refund fully', async () => {
    const order = await createOrder();
    const events: string[] = [];
    const off = [
      t.ctx.events.on('order.refunded', ({ refund: r, refunded_total }) => {
        events.push(`refunded:${r.amount}:${refunded_total}`);
      }),
      t.ctx.events.on('order.status_changed', ({ from, to }) => {
        events.push(`status:${from}->${to}`);
      }),
    ];
    const partial = await refund(order.id, { amount: '10.00', reason: 'Damaged' });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ amount: '10.00', reason: 'Damaged' });
    const over = await refund(order.id, { amount: '15.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('woocommerce_rest_invalid_order_refund');
    expect(over.json().data.remaining).toBe('15.00');
    const zero = await refund(order.id, { amount: '0' });
    expect(zero.statusCode).toBe(400);
    const rest = await refund(order.id, { amount: '15.00' });
    expect(rest.statusCode).toBe(201);
    for (const f of off) f();
    expect(events).toEqual(['refunded:1000:1000', 'refunded:1500:2500', 'status:processing->refunded']);
    const read = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/orders/${order.id}`,
      headers: admin,
    });
    expect(read.json().status).toBe('refunded');
    expect(read.json().refunds.map((r: Json) => r.total)).toEqual(['-15.00', '-10.00']);
    const list = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/orders/${order.id}/refunds`,
      headers: admin,
    });
    expect(list.json()).toHaveLength(2);
  });

  it('should never over-refund under concurrent refunds', async () => {
    const order = await createOrder();
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(order.id, { amount: '10.00' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const stored = await t.ctx.shop.getOrder(order.id);
    expect(stored?.refunded_total).toBe(2000);
  });

  it('should refund line items and put their quantity back in stock', async () => {
    const order = await createOrder();
    const stock = await stockOf(t, book);
    const lineId = order.line_items[0].id;
    const r = await refund(order.id, { line_items: [{ id: lineId, quantity: 1, refund_total: '12.50' }] });
    expect(r.statusCode).toBe(201);
    expect(r.json().amount).toBe('12.50');
    expect(r.json().line_items[0]).toMatchObject({ id: lineId, quantity: -1, total: '-12.50' });
    expect(await stockOf(t, book)).toBe((stock ?? 0) + 1);
    const tooMany = await refund(order.id, {
      line_items: [{ id: lineId, quantity: 2, refund_total: '1.00' }],
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('should refuse refunds of unknown orders and of orders with nothing to refund', async () => {
    expect((await refund(999999, { amount: '1.00' })).statusCode).toBe(404);
    const free = await createOrder({ line_items: [{ product_id: book, subtotal: '0' }] });
    const r = await refund(free.id, { amount: '0.01' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('woocommerce_rest_invalid_order_refund');
  });
});
