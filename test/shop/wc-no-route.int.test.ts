import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders } from './catalog-helpers.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

const NOT_COVERED = [
  ['GET', 'products/abc/nothing'],
  ['GET', 'products/1/nothing'],
  ['POST', 'products/abc/nothing'],
  ['GET', 'products/abc/variations/xyz/more'],
  ['GET', 'orders/abc/nothing'],
  ['GET', 'webhooks'],
  ['POST', 'webhooks'],
  ['GET', 'system_status'],
  ['GET', 'reports'],
  ['GET', 'reports/sales'],
  ['GET', 'shipping/zones/abc'],
  ['GET', 'shipping/zones/1/methods/abc'],
  ['GET', 'taxes/abc'],
  ['GET', 'data/countries/1/more'],
  ['GET', 'products/abc'],
  ['GET', 'products/shipping_classes/abc'],
  ['PUT', 'products/abc'],
  ['DELETE', 'products/abc'],
  ['GET', 'products/1/variations/abc'],
  ['GET', 'products/categories/abc'],
  ['GET', 'products/reviews/abc'],
  ['GET', 'orders/abc'],
  ['GET', 'orders/abc/refunds'],
  ['GET', 'coupons/abc'],
  ['DELETE', 'customers/abc'],
  ['GET', 'customers/-1'],
] as const;

describe('a numeric id out of range', () => {
  it('should still answer 400 naming the parameter', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/wp-json/wc/v3/products/99999999999999999999',
      headers: admin,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('rest_invalid_param');
  });
});

describe('paths under /wp-json/wc/v3 that match no route', () => {
  for (const [method, path] of NOT_COVERED) {
    it(`should answer ${method} ${path} with 404 rest_no_route`, async () => {
      for (const headers of [admin, {}]) {
        const r = await t.app.inject({ method, url: `/wp-json/wc/v3/${path}`, headers });
        expect(r.statusCode, r.body).toBe(404);
        expect(r.json()).toEqual({
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        });
      }
    });
  }
});
