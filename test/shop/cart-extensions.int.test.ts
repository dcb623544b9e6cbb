import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { invalid } from '../../src/platform/http/errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

// `POST /wc/store/v1/cart/extensions` (WooCommerce's route for extension updates to the cart), driven by a test
// extension whose callback adds a line, refuses bad data, and records what it was given.
let t: TestApp;
let pen: number;
const calls: Array<{ data: Record<string, unknown>; items: number; viewer: string }> = [];

const notes = defineExtension({
  name: 'test-notes',
  migrations: {},
  services: (ctx) => ({ ctx }),
  subscribers({ ctx }) {
    ctx.shop.registerCartExtension('test-notes', async (cart) => ({ lines: cart.items.length }));
    ctx.shop.registerCartUpdateCallback('test-notes', async ({ data, cart, viewer }) => {
      if (typeof data.note !== 'string') throw invalid('note', 'string', 'The note must be a string.');
      calls.push({ data, items: cart.items.length, viewer: viewer.kind });
    });
  },
});

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [notes] } });
  pen = await seedProduct(t, { name: 'Pen', price: 300 });
});
afterAll(async () => t.close());

const post = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/wp-json/wc/store/v1/cart/extensions',
    headers,
    payload: payload as object,
  });

describe('POST /wc/store/v1/cart/extensions', () => {
  it("should run the namespace's callback with the data and the caller's cart, and answer the cart", async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: pen, quantity: 2 });
    calls.length = 0;
    const r = await storePost(t, 'cart/extensions', token, {
      namespace: 'test-notes',
      data: { note: 'gift' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().items[0].quantity).toBe(2);
    expect(r.json().extensions['test-notes']).toEqual({ lines: 1 });
    expect(r.headers['cart-token']).toBeTruthy();
    expect(calls).toEqual([{ data: { note: 'gift' }, items: 1, viewer: 'cart' }]);
  });

  it('should answer the alias wc/store/cart/extensions and take a missing data as {}', async () => {
    const token = await guestToken(t);
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/cart/extensions',
      headers: { 'cart-token': token },
      payload: { namespace: 'test-notes' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().data.params.note).toBe('The note must be a string.');
  });

  it('should refuse an unknown namespace with 400 woocommerce_rest_cart_extensions_error', async () => {
    const token = await guestToken(t);
    const r = await storePost(t, 'cart/extensions', token, { namespace: 'nobody', data: {} });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'woocommerce_rest_cart_extensions_error',
      message: 'There is no such namespace registered: nobody.',
      data: { status: 400 },
    });
  });

  it('should refuse a body without a namespace or with data that is not an object with 400', async () => {
    const token = await guestToken(t);
    for (const body of [{ data: {} }, { namespace: '', data: {} }, { namespace: 'test-notes', data: [1] }]) {
      const r = await storePost(t, 'cart/extensions', token, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('rest_invalid_param');
    }
  });

  it('should ask a logged-in customer (cookie) for a nonce: 401 when missing, 403 when invalid', async () => {
    const user = await t.createUser();
    const { cookie, nonce } = await t.login(user);
    calls.length = 0;
    const missing = await post({ cookie }, { namespace: 'test-notes', data: { note: 'x' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('woocommerce_rest_missing_nonce');
    const wrong = await post(
      { cookie, nonce: '0123456789' },
      { namespace: 'test-notes', data: { note: 'x' } },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('woocommerce_rest_invalid_nonce');
    expect(calls).toEqual([]);
    const ok = await post({ cookie, 'x-wp-nonce': nonce }, { namespace: 'test-notes', data: { note: 'x' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['user-id']).toBe(String(user.id));
    expect(calls).toEqual([{ data: { note: 'x' }, items: 0, viewer: 'user' }]);
  });

  it('should ask a guest whose cart rides on the cart cookie for a nonce (401 without one)', async () => {
    const token = await guestToken(t);
    const r = await post(
      { cookie: `storeside_cart=${token}` },
      { namespace: 'test-notes', data: { note: 'x' } },
    );
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('woocommerce_rest_missing_nonce');
  });

  it('should refuse a second callback for the same namespace', () => {
    expect(() => t.ctx.shop.registerCartUpdateCallback('test-notes', async () => {})).toThrow(
      /already registered/,
    );
  });
});
