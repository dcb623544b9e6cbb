import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

// What the admin's order screens read besides wc/v3/orders: counts per status, the allowed transitions,
// and a customer's orders count and total spent.
let t: TestApp;
let manager: Record<string, string>;
let customerHeaders: Record<string, string>;
let buyer: { id: number };
let book: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  manager = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  buyer = await t.createUser({ role: 'customer' });
  customerHeaders = await t.appPasswordHeader(buyer as never);
  book = await seedProduct(t, { name: 'Book', price: 1250, stock: 50 });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = manager) =>
  t.app.inject({ method: 'GET', url: `/wp-json/wc/v3/${url}`, headers });

async function order(status: string, quantity = 1): Promise<number> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/orders',
    headers: manager,
    payload: { status, customer_id: buyer.id, line_items: [{ product_id: book, quantity }] },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

describe('GET /wc/v3/reports/orders/totals', () => {
  it('should count the orders of each status, every status listed, trashed orders left out', async () => {
    await order('processing');
    await order('processing');
    const trashed = await order('on-hold');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/wp-json/wc/v3/orders/${trashed}`, headers: manager }))
        .statusCode,
    ).toBe(200);
    const r = await get('reports/orders/totals');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([
      { slug: 'pending', name: 'Pending payment', total: 0 },
      { slug: 'processing', name: 'Processing', total: 2 },
      { slug: 'on-hold', name: 'On hold', total: 0 },
      { slug: 'completed', name: 'Completed', total: 0 },
      { slug: 'cancelled', name: 'Cancelled', total: 0 },
      { slug: 'refunded', name: 'Refunded', total: 0 },
      { slug: 'failed', name: 'Failed', total: 0 },
    ]);
  });
});

describe('GET /wc/v3/order-statuses', () => {
  it('should give each status with the statuses the shop lets an order move to', async () => {
    const r = await get('order-statuses');
    expect(r.statusCode, r.body).toBe(200);
    const bySlug = Object.fromEntries(r.json().map((s: { slug: string }) => [s.slug, s]));
    expect(bySlug.completed).toEqual({ slug: 'completed', name: 'Completed', next: ['refunded'] });
    expect(bySlug.cancelled.next).toEqual([]);
    expect(bySlug.processing.next).toContain('completed');
    expect(bySlug.processing.next).not.toContain('pending');
  });
});

describe('who may read them', () => {
  it('should answer 401 without credentials and 403 to a customer, on both routes', async () => {
    for (const url of ['reports/orders/totals', 'order-statuses']) {
      expect((await get(url, {})).statusCode).toBe(401);
      const forbidden = await get(url, customerHeaders);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    }
  });
});

describe('GET /wc/v3/customers: orders_count and total_spent', () => {
  it('should count every order and add up what the paid ones came to, minus refunds', async () => {
    const paid = await order('completed', 2);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/orders/${paid}/refunds`,
      headers: manager,
      payload: { amount: '5.00', reason: 'Scuffed' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await order('pending');
    const r = await get(`customers?include=${buyer.id}`);
    expect(r.statusCode, r.body).toBe(200);
    // 2 processing (12.50 each) + 1 completed (25.00 − 5.00) paid; the pending one and the trashed one not counted as spent.
    expect(r.json()[0]).toMatchObject({ id: buyer.id, orders_count: 4, total_spent: '45.00' });
    const one = await get(`customers/${buyer.id}`);
    expect(one.json()).toMatchObject({ orders_count: 4, total_spent: '45.00' });
  });
});
