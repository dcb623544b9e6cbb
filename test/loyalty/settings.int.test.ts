import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminSession, loyalty } from './helpers.js';

let t: TestApp;
let headers: Record<string, string>;

const CONTRACT_KEYS = [
  'earning_pointsPerDollar',
  'earning_pointsForRegistration',
  'earning_pointsForReview',
  'redemption_pointsValue',
  'redemption_mode',
  'redemption_minPoints',
  'referrals_enabled',
  'referrals_bonusPoints',
  'referrals_newCustomerDiscount',
  'tiers_enabled',
  'display_guestNoticeEnabled',
  'advanced_deleteAllOnUninstall',
  'debug_enableMode',
];

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await adminSession(t));
});
afterAll(async () => t.close());

describe('GET /loyalty/v1/settings', () => {
  it('should return the 13 contract keys first, with the reference defaults, then the extra keys', async () => {
    const r = await loyalty(t, 'GET', '/settings', headers);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Object.keys(body).slice(0, 13)).toEqual(CONTRACT_KEYS);
    expect(body).toMatchObject({
      earning_pointsPerDollar: 1,
      earning_pointsForRegistration: 0,
      earning_pointsForReview: 0,
      redemption_pointsValue: 0.01,
      redemption_mode: 'fee',
      redemption_minPoints: 100,
      referrals_enabled: false,
      referrals_bonusPoints: 1000,
      referrals_newCustomerDiscount: 10,
      tiers_enabled: false,
      display_guestNoticeEnabled: true,
      advanced_deleteAllOnUninstall: false,
      debug_enableMode: false,
      earning_orderStatusTrigger: 'completed',
      redemption_maxDiscountPercentage: 50,
      referrals_cookieDuration: 30,
      expiry_enabled: false,
      expiry_days: 365,
    });
    expect(body.tiers_config.map((x: { name: string }) => x.name)).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
    ]);
  });

  it('should refuse a missing nonce with 401 and a customer with 403', async () => {
    expect((await loyalty(t, 'GET', '/settings', { cookie: headers.cookie! })).statusCode).toBe(401);
    expect((await loyalty(t, 'GET', '/settings', {})).statusCode).toBe(401);
    const customer = await t.createUser();
    const s = await t.login(customer);
    const r = await loyalty(t, 'GET', '/settings', s.headers);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('rest_forbidden');
  });
});

describe('POST /loyalty/v1/settings', () => {
  it('should apply a partial update, ignore unknown keys and return the full object', async () => {
    const r = await loyalty(t, 'POST', '/settings', headers, {
      earning_pointsPerDollar: 5,
      redemption_mode: 'coupon',
      referrals_enabled: true,
      no_such_key: 'x',
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      earning_pointsPerDollar: 5,
      redemption_mode: 'coupon',
      referrals_enabled: true,
    });
    expect(body).not.toHaveProperty('no_such_key');
    expect(Object.keys(body)).toHaveLength(19);
    const again = await loyalty(t, 'GET', '/settings', headers);
    expect(again.json()).toEqual(body);
  });

  it('should refuse a wrong type or out-of-bounds value with 422 naming key and rule, saving nothing', async () => {
    const before = (await loyalty(t, 'GET', '/settings', headers)).json();
    const r = await loyalty(t, 'POST', '/settings', headers, {
      earning_pointsForReview: 'ten',
      redemption_pointsValue: 0,
      redemption_maxDiscountPercentage: 101,
      redemption_mode: 'cash',
      tiers_enabled: 'maybe',
      earning_pointsPerDollar: 7,
    });
    expect(r.statusCode).toBe(422);
    const body = r.json();
    expect(body.code).toBe('rest_invalid_param');
    expect(body.data.status).toBe(422);
    expect(body.data.errors.earning_pointsForReview).toHaveProperty('integer');
    expect(body.data.errors.redemption_pointsValue).toHaveProperty('min');
    expect(body.data.errors.redemption_maxDiscountPercentage).toHaveProperty('max');
    expect(body.data.errors.redemption_mode).toHaveProperty('in');
    expect(body.data.errors.tiers_enabled).toHaveProperty('boolean');
    expect((await loyalty(t, 'GET', '/settings', headers)).json()).toEqual(before);
  });

  it('should refuse duplicate tier names with 422 tiers_config.distinct and sort tiers by threshold', async () => {
    const dup = await loyalty(t, 'POST', '/settings', headers, {
      tiers_config: [
        { name: 'A', threshold: 0, multiplier: 1 },
        { name: 'a', threshold: 10, multiplier: 2 },
      ],
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().data.errors.tiers_config).toHaveProperty('distinct');
    const ok = await loyalty(t, 'POST', '/settings', headers, {
      tiers_config: [
        { name: 'Gold', threshold: 500, multiplier: 2 },
        { name: 'Base', threshold: 0, multiplier: 1 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tiers_config.map((x: { name: string }) => x.name)).toEqual(['Base', 'Gold']);
    const bad = await loyalty(t, 'POST', '/settings', headers, {
      tiers_config: [{ name: 'Zero', threshold: 0, multiplier: 0 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors)[0]).toMatch(/^tiers_config/);
  });

  it('should refuse a customer with 403 and a missing nonce with 401', async () => {
    const customer = await t.createUser();
    const s = await t.login(customer);
    expect((await loyalty(t, 'POST', '/settings', s.headers, { tiers_enabled: true })).statusCode).toBe(403);
    expect((await loyalty(t, 'POST', '/settings', { cookie: headers.cookie! }, {})).statusCode).toBe(401);
  });
});
