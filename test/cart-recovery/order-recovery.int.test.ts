import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, guestCart } from './cr-helpers.js';

// `GET /cartrecovery/v1/orders/{id}/recovery`: what the order screen's cart-recovery panel shows.
let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let customer: Record<string, string>;
let mug: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ options: { clock } });
  admin = (await t.login(await t.createUser({ role: 'shop_manager' }))).headers;
  customer = await t.appPasswordHeader(await t.createUser({ role: 'customer' }));
  mug = await createProduct(t, (await t.login(await t.createUser({ role: 'administrator' }))).headers, {
    name: 'Blue Mug',
    price: '12.50',
  });
});
afterAll(async () => t.close());

const recovery = (orderId: number | string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/wp-json/cartrecovery/v1/orders/${orderId}/recovery`, headers });

async function buy(cartToken: string, email: string): Promise<number> {
  const cart = await t.app.inject({
    method: 'GET',
    url: '/wp-json/wc/store/v1/cart',
    headers: { 'cart-token': cartToken },
  });
  const r = await t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/store/v1/checkout',
    headers: { 'cart-token': cartToken, nonce: cart.headers.nonce as string },
    payload: { billing_address: { email, first_name: 'Ann', last_name: 'Lee' }, payment_method: 'cod' },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().order_id;
}

describe('GET /cartrecovery/v1/orders/{id}/recovery', () => {
  it('should show an order that recovered an abandoned cart, when, and its step (none sent yet)', async () => {
    const cartToken = await guestCart(t, [{ id: mug, quantity: 1 }]);
    const created = await capture(
      t,
      { email: 'ann@example.com', consent: true, cart: [], source: 'block' },
      { ip: '10.41.0.1', headers: { 'cart-token': cartToken } },
    );
    expect(created.statusCode, created.body).toBe(201);
    clock.advance(31 * 60_000);
    await t.ctx.jobs.runDue({ limit: 100 });
    const orderId = await buy(cartToken, 'ann@example.com');
    const r = await recovery(orderId);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      order_id: orderId,
      recovered: true,
      session_id: created.json().session_id,
      status: 'recovered',
      abandoned_at: expect.stringMatching(/^2026-11-23T08:\d\d:\d\d$/),
      recovered_at: expect.stringMatching(/^2026-11-23T08:3\d:\d\d$/),
      recovered_step: null,
      attribution_source: 'session',
    });
  });

  it('should say not recovered for an order no tracked cart led to', async () => {
    const orderId = await buy(await guestCart(t, [{ id: mug, quantity: 1 }]), 'zed@example.com');
    expect((await recovery(orderId)).json()).toMatchObject({
      order_id: orderId,
      recovered: false,
      session_id: null,
    });
  });

  it('should answer 404 for an unknown order and 400 naming id for a bad one', async () => {
    const missing = await recovery(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'cartrecovery_order_not_found', data: { status: 404 } });
    const bad = await recovery('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { id: expect.any(String) } },
    });
  });

  it('should answer 401 without credentials and 403 to a customer', async () => {
    expect((await recovery(1, {})).statusCode).toBe(401);
    const forbidden = await recovery(1, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'rest_forbidden' });
  });
});
