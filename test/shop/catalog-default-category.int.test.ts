import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct } from './catalog-helpers.js';

// A fresh shop's `Uncategorized` category: the default for products saved without one, never deleted.
let t: TestApp;
let admin: Record<string, string>;
let uncategorized: { id: number; name: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

const wc = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: `/wp-json/wc/v3${path}`, headers: admin, payload });

describe('the default category', () => {
  it('should exist in a fresh shop', async () => {
    const list = (await wc('GET', '/products/categories')).json();
    expect(list).toEqual([
      expect.objectContaining({ name: 'Uncategorized', slug: 'uncategorized', count: 0 }),
    ]);
    uncategorized = { id: list[0].id, name: 'Uncategorized', slug: 'uncategorized' };
  });

  it('should hold products saved without a category, or with their categories emptied', async () => {
    const p = await makeProduct(t, admin, { name: 'Loose Bolt', regular_price: '1' });
    expect(p.categories).toEqual([uncategorized]);
    const tools = await makeCategory(t, admin, { name: 'Tools' });
    const moved = (await wc('PUT', `/products/${p.id}`, { categories: [{ id: tools.id }] })).json();
    expect(moved.categories).toEqual([{ id: tools.id, name: 'Tools', slug: 'tools' }]);
    const emptied = (await wc('PUT', `/products/${p.id}`, { categories: [] })).json();
    expect(emptied.categories).toEqual([uncategorized]);
    expect((await wc('GET', `/products/categories/${uncategorized.id}`)).json().count).toBe(1);
  });

  it('should refuse to delete the default category with 400 woocommerce_rest_cannot_delete', async () => {
    const r = await wc('DELETE', `/products/categories/${uncategorized.id}?force=true`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'woocommerce_rest_cannot_delete', data: { status: 400 } });
    expect((await wc('GET', `/products/categories/${uncategorized.id}`)).statusCode).toBe(200);
  });

  it('should move products left without a category to the default when their category is deleted', async () => {
    const gone = await makeCategory(t, admin, { name: 'Seasonal' });
    const kept = await makeCategory(t, admin, { name: 'Garden' });
    const only = await makeProduct(t, admin, { name: 'Snow Shovel', categories: [{ id: gone.id }] });
    const both = await makeProduct(t, admin, {
      name: 'Rake',
      categories: [{ id: gone.id }, { id: kept.id }],
    });
    const r = await wc('DELETE', `/products/categories/${gone.id}?force=true`);
    expect(r.statusCode, r.body).toBe(200);
    expect((await wc('GET', `/products/${only.id}`)).json().categories).toEqual([uncategorized]);
    expect((await wc('GET', `/products/${both.id}`)).json().categories).toEqual([
      { id: kept.id, name: 'Garden', slug: 'garden' },
    ]);
    expect((await wc('GET', `/products/categories/${uncategorized.id}`)).json().count).toBe(2);
  });
});
