import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from './cart-helpers.js';

type Json = Record<string, any>;

let t: TestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;
let book: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'shop_manager' }));
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  book = await seedProduct(t, { name: 'Book', price: 1250, stock: 50 });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json, headers = admin) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers, ...(payload ? { payload } : {}) });

async function paidOrderWithRefunds(...amounts: string[]): Promise<{ order: Json; refunds: Json[] }> {
  const created = await call('POST', 'orders', {
    billing: { email: 'bob@example.com' },
    line_items: [{ product_id: book, quantity: 2 }],
    set_paid: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const refunds: Json[] = [];
  for (const amount of amounts) {
    const r = await call('POST', `orders/${created.json().id}/refunds`, { amount, reason: `r ${amount}` });
    expect(r.statusCode, r.body).toBe(201);
    refunds.push(r.json());
  }
  return { order: created.json(), refunds };
}

describe('GET /wc/v3/orders/{id}/refunds/{refund_id}', () => {
  it('should answer one refund of the order', async () => {
    const { order, refunds } = await paidOrderWithRefunds('5.00');
    const r = await call('GET', `orders/${order.id}/refunds/${refunds[0]!.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual(refunds[0]);
  });

  it("should answer 404 for another order's refund, an unknown refund and an unknown order", async () => {
    const a = await paidOrderWithRefunds('1.00');
    const b = await paidOrderWithRefunds();
    const other = await call('GET', `orders/${b.order.id}/refunds/${a.refunds[0]!.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('woocommerce_rest_invalid_id');
    expect((await call('GET', `orders/${a.order.id}/refunds/999999`)).statusCode).toBe(404);
    expect((await call('GET', `orders/999999/refunds/${a.refunds[0]!.id}`)).json().code).toBe(
      'woocommerce_rest_invalid_order_id',
    );
  });

  it('should answer 401 without credentials and 403 to a customer', async () => {
    const { order, refunds } = await paidOrderWithRefunds('1.00');
    expect(
      (await call('GET', `orders/${order.id}/refunds/${refunds[0]!.id}`, undefined, {})).statusCode,
    ).toBe(401);
    expect(
      (await call('GET', `orders/${order.id}/refunds/${refunds[0]!.id}`, undefined, customer)).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /wc/v3/orders/{id}/refunds/{refund_id}', () => {
  it('should refuse without force (501), then delete it and lower the refunded total', async () => {
    const { order, refunds } = await paidOrderWithRefunds('5.00', '3.00');
    const seen: number[] = [];
    const off = t.ctx.events.on('order.refund_deleted', ({ refund }) => {
      seen.push(refund.amount);
    });
    const soft = await call('DELETE', `orders/${order.id}/refunds/${refunds[0]!.id}`);
    expect(soft.statusCode).toBe(501);
    expect(soft.json().code).toBe('woocommerce_rest_trash_not_supported');
    const r = await call('DELETE', `orders/${order.id}/refunds/${refunds[0]!.id}?force=true`);
    off();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual(refunds[0]);
    expect(seen).toEqual([500]);
    expect((await call('GET', `orders/${order.id}/refunds/${refunds[0]!.id}`)).statusCode).toBe(404);
    const after = (await call('GET', `orders/${order.id}`)).json();
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0].total).toBe('-3.00');
    // What was taken back can be refunded again: 25.00 − 3.00 left.
    expect((await call('POST', `orders/${order.id}/refunds`, { amount: '22.00' })).statusCode).toBe(201);
    expect((await call('POST', `orders/${order.id}/refunds`, { amount: '0.01' })).statusCode).toBe(400);
  });

  it('should answer 401 without credentials, 403 to a customer and 400 to a bad force, deleting nothing', async () => {
    const { order, refunds } = await paidOrderWithRefunds('2.00');
    const url = `orders/${order.id}/refunds/${refunds[0]!.id}`;
    expect((await call('DELETE', `${url}?force=true`, undefined, {})).statusCode).toBe(401);
    expect((await call('DELETE', `${url}?force=true`, undefined, customer)).statusCode).toBe(403);
    const bad = await call('DELETE', `${url}?force=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.force).toBeDefined();
    expect((await call('GET', url)).statusCode).toBe(200);
  });
});

describe('GET /wc/v3/refunds', () => {
  it('should list the refunds of every order, newest first, paged, with parent_id and X-WP-Total', async () => {
    const before = Number((await call('GET', 'refunds')).headers['x-wp-total']);
    const a = await paidOrderWithRefunds('1.10', '1.20');
    const b = await paidOrderWithRefunds('1.30');
    const r = await call('GET', 'refunds?per_page=2');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-wp-total']).toBe(String(before + 3));
    expect(r.json().map((x: Json) => [x.parent_id, x.amount])).toEqual([
      [b.order.id, '1.30'],
      [a.order.id, '1.20'],
    ]);
    const mine = await call('GET', `refunds?parent[]=${a.order.id}&order=asc`);
    expect(mine.json().map((x: Json) => x.amount)).toEqual(['1.10', '1.20']);
    expect(mine.headers['x-wp-total']).toBe('2');
  });

  it('should answer 401 without credentials, 403 to a customer and 400 naming a bad parameter', async () => {
    expect((await call('GET', 'refunds', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', 'refunds', undefined, customer)).statusCode).toBe(403);
    const bad = await call('GET', 'refunds?per_page=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.per_page).toBeDefined();
  });
});
