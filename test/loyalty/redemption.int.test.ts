import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../src/extensions/loyalty/ledger/points-ledger.repository.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct } from '../shop/cart-helpers.js';
import { adjust, adminSession, loyalty } from './helpers.js';
import { addToCart, checkout, customer, entriesOf, setOrderStatus, storeCart } from './shop.js';

let t: TestApp;
let admin: Record<string, string>;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers: admin } = await adminSession(t));
  product = await seedProduct(t, { name: 'Chair', price: 5000 });
});
afterAll(async () => t.close());

async function settings(patch: Record<string, unknown>) {
  expect((await loyalty(t, 'POST', '/settings', admin, patch)).statusCode).toBe(200);
}

/** A customer holding `points`, with one $50 chair in the cart. */
async function shopper(points: number) {
  const c = await customer(t);
  if (points > 0) await adjust(t, admin, { user_id: c.user.id, amount: points });
  await addToCart(t, c.headers, product, 1);
  return c;
}

describe('POST /loyalty/v1/redeem', () => {
  it('should apply a negative "Points discount" fee and show it under extensions.loyalty', async () => {
    const c = await shopper(1000);
    const r = await loyalty(t, 'POST', '/redeem', c.headers, { points: 500 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      message: 'Discount applied successfully',
      applied_points: 500,
      discount_value: 5,
    });
    const cart = await storeCart(t, c.headers);
    expect(cart.fees).toEqual([expect.objectContaining({ name: 'Points discount' })]);
    expect(cart.totals.total_price).toBe('4500');
    expect(cart.extensions.loyalty).toMatchObject({
      balance: 1000,
      redemption: { points: 500, discount_value: 5, mode: 'fee' },
      redeem_min_points: 100,
      redeem_max_points: 1000,
      points_to_earn: 45,
      notice: 'Complete this order to earn 45 points!',
    });
  });

  it('should apply a virtual coupon in coupon mode', async () => {
    await settings({ redemption_mode: 'coupon' });
    const c = await shopper(1000);
    expect((await loyalty(t, 'POST', '/redeem', c.headers, { points: 300 })).statusCode).toBe(200);
    const cart = await storeCart(t, c.headers);
    expect(cart.fees).toEqual([]);
    expect(cart.coupons).toEqual([expect.objectContaining({ code: 'loyalty_points_300' })]);
    expect(cart.totals.total_price).toBe('4700');
    await settings({ redemption_mode: 'fee' });
  });

  it('should refuse below the minimum (min), above the balance (max) and above the cap (max) with 422', async () => {
    const c = await shopper(3000);
    const low = await loyalty(t, 'POST', '/redeem', c.headers, { points: 99 });
    expect(low.statusCode).toBe(422);
    expect(low.json().data.errors).toEqual({ points: { min: expect.any(String) } });
    const rich = await loyalty(t, 'POST', '/redeem', c.headers, { points: 3001 });
    expect(rich.json().data.errors).toEqual({ points: { max: expect.any(String) } });
    // Cap: 50 % of $50 at $0.01 a point = 2500 points.
    const capped = await loyalty(t, 'POST', '/redeem', c.headers, { points: 2501 });
    expect(capped.statusCode).toBe(422);
    expect(capped.json().data.errors).toEqual({ points: { max: expect.any(String) } });
    expect((await loyalty(t, 'POST', '/redeem', c.headers, { points: 2500 })).statusCode).toBe(200);
    const bad = await loyalty(t, 'POST', '/redeem', c.headers, { points: 'lots' });
    expect(bad.json().data.errors.points).toHaveProperty('integer');
    expect((await loyalty(t, 'POST', '/redeem', c.headers, {})).json().data.errors.points).toHaveProperty(
      'required',
    );
  });

  it('should refuse a guest cart session (no points) with 422 points.max, and need its nonce', async () => {
    const token = await guestToken(t);
    await addToCart(t, { 'cart-token': token }, product, 1);
    expect((await loyalty(t, 'POST', '/redeem', { 'cart-token': token }, { points: 100 })).statusCode).toBe(
      401,
    );
    const n = await t.app.inject({
      method: 'GET',
      url: '/wp-json/auth/v1/nonce',
      headers: { 'cart-token': token },
    });
    const headers = { 'cart-token': token, 'x-wp-nonce': n.json().nonce };
    const r = await loyalty(t, 'POST', '/redeem', headers, { points: 100 });
    expect(r.statusCode).toBe(422);
    expect(r.json().data.errors).toEqual({ points: { max: expect.any(String) } });
    expect((await loyalty(t, 'DELETE', '/redeem', headers)).statusCode).toBe(200);
    const cart = await storeCart(t, { 'cart-token': token });
    expect(cart.extensions.loyalty).toMatchObject({
      balance: null,
      can_redeem: false,
      notice: 'Create an account to earn 50 points on this order!',
    });
  });

  it('should refuse anonymous callers and a missing nonce with 401', async () => {
    const c = await shopper(0);
    expect((await loyalty(t, 'POST', '/redeem', {}, { points: 100 })).statusCode).toBe(401);
    expect((await loyalty(t, 'POST', '/redeem', { cookie: c.cookie }, { points: 100 })).statusCode).toBe(401);
    expect((await loyalty(t, 'DELETE', '/redeem', {})).statusCode).toBe(401);
  });
});

describe('DELETE /loyalty/v1/redeem', () => {
  it('should remove the redemption and its fee', async () => {
    const c = await shopper(1000);
    await loyalty(t, 'POST', '/redeem', c.headers, { points: 200 });
    const r = await loyalty(t, 'DELETE', '/redeem', c.headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, message: 'Redemption removed successfully' });
    const cart = await storeCart(t, c.headers);
    expect(cart.fees).toEqual([]);
    expect(cart.extensions.loyalty.redemption).toBeNull();
  });
});

describe('redemption at checkout', () => {
  it('should debit the points inside checkout and give them back when the order is cancelled', async () => {
    const c = await shopper(1000);
    await loyalty(t, 'POST', '/redeem', c.headers, { points: 500 });
    const placed = await checkout(t, c.headers);
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order_id;
    const order = await t.ctx.shop.getOrder(orderId);
    expect(order?.total).toBe(4500);
    let entries = await entriesOf(t, admin, c.user.id);
    expect(entries[0]).toMatchObject({
      transaction_type: 'debit',
      amount: '500.00',
      reference_type: 'order',
      reference_id: orderId,
    });
    expect((await storeCart(t, c.headers)).fees).toEqual([]);
    await setOrderStatus(t, admin, orderId, 'cancelled');
    entries = await entriesOf(t, admin, c.user.id);
    expect(entries[0]).toMatchObject({
      transaction_type: 'credit',
      amount: '500.00',
      reference_type: 'refund',
      reference_id: orderId,
    });
    expect(await ledgerSum(t.ctx.db, c.user.id)).toBe(100_000);
  });

  it('should refuse the checkout when the balance no longer covers the points, writing nothing', async () => {
    const c = await shopper(1000);
    await loyalty(t, 'POST', '/redeem', c.headers, { points: 800 });
    await adjust(t, admin, { user_id: c.user.id, amount: 500, type: 'debit' });
    const before = await entriesOf(t, admin, c.user.id);
    const r = await checkout(t, c.headers);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'loyalty_insufficient_points',
      message: 'Insufficient points balance to complete this purchase.',
    });
    expect(await entriesOf(t, admin, c.user.id)).toEqual(before);
    expect((await storeCart(t, c.headers)).items).toHaveLength(1);
  });

  it('should keep the balance equal to the ledger under concurrent debits, redemptions and a checkout', async () => {
    const c = await shopper(600);
    await loyalty(t, 'POST', '/redeem', c.headers, { points: 300 });
    const calls = [
      checkout(t, c.headers),
      ...Array.from({ length: 150 }, () =>
        adjust(t, admin, { user_id: c.user.id, amount: 2, type: 'debit' }).catch(() => null),
      ),
      ...Array.from({ length: 50 }, () => loyalty(t, 'POST', '/redeem', c.headers, { points: 100 })),
    ];
    const results = await Promise.all(calls);
    const placed = results[0] as Awaited<ReturnType<typeof checkout>>;
    const okDebits = results.slice(1, 151).filter((r) => r !== null).length;
    const account = await t.ctx.db
      .selectFrom('loyalty_accounts')
      .select('balance')
      .where('user_id', '=', c.user.id)
      .executeTakeFirstOrThrow();
    expect(account.balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t.ctx.db, c.user.id)).toBe(account.balance);
    const redeemed = placed.statusCode === 200 ? 300 : 0;
    expect(account.balance).toBe((600 - redeemed - okDebits * 2) * 100);
  });
});
