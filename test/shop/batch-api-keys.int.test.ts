import WooCommerceModule from '@woocommerce/woocommerce-rest-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/platform/auth/api-keys.service.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The package is CommonJS with `exports.default`: Node's ESM import sees it under `.default`, a bundler may not.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule.default }).default ??
  (WooCommerceModule as unknown as typeof WooCommerceModule.default);

// Batches sent by WooCommerce's official JavaScript client with a REST API key over plain HTTP (OAuth 1.0a): the
// signature covers the batch's URL only, so each item must act as the batch's caller, not re-authenticate.
let t: TestApp;
let url: string;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
  ownerId = (await t.createUser({ role: 'administrator' })).id;
});
afterAll(async () => t.close());

async function client(permissions: 'read' | 'read_write') {
  const key = await createApiKey(
    { db: t.ctx.db, clock: t.ctx.clock, secret: t.config.secret, secrets: t.ctx.secrets },
    { userId: ownerId, description: `${permissions} key`, permissions },
  );
  return new WooCommerceRestApi({
    url,
    consumerKey: key.consumer_key,
    consumerSecret: key.consumer_secret,
    version: 'wc/v3',
  });
}

describe('batch routes with a WooCommerce REST API key (OAuth 1.0a)', () => {
  it('should create, update and delete every item as the key owner', async () => {
    const api = await client('read_write');
    const seeded = await api.post('products/batch', {
      create: [
        { name: 'Key one', regular_price: '3' },
        { name: 'Key two', regular_price: '4' },
      ],
    });
    expect(seeded.status).toBe(200);
    const [one, two] = seeded.data.create;
    expect(one).toMatchObject({ name: 'Key one' });
    const r = await api.post('products/batch', {
      update: [{ id: one.id, name: 'Key one renamed' }],
      delete: [two.id],
    });
    expect(r.data.update[0]).toMatchObject({ id: one.id, name: 'Key one renamed' });
    expect(r.data.delete[0]).toMatchObject({ id: two.id });
    const coupons = await api.post('coupons/batch', { create: [{ code: 'key-coupon', amount: '2' }] });
    expect(coupons.data.create[0]).toMatchObject({ code: 'key-coupon' });
  });

  it('should refuse a read-only key before any item runs', async () => {
    const api = await client('read');
    const refused = await api
      .post('coupons/batch', { create: [{ code: 'read-only', amount: '1' }] })
      .catch((error: { response: { status: number } }) => error.response);
    expect([401, 403]).toContain(refused.status);
    const codes = await (await client('read_write')).get('coupons', { code: 'read-only' });
    expect(codes.data).toEqual([]);
  });

  it('should answer 401 to a request that names an unknown delegation', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/coupons',
      headers: { 'x-storeside-delegation': 'f'.repeat(64) },
      payload: { code: 'forged', amount: '1' },
    });
    expect(r.statusCode).toBe(401);
  });
});
