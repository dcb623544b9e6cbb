import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeProduct } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;
const registered: Array<{ email: string; referralCode: string | null }> = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
  t.ctx.events.on('customer.registered', ({ user, referralCode }) => {
    registered.push({ email: user.email, referralCode });
  });
});
afterAll(async () => t.close());

let ipCounter = 0;
// Each call comes from its own address unless one is given, so only the rate-limit test meets the limit.
const register = (payload: object, headers: Record<string, string> = {}, ip = `10.0.${++ipCounter}.1`) =>
  t.app.inject({ method: 'POST', url: '/wp-json/auth/v1/register', payload, headers, remoteAddress: ip });

describe('POST /auth/v1/register', () => {
  it('should create a logged-in customer and emit customer.registered with the referral code', async () => {
    const r = await register({ email: 'new@example.com', password: 'long-password', ref: 'FRIEND42' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().user).toMatchObject({ email: 'new@example.com', username: 'new', roles: ['customer'] });
    expect(r.json().nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(registered.at(-1)).toEqual({ email: 'new@example.com', referralCode: 'FRIEND42' });
    const cookie = r.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users/me?context=edit',
      headers: { cookie, 'x-wp-nonce': r.json().nonce },
    });
    expect(me.json().email).toBe('new@example.com');
  });

  it('should take the referral code from the storeside_ref cookie when the body has none', async () => {
    const r = await register(
      { username: 'cookieref', email: 'cookie@example.com', password: 'long-password' },
      { cookie: 'storeside_ref=FROMCOOKIE' },
    );
    expect(r.statusCode).toBe(201);
    expect(registered.at(-1)).toEqual({ email: 'cookie@example.com', referralCode: 'FROMCOOKIE' });
    await register({ email: 'noref@example.com', password: 'long-password' });
    expect(registered.at(-1)).toEqual({ email: 'noref@example.com', referralCode: null });
  });

  it('should number a username derived from the e-mail when it is taken', async () => {
    const first = await register({ email: 'sam@one.example', password: 'long-password' });
    const second = await register({ email: 'sam@two.example', password: 'long-password' });
    expect(first.json().user.username).toBe('sam');
    expect(second.statusCode).toBe(201);
    expect(second.json().user.username).toBe('sam2');
  });

  it('should refuse a taken e-mail with 409, a short password and a bad e-mail with 400', async () => {
    const before = registered.length;
    expect((await register({ email: 'new@example.com', password: 'long-password' })).statusCode).toBe(409);
    expect((await register({ email: 'short@example.com', password: 'short' })).statusCode).toBe(400);
    const bad = await register({ email: 'not-an-email', password: 'long-password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.email).toBeDefined();
    expect(registered.length).toBe(before);
  });

  it('should undo the account when a customer.registered handler throws', async () => {
    const off = t.ctx.events.on('customer.registered', () => {
      throw new Error('refused by a subscriber');
    });
    const r = await register({ email: 'undone@example.com', password: 'long-password' });
    off();
    expect(r.statusCode).toBe(500);
    const again = await register({ email: 'undone@example.com', password: 'long-password' });
    expect(again.statusCode).toBe(201);
  });

  it('should answer 403 when registration is turned off', async () => {
    await t.ctx.options.set('shop_registration_enabled', false);
    const r = await register({ email: 'closed@example.com', password: 'long-password' });
    await t.ctx.options.set('shop_registration_enabled', true);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('registration_disabled');
  });

  it('should rate-limit registrations per IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await register({ email: `burst${i}@example.com`, password: 'long-password' }, {}, '10.9.9.9'))
          .statusCode,
      );
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const limited = await register(
      { email: 'burst-last@example.com', password: 'long-password' },
      {},
      '10.9.9.9',
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await register({ email: 'other-ip@example.com', password: 'long-password' }, {}, '10.9.9.8'))
        .statusCode,
    ).toBe(201);
  });
});

describe('wc/v3/customers', () => {
  it('should list customers with WooCommerce fields, billing from the latest order and paying status', async () => {
    const buyer = await t.createUser({ email: 'payer@example.com', username: 'payer' });
    const product = await makeProduct(t, admin, { name: 'Thing', regular_price: '3' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/orders',
      headers: admin,
      payload: {
        customer_id: buyer.id,
        billing: {
          email: 'payer@example.com',
          first_name: 'Pat',
          last_name: 'Payer',
          city: 'Lyon',
          country: 'FR',
        },
        line_items: [{ product_id: product.id, quantity: 1 }],
        set_paid: true,
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const list = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/customers?search=payer',
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({
      id: buyer.id,
      email: 'payer@example.com',
      username: 'payer',
      role: 'customer',
      is_paying_customer: true,
      billing: {
        first_name: 'Pat',
        last_name: 'Payer',
        city: 'Lyon',
        country: 'FR',
        email: 'payer@example.com',
      },
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${buyer.id}`,
      headers: admin,
    });
    expect(one.json()).toEqual(list.json()[0]);
    const page = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/customers?per_page=2&orderby=id&order=desc',
      headers: admin,
    });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-wp-total'])).toBeGreaterThan(2);
    expect(page.json().every((c: any) => c.role === 'customer')).toBe(true);
    const admins = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/customers?role=administrator',
      headers: admin,
    });
    expect(admins.json().every((c: any) => c.role === 'administrator')).toBe(true);
  });

  it('should answer 404 for an unknown customer, 401 anonymously, 403 for customers and 400 for bad input', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/customers/999999', headers: admin }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/customers' })).statusCode).toBe(401);
    const c = await t.createUser();
    const s = await t.login(c);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/customers', headers: s.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/wp-json/wc/v3/customers?orderby=nope', headers: admin }))
        .statusCode,
    ).toBe(400);
  });
});
