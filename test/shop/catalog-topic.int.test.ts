import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeCategory, makeProduct, makeVariation } from './catalog-helpers.js';
import { readVersions } from '../../src/platform/cache/data-versions.repository.js';
import { SHOP_TOPICS } from '../../src/shop/shop-api.js';

// Every catalogue write bumps the catalogue's cache topic in its transaction, so caches made of it drop at once.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminHeaders(t);
});
afterAll(async () => t.close());

/** The committed version of the catalogue topic. */
async function version(): Promise<number> {
  const { versions } = await readVersions(t.ctx.db);
  return versions.find((v) => v.topic === SHOP_TOPICS.catalog)?.version ?? 0;
}

/** Expects `write` to answer `status` and to bump the catalogue topic. */
async function bumps(status: number, write: () => Promise<{ statusCode: number; body: string }>) {
  const before = await version();
  const r = await write();
  expect(r.statusCode, r.body).toBe(status);
  expect(await version()).toBeGreaterThan(before);
  return r;
}

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/wp-json${url}`, headers: admin, ...(payload ? { payload } : {}) });

describe('the catalogue cache topic', () => {
  it('should be bumped by product, variation, category and rating writes', async () => {
    const category = await makeCategory(t, admin, { name: 'Kettles' });
    const product = await makeProduct(t, admin, { name: 'Kettle', regular_price: '40' });
    const variable = await makeProduct(t, admin, { name: 'Mug', type: 'variable' });
    await bumps(201, async () => {
      await makeVariation(t, admin, variable.id, { regular_price: '5' });
      return { statusCode: 201, body: '' };
    });
    await bumps(200, () =>
      call('PUT', `/wc/v3/products/${product.id}`, { categories: [{ id: category.id }] }),
    );
    await bumps(200, () => call('PUT', `/wc/v3/products/${product.id}`, { regular_price: '41' }));
    await bumps(200, () => call('PUT', `/wc/v3/products/categories/${category.id}`, { name: 'Kettles!' }));
    await bumps(201, () =>
      call('POST', '/wc/v3/products/reviews', {
        product_id: product.id,
        review: 'Boils fast.',
        reviewer: 'Ann',
        reviewer_email: 'ann@example.com',
        rating: 5,
      }),
    );
    await bumps(200, () => call('DELETE', `/wc/v3/products/categories/${category.id}?force=true`));
    await bumps(200, () => call('DELETE', `/wc/v3/products/${product.id}?force=true`));
  });
});
