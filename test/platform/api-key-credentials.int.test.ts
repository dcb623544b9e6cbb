import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartRecoveryExtension } from '../../src/extensions/cart-recovery/cart-recovery.extension.js';
import { createApiKey } from '../../src/platform/auth/api-keys.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// A REST API key never mints a credential that would outlive it: no agent token, no Application Password,
// no password on an account. Basic keys over HTTPS (a trusted proxy's X-Forwarded-Proto) and the official
// client over plain HTTP (OAuth 1.0a).
let t: TestApp;
let url: string;
type User = Awaited<ReturnType<TestApp['createUser']>>;
let admin: User;
let manager: User;
const https = { 'x-forwarded-proto': 'https' };
const ALL_SCOPES = ['read', 'write', 'contact', 'sensitive', 'destructive', 'manage_tokens', 'manage_access'];

beforeAll(async () => {
  t = await createTestApp({
    env: { STORESIDE_TRUSTED_PROXIES: '127.0.0.1' },
    options: { extensions: [cartRecoveryExtension] },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
  admin = await t.createUser({ role: 'administrator' });
  manager = await t.createUser({ role: 'shop_manager' });
  const gates = await t.app.inject({
    method: 'POST',
    url: '/wp-json/cartrecovery/v1/settings',
    headers: (await t.login(admin)).headers,
    payload: { agent_access_enabled: true },
  });
  expect(gates.statusCode).toBe(200);
});
afterAll(async () => t.close());

const keyOf = (user: User) =>
  createApiKey(
    { db: t.ctx.db, clock: t.ctx.clock, secret: t.config.secret, secrets: t.ctx.secrets },
    { userId: user.id, description: 'integration', permissions: 'read_write' },
  );
const basic = (key: { consumer_key: string; consumer_secret: string }) => ({
  ...https,
  authorization: `Basic ${Buffer.from(`${key.consumer_key}:${key.consumer_secret}`).toString('base64')}`,
});
// The client types name only wc/* versions; it builds `/wp-json/<version>/<endpoint>` for any.
const client = (key: { consumer_key: string; consumer_secret: string }, version: string) =>
  new WooCommerceRestApi({
    url,
    consumerKey: key.consumer_key,
    consumerSecret: key.consumer_secret,
    version: version as 'wc/v3',
  });
async function failure(call: Promise<unknown>): Promise<{ status: number; data: any }> {
  try {
    await call;
  } catch (error: any) {
    if (error.response) return { status: error.response.status, data: error.response.data };
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('agent tokens', () => {
  it("should refuse an administrator's key, in clear or signed, and mint no token", async () => {
    const key = await keyOf(admin);
    const body = { name: 'From a key', scopes: ALL_SCOPES };
    const listed = await t.app.inject({
      method: 'GET',
      url: '/wp-json/cartrecovery/v1/agent/tokens',
      headers: basic(key),
    });
    expect(listed.statusCode, listed.body).toBe(200);

    const inClear = await t.app.inject({
      method: 'POST',
      url: '/wp-json/cartrecovery/v1/agent/tokens',
      headers: basic(key),
      payload: body,
    });
    expect(inClear.statusCode).toBe(401);
    expect(inClear.json()).toMatchObject({
      code: 'woocommerce_rest_authentication_error',
      message: expect.stringContaining('outlive the key'),
    });
    const signed = await failure(client(key, 'cartrecovery/v1').post('agent/tokens', body));
    expect(signed.status).toBe(401);
    expect(signed.data.code).toBe('woocommerce_rest_authentication_error');

    const tokens = await t.ctx.db.selectFrom('cr_agent_tokens').select('id').execute();
    expect(tokens).toEqual([]);
  });

  it('should still mint tokens for a login and an Application Password', async () => {
    const body = { name: 'Agent', scopes: ['read'], expires_in_days: 7 };
    for (const headers of [(await t.login(admin)).headers, await t.appPasswordHeader(admin)]) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/wp-json/cartrecovery/v1/agent/tokens',
        headers,
        payload: body,
      });
      expect(r.statusCode, r.body).toBe(201);
    }
  });

  it('should refuse Application Password creation to a key', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/users/${admin.id}/application-passwords`,
      headers: basic(await keyOf(admin)),
      payload: { name: 'From a key' },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('woocommerce_rest_authentication_error');
  });
});

describe('customer passwords', () => {
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/wp-json/auth/v1/login', payload: { username, password } });

  it("should refuse a shop manager's key setting a customer's password, which keeps its own", async () => {
    const customer = await t.createUser({ role: 'customer' });
    const key = await keyOf(manager);
    const r = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/customers/${customer.id}`,
      headers: basic(key),
      payload: { password: 'taken-over-1', first_name: 'Eve' },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'rest_cannot_edit', data: { status: 403 } });
    expect(r.json().data.params).toHaveProperty('password');
    const signed = await failure(
      client(key, 'wc/v3').put(`customers/${customer.id}`, { password: 'taken-over-2' }),
    );
    expect(signed.status).toBe(403);
    const batch = await client(key, 'wc/v3').post('customers/batch', {
      update: [{ id: customer.id, password: 'taken-over-3' }],
    });
    expect(batch.data.update[0].error).toMatchObject({ code: 'rest_cannot_edit' });

    for (const password of ['taken-over-1', 'taken-over-2', 'taken-over-3'])
      expect((await login(customer.username, password)).statusCode).toBe(401);
    expect((await login(customer.username, customer.password)).statusCode).toBe(200);
    const named = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/customers/${customer.id}`,
      headers: basic(key),
    });
    expect(named.json().first_name).toBe('');
  });

  it('should refuse a password on a customer created with a key, and create one without it', async () => {
    const key = await keyOf(manager);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/customers',
      headers: basic(key),
      payload: { email: 'keyed@example.com', password: 'known-password-1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('rest_cannot_edit');
    const created = await client(key, 'wc/v3').post('customers', {
      email: 'keyed@example.com',
      first_name: 'Kay',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ email: 'keyed@example.com', first_name: 'Kay' });
    expect((await login('keyed@example.com', 'known-password-1')).statusCode).toBe(401);
  });

  it("should let a shop manager's Application Password set a customer's password", async () => {
    const customer = await t.createUser({ role: 'customer' });
    const r = await t.app.inject({
      method: 'PUT',
      url: `/wp-json/wc/v3/customers/${customer.id}`,
      headers: await t.appPasswordHeader(manager),
      payload: { password: 'reset-by-manager-1' },
    });
    expect(r.statusCode).toBe(200);
    expect((await login(customer.username, 'reset-by-manager-1')).statusCode).toBe(200);
  });
});
