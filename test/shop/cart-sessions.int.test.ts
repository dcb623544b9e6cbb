import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

let t: TestApp;
let clock: ManualClock;
let pen: number;
let ink: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
  t = await createTestApp({ options: { clock, extensions: [] } });
  pen = await seedProduct(t, { name: 'Pen', price: 300 });
  ink = await seedProduct(t, { name: 'Ink', price: 725 });
});
afterAll(async () => t.close());

const getCart = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/cart', headers });

describe('stale and invalid Cart-Tokens', () => {
  it('should refuse a tampered, a malformed and an expired Cart-Token with 401 and change nothing', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: pen, quantity: 1 });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, user_id: `t_${'0'.repeat(30)}` })).toString('base64url')}.${s}`;
    for (const bad of [forged, 'not-a-token']) {
      const r = await storePost(t, 'cart/add-item', bad, { id: pen, quantity: 1 });
      expect(r.statusCode).toBe(401);
      expect(r.json().code).toBe('woocommerce_rest_cart_token_invalid');
    }
    clock.advance(49 * 3600 * 1000);
    const expired = await storePost(t, 'cart/add-item', token, { id: pen, quantity: 5 });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain('expired');
    clock.advance(-49 * 3600 * 1000);
    expect((await getCart({ 'cart-token': token })).json().items[0].quantity).toBe(1);
  });
});

describe('guest cart merge at login', () => {
  it('should merge a guest cart into the customer cart at login and make the guest token stale', async () => {
    const user = await t.createUser({ role: 'customer' });
    const session = await t.login(user);
    const own = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers: session.headers,
      payload: { id: pen, quantity: 1 },
    });
    expect(own.statusCode).toBe(201);
    expect(own.headers['user-id']).toBe(String(user.id));
    expect(own.headers['cart-token']).toBeUndefined();

    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: pen, quantity: 2 });
    await storePost(t, 'cart/add-item', token, { id: ink, quantity: 1 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      headers: { 'cart-token': token },
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const merged = await getCart({ cookie });
    expect(merged.json().items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Pen', 3],
      ['Ink', 1],
    ]);
    expect(merged.json().totals.total_price).toBe('1625');
    const stale = await storePost(t, 'cart/add-item', token, { id: pen, quantity: 1 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toContain('merged');
    expect((await getCart({ cookie })).json().items_count).toBe(4);
    expect((await t.ctx.shop.getCart(`u_${user.id}`))?.items).toHaveLength(2);
  });

  it('should merge a browser cart cookie and clear it at login', async () => {
    const user = await t.createUser({ role: 'customer' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      payload: { id: ink, quantity: 2 },
    });
    const cart = added.cookies.find((c) => c.name === 'storeside_cart')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      cookies: { storeside_cart: cart.value },
      payload: { username: user.username, password: user.password },
    });
    expect(login.cookies.find((c) => c.name === 'storeside_cart')?.value).toBe('');
    const userCart = await t.ctx.shop.getCart(`u_${user.id}`);
    expect(userCart?.items[0]?.quantity).toBe(2);
  });
});

describe('cart sessions seen by the platform', () => {
  it('should give a Cart-Token holder a nonce bound to its cart session', async () => {
    const token = await guestToken(t);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/auth/v1/nonce',
      headers: { 'cart-token': token },
    });
    expect(r.statusCode).toBe(200);
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id;
    expect(t.ctx.nonces.verify(r.json().nonce, { uid: sessionId, token: '' })).toBe(1);
    const other = await guestToken(t);
    const otherId = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()).user_id;
    expect(t.ctx.nonces.verify(r.json().nonce, { uid: otherId, token: '' })).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/wp-json/auth/v1/nonce' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('should find the cart of a principal through the ShopApi', async () => {
    const token = await guestToken(t);
    const r = await storePost(t, 'cart/add-item', token, { id: ink, quantity: 1 });
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id;
    const cart = await t.ctx.shop.getCartForPrincipal({ kind: 'cart', cartSessionId: sessionId });
    expect(cart?.items[0]?.key).toBe(r.json().items[0].key);
    expect(await t.ctx.shop.getCartForPrincipal({ kind: 'anonymous' })).toBeNull();
    expect(await t.ctx.shop.getCart(`t_${'f'.repeat(30)}`)).toBeNull();
  });

  it('should ask a logged-in cookie for a nonce on changes (401 without, 200 with X-WP-Nonce)', async () => {
    const user = await t.createUser({ role: 'customer' });
    const session = await t.login(user);
    const without = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers: { cookie: session.cookie },
      payload: { id: pen, quantity: 1 },
    });
    expect(without.statusCode).toBe(401);
    expect(without.json().code).toBe('woocommerce_rest_missing_nonce');
    const read = await getCart({ cookie: session.cookie });
    expect(read.statusCode).toBe(200);
    const withStoreNonce = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers: { cookie: session.cookie, nonce: read.headers.nonce as string },
      payload: { id: pen, quantity: 1 },
    });
    expect(withStoreNonce.statusCode).toBe(201);
  });
});

describe('ShopApi cart functions for extensions', () => {
  it('should restore a cart for a browser (cookie set, coupon applied) from a page route', async () => {
    let product = 0;
    const restorer = defineExtension({
      name: 'restorer',
      migrations: {},
      services: (ctx) => ({ ctx }),
      pages(app, { ctx }) {
        app.get(
          '/restore-test',
          { config: { auth: { access: 'public', nonce: 'never' } } },
          async (request, reply) => {
            await ctx.shop.restoreCartForBrowser({
              request,
              reply,
              items: [
                { productId: product, quantity: 2 },
                { productId: 999999, quantity: 1 },
              ],
              couponCode: 'COMEBACK',
            });
            return reply.redirect('/checkout');
          },
        );
      },
    });
    const app = await createTestApp({ options: { clock, extensions: [restorer] } });
    try {
      product = await seedProduct(app, { name: 'Pen', price: 300 });
      await app.ctx.shop.createCoupon({ code: 'comeback', discount_type: 'fixed_cart', amount: 100 });
      const r = await app.app.inject({ method: 'GET', url: '/restore-test' });
      expect(r.statusCode).toBe(302);
      const cookie = r.cookies.find((c) => c.name === 'storeside_cart');
      expect(cookie?.httpOnly).toBe(true);
      const cart = await app.app.inject({
        method: 'GET',
        url: '/wp-json/wc/store/v1/cart',
        cookies: { storeside_cart: cookie!.value },
      });
      expect(cart.json().items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
      expect(cart.json().totals.total_price).toBe('500');
    } finally {
      await app.close();
    }
  });

  it('should recalculate a stored cart when data read by a totals handler changes', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: ink, quantity: 1 });
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id;
    let discount = 0;
    const off = t.ctx.events.on('cart.calculate_totals', (hook) => {
      if (hook.cart.session_id === sessionId && discount > 0)
        hook.addFee({ key: 'promo', name: 'Promo', amount: -discount });
    });
    discount = 125;
    const cart = await t.ctx.shop.recalculateCart(sessionId);
    off();
    expect(cart.totals.total_price).toBe(600);
    const row = await t.ctx.db
      .selectFrom('shop_carts')
      .select('total_price')
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.total_price).toBe(600);
  });
});

describe('shop.purge_guest_carts', () => {
  it('should delete guest carts untouched for a week and keep customer carts', async () => {
    const token = await guestToken(t);
    await storePost(t, 'cart/add-item', token, { id: pen, quantity: 1 });
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id;
    const user = await t.createUser({ role: 'customer' });
    const session = await t.login(user);
    await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/cart/add-item',
      headers: session.headers,
      payload: { id: pen, quantity: 1 },
    });
    clock.advance(8 * 86_400_000);
    await t.ctx.jobs.runDue();
    clock.advance(-8 * 86_400_000);
    expect(await t.ctx.shop.getCart(sessionId)).toBeNull();
    expect(await t.ctx.shop.getCart(`u_${user.id}`)).not.toBeNull();
  });
});
