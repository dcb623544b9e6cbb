import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.js';
import type { TestApp } from '../helpers/test-app.js';
import { capture, createCrApp, createProduct, guestCart } from './cr-helpers.js';

const MIN = 60_000;
let t: TestApp;
let clock: ManualClock;
let admin: Record<string, string>;
let mug: number;

beforeAll(async () => {
  clock = new ManualClock(new Date('2026-11-23T08:00:00Z'));
  t = await createCrApp({ options: { clock } });
  const user = await t.createUser({ role: 'administrator' });
  admin = (await t.login(user)).headers;
  mug = await createProduct(t, admin, { name: 'Blue Mug', price: '12.50' });
});
afterAll(async () => t.close());

const analytics = async (days: number) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wp-json/cartrecovery/v1/analytics?days=${days}`,
    headers: admin,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

describe('GET /analytics: recoveries without an e-mail step', () => {
  it('should report them in their own fields and keep the by-step figures to steps 1–3', async () => {
    const cartToken = await guestCart(t, [{ id: mug, quantity: 2 }]);
    const created = await capture(
      t,
      { email: 'nostep@example.com', consent: true, cart: [], source: 'block' },
      { ip: '10.31.0.1', headers: { 'cart-token': cartToken } },
    );
    expect(created.statusCode).toBe(201);
    const sessionId = created.json().session_id as string;
    // Abandoned, then bought with the same cart before the first e-mail went out.
    clock.advance(31 * MIN);
    await t.ctx.jobs.runDue({ limit: 100 });
    const cart = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/store/v1/cart',
      headers: { 'cart-token': cartToken },
    });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wc/store/v1/checkout',
      headers: { 'cart-token': cartToken, nonce: cart.headers.nonce as string },
      payload: {
        billing_address: { email: 'nostep@example.com', first_name: 'No', last_name: 'Step' },
        payment_method: 'cod',
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = await t.ctx.db
      .selectFrom('cr_sessions')
      .select(['status', 'recovered_step'])
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session.status).toBe('recovered');
    expect(session.recovered_step ?? 0).toBe(0);

    const report = await analytics(30);
    expect(report.recoveries_by_step).toEqual({ '1': 0, '2': 0, '3': 0 });
    expect(report.revenue_by_step).toEqual({ '1': 0, '2': 0, '3': 0 });
    expect(report).toMatchObject({
      recovered: 1,
      recoveries_without_step: 1,
      revenue: 25,
      revenue_without_step: 25,
      best_step: null,
    });
  });

  it('should describe the new fields in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/wp-json/openapi.json' })).json();
    const schema =
      doc.paths['/wp-json/cartrecovery/v1/analytics'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties.recoveries_by_step.properties)).toEqual(['1', '2', '3']);
    expect(schema.properties).toHaveProperty('recoveries_without_step');
    expect(schema.properties).toHaveProperty('revenue_without_step');
  });
});
