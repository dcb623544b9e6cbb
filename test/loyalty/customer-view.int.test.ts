import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adjust, adminSession, loyalty } from './helpers.js';

// `GET /loyalty/v1/customers/{id}`: one customer's loyalty view for the admin's Customers panel, and
// `GET /wp/v2/users?include=` that names the ledger's customers.
let t: TestApp;
let admin: Record<string, string>;
let buyer: Awaited<ReturnType<TestApp['createUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers: admin } = await adminSession(t));
  buyer = await t.createUser({ role: 'customer' });
  await adjust(t, admin, { user_id: buyer.id, amount: 300, reason: 'Welcome' });
  await adjust(t, admin, { user_id: buyer.id, amount: 50, type: 'debit', reason: 'Fix' });
});
afterAll(async () => t.close());

describe('GET /loyalty/v1/customers/{id}', () => {
  it("should answer the customer's balance, tier, referral code and paged history", async () => {
    await loyalty(t, 'POST', '/settings', admin, { referrals_enabled: true, tiers_enabled: true });
    const r = await loyalty(t, 'GET', `/customers/${buyer.id}?per_page=1`, admin);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-wp-total']).toBe('2');
    expect(r.headers['x-wp-totalpages']).toBe('2');
    const view = r.json();
    expect(view).toMatchObject({ user_id: buyer.id, balance: 250, currency: 'USD' });
    expect(view.tier.name).toBe('Bronze');
    expect(view.referral.code).toMatch(/^[A-Z0-9]+$/);
    expect(view.history).toEqual([
      expect.objectContaining({ transaction_type: 'debit', description: 'Fix' }),
    ]);
  });

  it('should answer 404 for an unknown user and 400 for an id that is not a positive integer', async () => {
    const missing = await loyalty(t, 'GET', '/customers/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('loyalty_user_not_found');
    for (const id of ['0', 'abc', '-3']) {
      const bad = await loyalty(t, 'GET', `/customers/${id}`, admin);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().data.params.id).toBeDefined();
    }
  });

  it('should answer 401 without a login or nonce and 403 to a customer', async () => {
    expect((await loyalty(t, 'GET', `/customers/${buyer.id}`, {})).statusCode).toBe(401);
    const { cookie } = await t.login(buyer);
    expect((await loyalty(t, 'GET', `/customers/${buyer.id}`, { cookie })).statusCode).toBe(401);
    const own = (await t.login(buyer)).headers;
    const r = await loyalty(t, 'GET', `/customers/${buyer.id}`, own);
    expect(r.statusCode).toBe(403);
  });
});

describe('GET /wp/v2/users?include=', () => {
  it('should list only the given ids, and refuse a malformed list', async () => {
    const other = await t.createUser();
    const r = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wp/v2/users?include=${buyer.id},${other.id}`,
      headers: admin,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().map((u: { id: number }) => u.id)).toEqual([buyer.id, other.id]);
    expect(r.headers['x-wp-total']).toBe('2');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wp/v2/users?include=1;2',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.include).toBeDefined();
  });
});
