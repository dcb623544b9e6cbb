import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineExtension } from '../../src/extensions/define-extension.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// A sample extension whose routes exercise each policy (capability + nonce always, cookie, public).
const sample = defineExtension({
  name: 'sample',
  migrations: {},
  namespaces: [{ namespace: 'sample/v1', validationStatus: 422 }],
  capabilities: { manage_sample: ['administrator'] },
  routes(app) {
    app.post(
      '/sample/v1/protected',
      {
        config: { auth: { access: 'capability', capability: 'manage_sample', nonce: 'always' } },
        schema: { body: Type.Object({ amount: Type.Integer({ minimum: 1 }) }) },
      },
      async (request) => ({ ok: true, amount: request.body.amount }),
    );
    app.get(
      '/sample/v1/mine',
      { config: { auth: { access: 'user', nonce: 'cookie' } } },
      async (request) => ({
        kind: request.principal.kind,
      }),
    );
  },
});

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createUser']>>;
let customer: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [sample] } });
  admin = await t.createUser({ role: 'administrator' });
  customer = await t.createUser({ role: 'customer' });
});
afterAll(async () => t.close());

describe('auth matrix on a capability + always-nonce route', () => {
  const call = (headers: Record<string, string>, payload: unknown = { amount: 3 }) =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/sample/v1/protected',
      headers,
      payload: payload as object,
    });

  it('should refuse anonymous callers with 401 before validating', async () => {
    const r = await call({}, { amount: 'x' });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('rest_cookie_invalid_nonce');
  });

  it('should accept an administrator with cookie and nonce, and send a fresh nonce back', async () => {
    const s = await t.login(admin);
    const r = await call(s.headers);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ok: true, amount: 3 });
    expect(r.headers['x-wp-nonce']).toMatch(/^[0-9a-f]{10}$/);
  });

  it('should refuse an administrator cookie without a nonce with 401', async () => {
    const s = await t.login(admin);
    const r = await call({ cookie: s.cookie });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('rest_cookie_invalid_nonce');
  });

  it('should refuse a forged nonce with 401', async () => {
    const s = await t.login(admin);
    const r = await call({ cookie: s.cookie, 'x-wp-nonce': '0123456789' });
    expect(r.statusCode).toBe(401);
  });

  it('should refuse a customer with cookie and nonce with 403', async () => {
    const s = await t.login(customer);
    const r = await call(s.headers);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('rest_forbidden');
  });

  it('should accept an application password plus the nonce from /auth/v1/nonce', async () => {
    const basic = await t.appPasswordHeader(admin);
    const n = await t.app.inject({ method: 'GET', url: '/wp-json/auth/v1/nonce', headers: basic });
    expect(n.statusCode).toBe(200);
    const r = await call({ ...basic, 'x-wp-nonce': n.json().nonce });
    expect(r.statusCode).toBe(200);
  });

  it('should refuse a wrong application password with 401 incorrect_password', async () => {
    const basic = {
      authorization: `Basic ${Buffer.from(`${admin.username}:abcd abcd abcd abcd abcd abcd`).toString('base64')}`,
    };
    const r = await call(basic);
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('incorrect_password');
  });

  it('should answer validation failures with 422 in a 422 namespace, naming field and rule', async () => {
    const s = await t.login(admin);
    const r = await call(s.headers, { amount: 0 });
    expect(r.statusCode).toBe(422);
    const body = r.json();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.errors).toEqual({ amount: { min: expect.any(String) } });
    expect(typeof body.data.params.amount).toBe('string');
  });
});

describe('cookie policy routes', () => {
  it('should treat a cookie without a nonce as logged out (WordPress)', async () => {
    const s = await t.login(customer);
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/sample/v1/mine',
      headers: { cookie: s.cookie },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('rest_not_logged_in');
  });

  it('should serve users/me by cookie + nonce, and by application password without a nonce', async () => {
    const s = await t.login(customer);
    const r1 = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: s.headers });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ id: customer.id, username: customer.username, roles: ['customer'] });
    const basic = await t.appPasswordHeader(customer);
    const r2 = await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: basic });
    expect(r2.statusCode).toBe(200);
  });

  it('should refuse a wrong login password with 401 and lock out after 5 failures with 429 + Retry-After', async () => {
    const target = await t.createUser();
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/wp-json/auth/v1/login',
        payload: { username: target.username, password: 'wrong-password' },
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/wp-json/auth/v1/login',
      payload: { username: target.username, password: target.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
