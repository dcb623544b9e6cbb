import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyExtension } from '../../src/extensions/loyalty/loyalty.extension.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from '../shop/cart-helpers.js';
import { adjust, adminSession, loyalty } from './helpers.js';
import { addToCart, checkout, customer, setOrderStatus } from './shop.js';

// The loyalty routes the shop's admin screens read: an order's points, and the balances of a page of customers.
let t: TestApp;
let admin: Record<string, string>;
let buyer: Awaited<ReturnType<typeof customer>>;
let orderId: number;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [loyaltyExtension] } });
  admin = (await adminSession(t)).headers;
  buyer = await customer(t);
  const lamp = await seedProduct(t, { name: 'Lamp', price: 4000, stock: 10 });
  await addToCart(t, buyer.headers, lamp, 1);
  const placed = await checkout(t, buyer.headers, buyer.user.email);
  expect(placed.statusCode, placed.body).toBe(200);
  orderId = placed.json().order_id;
  await setOrderStatus(t, admin, orderId, 'completed');
});
afterAll(async () => t.close());

describe('GET /loyalty/v1/orders/{id}/points', () => {
  it('should show the points earned, then the clawback after a partial refund', async () => {
    const before = await loyalty(t, 'GET', `/orders/${orderId}/points`, admin);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      order_id: orderId,
      customer_id: buyer.user.id,
      earned: 40,
      redeemed: 0,
      clawed_back: 0,
      returned: 0,
    });
    const refund = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wc/v3/orders/${orderId}/refunds`,
      headers: admin,
      payload: { amount: '10.00', reason: 'Dent' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const after = await loyalty(t, 'GET', `/orders/${orderId}/points`, admin);
    expect(after.json()).toMatchObject({ earned: 40, clawed_back: 10 });
  });

  it('should answer 404 for an unknown order and 422 naming id for a bad one', async () => {
    const missing = await loyalty(t, 'GET', '/orders/999999/points', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'loyalty_order_not_found', data: { status: 404 } });
    const bad = await loyalty(t, 'GET', '/orders/abc/points', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { id: expect.any(String) } },
    });
  });
});

describe('GET /loyalty/v1/balances', () => {
  it("should give each customer's balance, 0 for one without an account", async () => {
    const other = await t.createUser();
    await adjust(t, admin, { user_id: other.id, amount: 15 });
    const r = await loyalty(t, 'GET', `/balances?include=${buyer.user.id},${other.id}`, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([
      { user_id: buyer.user.id, balance: 30, tier: expect.any(String) },
      { user_id: other.id, balance: 15, tier: expect.any(String) },
    ]);
    const none = await t.createUser();
    const empty = await loyalty(t, 'GET', `/balances?include=${none.id}`, admin);
    expect(empty.json()).toEqual([{ user_id: none.id, balance: 0, tier: '' }]);
  });

  it('should refuse a missing or bad include with 422 naming the field', async () => {
    for (const query of ['', '?include=x', '?include=0']) {
      const r = await loyalty(t, 'GET', `/balances${query}`, admin);
      expect(r.statusCode, query).toBe(422);
      expect(JSON.stringify(r.json().data.params)).toContain('include');
    }
  });
});

describe('who may read them', () => {
  it('should answer 401 without credentials or nonce and 403 to a customer', async () => {
    for (const path of [`/orders/${orderId}/points`, `/balances?include=${buyer.user.id}`]) {
      expect((await loyalty(t, 'GET', path, {})).statusCode).toBe(401);
      const forbidden = await loyalty(t, 'GET', path, buyer.headers);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'rest_forbidden' });
    }
  });
});
