import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let tea: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-07-01T12:00:00Z'));
  t = await createTestApp({ options: { clock, extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
  tea = await seedProduct(t, { name: 'Tea', price: 999 });
});
afterAll(async () => t.close());

type Json = Record<string, any>;

async function coupon(body: Json): Promise<Json> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/coupons',
    headers: admin,
    payload: body,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

async function cartWithTea(quantity = 3): Promise<{ token: string; cart: Json }> {
  const token = await guestToken(t);
  const r = await storePost(t, 'cart/add-item', token, { id: tea, quantity });
  return { token, cart: r.json() };
}

describe('cart lines', () => {
  it('should update and remove lines, and answer 409 with the cart for an unknown key', async () => {
    const { token, cart } = await cartWithTea();
    const key = cart.items[0].key;
    const updated = await storePost(t, 'cart/update-item', token, { key, quantity: 5 });
    expect(updated.json().totals.total_items).toBe('4995');
    const unknown = await storePost(t, 'cart/update-item', token, { key: 'f'.repeat(32), quantity: 1 });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('woocommerce_rest_cart_invalid_key');
    expect(unknown.json().data.cart.items[0].quantity).toBe(5);
    const zero = await storePost(t, 'cart/update-item', token, { key, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    const removed = await storePost(t, 'cart/remove-item', token, { key });
    expect(removed.json().items).toEqual([]);
    const again = await storePost(t, 'cart/remove-item', token, { key });
    expect(again.statusCode).toBe(409);
  });
});

describe('cart coupons', () => {
  it('should apply fixed and percent coupons (percent first) with exact minor-unit totals', async () => {
    await coupon({ code: 'FIVE', discount_type: 'fixed_cart', amount: '5.00' });
    await coupon({ code: 'TENPC', discount_type: 'percent', amount: '10' });
    const { token } = await cartWithTea(3);
    await storePost(t, 'cart/apply-coupon', token, { code: 'five' });
    const r = await storePost(t, 'cart/apply-coupon', token, { code: 'TenPc' });
    expect(r.statusCode).toBe(200);
    const cart = r.json();
    // 3 × 9.99 = 29.97; 10% = 3.00 (2.997 rounded); fixed 5.00 → 8.00 off, 21.97 to pay.
    expect(cart.totals).toMatchObject({ total_items: '2997', total_discount: '800', total_price: '2197' });
    expect(cart.coupons.map((c: Json) => [c.code, c.discount_type, c.totals.total_discount])).toEqual([
      ['tenpc', 'percent', '300'],
      ['five', 'fixed_cart', '500'],
    ]);
    expect(cart.items[0].totals).toMatchObject({ line_subtotal: '2997', line_total: '2197' });
    const removed = await storePost(t, 'cart/remove-coupon', token, { code: 'FIVE' });
    expect(removed.json().totals.total_price).toBe('2697');
    const notApplied = await storePost(t, 'cart/remove-coupon', token, { code: 'FIVE' });
    expect(notApplied.statusCode).toBe(409);
    expect(notApplied.json().code).toBe('woocommerce_rest_cart_coupon_invalid_code');
    expect(notApplied.json().data.cart.coupons).toHaveLength(1);
  });

  it('should refuse unknown, expired, used-up, already applied and non-combinable coupons', async () => {
    await coupon({
      code: 'OLD',
      discount_type: 'fixed_cart',
      amount: '1',
      date_expires: '2026-06-30T00:00:00',
    });
    await coupon({ code: 'USED', discount_type: 'fixed_cart', amount: '1', usage_limit: 0 });
    await coupon({ code: 'SOLO', discount_type: 'percent', amount: '20', individual_use: true });
    await coupon({ code: 'EXTRA', discount_type: 'fixed_cart', amount: '1' });
    const { token } = await cartWithTea();
    const expectRefused = async (code: string, text: string) => {
      const r = await storePost(t, 'cart/apply-coupon', token, { code });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('woocommerce_rest_cart_coupon_error');
      expect(r.json().message).toContain(text);
    };
    await expectRefused('missing', 'does not exist');
    await expectRefused('old', 'expired');
    await expectRefused('used', 'usage limit');
    await storePost(t, 'cart/apply-coupon', token, { code: 'extra' });
    const solo = await storePost(t, 'cart/apply-coupon', token, { code: 'solo' });
    expect(solo.json().coupons.map((c: Json) => c.code)).toEqual(['solo']);
    await expectRefused('extra', 'in conjunction');
    await expectRefused('solo', 'already been applied');
  });

  it('should drop a coupon from the totals and list an error once it expires', async () => {
    await coupon({
      code: 'SOON',
      discount_type: 'fixed_cart',
      amount: '2',
      date_expires: '2026-07-01T13:00:00',
    });
    const { token } = await cartWithTea(1);
    expect((await storePost(t, 'cart/apply-coupon', token, { code: 'soon' })).json().totals.total_price).toBe(
      '799',
    );
    clock.advance(2 * 3600 * 1000);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': token },
    });
    expect(r.json().totals.total_price).toBe('999');
    expect(r.json().errors[0]).toMatchObject({ code: 'woocommerce_rest_cart_coupon_error' });
    clock.advance(-2 * 3600 * 1000);
  });
});

describe('cart.calculate_totals and cart extensions', () => {
  it('should let extensions add fees (negative too) and virtual coupons, and fill extensions data', async () => {
    const offs = [
      t.ctx.events.on('cart.calculate_totals', (hook) => {
        if (hook.cart.items.length === 0) return;
        hook.addFee({ key: 'handling', name: 'Handling', amount: 150 });
        hook.addFee({ key: 'loyal', name: 'Loyalty thanks', amount: -50 });
        hook.addVirtualCoupon({ code: 'points_42', amount: Math.min(400, hook.subtotalAfterCoupons) });
      }),
    ];
    t.ctx.shop.registerCartExtension('test-ext', async (cart) => ({ lines: cart.items.length }));
    const { cart } = await cartWithTea(1);
    for (const off of offs) off();
    expect(cart.fees.map((f: Json) => [f.key, f.totals.total])).toEqual([
      ['handling', '150'],
      ['loyal', '-50'],
    ]);
    expect(cart.coupons.map((c: Json) => [c.code, c.totals.total_discount])).toEqual([['points_42', '400']]);
    expect(cart.totals).toMatchObject({
      total_items: '999',
      total_discount: '400',
      total_fees: '100',
      total_price: '699',
    });
    expect(cart.extensions).toEqual({ 'test-ext': { lines: 1 } });
  });
});

describe('wc/v3/coupons', () => {
  it('should answer 401 to anonymous callers and 403 to customers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/coupons' })).statusCode).toBe(401);
    const customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/coupons',
      headers: customer,
      payload: { code: 'x' },
    });
    expect(r.statusCode).toBe(403);
  });

  it('should create, read, update, list and delete a coupon with WooCommerce fields', async () => {
    const created = await coupon({
      code: 'Summer-26',
      discount_type: 'percent',
      amount: '15',
      usage_limit: 100,
      individual_use: true,
      email_restrictions: ['*@example.com'],
      date_expires: '2026-09-01T00:00:00',
    });
    expect(created).toMatchObject({
      code: 'summer-26',
      amount: '15.00',
      discount_type: 'percent',
      usage_count: 0,
      usage_limit: 100,
      individual_use: true,
      email_restrictions: ['*@example.com'],
      date_expires: '2026-09-01T00:00:00',
    });
    const url = `/wp-json/wc/v3/coupons/${created.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).json().code).toBe('summer-26');
    const updated = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { amount: '20', date_expires: null },
    });
    expect(updated.json()).toMatchObject({ amount: '20.00', date_expires: null, discount_type: 'percent' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/coupons?search=SUMMER',
      headers: admin,
    });
    expect(list.json().map((c: Json) => c.id)).toEqual([created.id]);
    expect(list.headers['x-wp-total']).toBe('1');
    const deleted = await t.app.inject({ method: 'DELETE', url: `${url}?force=true`, headers: admin });
    expect(deleted.json().id).toBe(created.id);
    expect((await t.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(404);
  });

  it('should refuse a taken code (409) and bad amounts (400)', async () => {
    await coupon({ code: 'TAKEN', discount_type: 'fixed_cart', amount: '1' });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/coupons',
      headers: admin,
      payload: { code: 'taken' },
    });
    expect(dup.statusCode).toBe(409);
    for (const body of [
      { code: 'neg', amount: '-5' },
      { code: 'pct', discount_type: 'percent', amount: '150' },
      { code: 'frac', discount_type: 'percent', amount: '12.5' },
      { code: 'mail', email_restrictions: ['nope'] },
    ]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wc/v3/coupons',
        headers: admin,
        payload: body,
      });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
