import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// `shop/v1/demo`: the dashboard's offer to fill an empty shop with the demo data, once, for administrators.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login(await t.createUser({ role: 'administrator' }))).headers;
});
afterAll(async () => t.close());

const demo = (method: 'GET' | 'POST', headers: Record<string, string>) =>
  t.app.inject({ method, url: '/wp-json/shop/v1/demo', headers });

describe('shop/v1/demo', () => {
  it('should refuse anonymous callers with 401 and shop managers with 403, and add nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await demo(method, {})).statusCode).toBe(401);
      const manager = (await t.login(await t.createUser({ role: 'shop_manager' }))).headers;
      const refused = await demo(method, manager);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('rest_forbidden');
    }
    expect((await t.ctx.shop.catalogStats({ onSaleOnly: false })).products).toBe(0);
  });

  it('should offer an empty shop, fill it once even when asked twice at once, then offer it no more', async () => {
    const offer = await demo('GET', admin);
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toEqual({ available: true });
    const [a, b] = await Promise.all([demo('POST', admin), demo('POST', admin)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const filled = a.statusCode === 200 ? a : b;
    const stats = await t.ctx.shop.catalogStats({ onSaleOnly: false });
    expect(stats.products).toBeGreaterThan(0);
    expect(filled.json()).toEqual({ products: stats.products });
    const store = await t.app.inject({ method: 'GET', url: '/wp-json/wc/store/v1/products?per_page=1' });
    expect(Number(store.headers['x-wp-total'])).toBe(stats.products);
    expect((await demo('GET', admin)).json()).toEqual({ available: false });
    const again = await demo('POST', admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'shop_demo_unavailable', data: { status: 409 } });
    expect((await t.ctx.shop.catalogStats({ onSaleOnly: false })).products).toBe(stats.products);
  }, 60_000);
});
