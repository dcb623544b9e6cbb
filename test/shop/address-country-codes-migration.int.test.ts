import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as countryCodes } from '../../src/shop/migrations/2026-11-28T22-00-address-country-codes.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

const wc = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/wp-json/wc/v3/${url}`, headers: admin, ...(payload ? { payload } : {}) });

describe('migration 2026-11-28T22-00-address-country-codes', () => {
  it('should turn the country names stored in orders and customers into ISO codes, leaving unknown ones', async () => {
    const order = (await wc('POST', 'orders', { billing: { first_name: 'A' } })).json();
    const other = (await wc('POST', 'orders', { billing: { first_name: 'B' } })).json();
    const customer = (
      await wc('POST', 'customers', { email: 'old@example.com', billing: { city: 'X' } })
    ).json();
    // Rows as the old free-text checkout field stored them.
    const address = (country: string) => JSON.stringify({ ...order.billing, city: 'X', country });
    await t.ctx.db
      .updateTable('shop_orders')
      .set({ billing: address('United States'), shipping: address('deutschland') })
      .where('id', '=', order.id)
      .execute();
    await t.ctx.db
      .updateTable('shop_orders')
      .set({ billing: address('Narnia'), shipping: address('FR') })
      .where('id', '=', other.id)
      .execute();
    await t.ctx.db
      .updateTable('shop_customer_addresses')
      .set({ billing: address('the Netherlands'), shipping: address('Côte d’Ivoire') })
      .where('user_id', '=', customer.id)
      .execute();

    await countryCodes(t.ctx.db);
    await countryCodes(t.ctx.db);

    const after = (await wc('GET', `orders/${order.id}`)).json();
    expect(after.billing).toMatchObject({ country: 'US', city: 'X', first_name: 'A' });
    expect(after.shipping.country).toBe('DE');
    const untouched = (await wc('GET', `orders/${other.id}`)).json();
    expect(untouched.billing.country).toBe('Narnia');
    expect(untouched.shipping.country).toBe('FR');
    const saved = (await wc('GET', `customers/${customer.id}`)).json();
    expect(saved.billing.country).toBe('NL');
    expect(saved.shipping.country).toBe('CI');
  });
});
