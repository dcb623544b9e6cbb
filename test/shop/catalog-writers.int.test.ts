import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreStock, sellLines } from '../../src/shop/catalog/purchasables.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { adminHeaders, makeProduct } from './catalog-helpers.js';

// Catalogue writers of several rows (refunds restoring stock, checkouts selling it) in opposite row orders at once:
// on PostgreSQL they queue on the catalogue writers' lock instead of deadlocking; every unit is accounted for.
let t: TestApp;
let first: number;
let second: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminHeaders(t);
  const stocked = { regular_price: '10', manage_stock: true, stock_quantity: 100 };
  first = (await makeProduct(t, admin, { name: 'Left Glove', ...stocked })).id as number;
  second = (await makeProduct(t, admin, { name: 'Right Glove', ...stocked })).id as number;
});
afterAll(async () => t.close());

const line = (productId: number, quantity: number) => ({ productId, variationId: 0, quantity });

async function stockOf(id: number): Promise<number> {
  const r = await t.app.inject({ method: 'GET', url: `/wp-json/wc/store/v1/products/${id}` });
  return r.json().add_to_cart.maximum as number;
}

describe('catalogue writers of several rows at once', () => {
  it('should restore and sell the stock of two products in opposite orders concurrently without a deadlock', async () => {
    const before = [await stockOf(first), await stockOf(second)];
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < 8; i++) {
      const lines = i % 2 ? [line(first, 1), line(second, 1)] : [line(second, 1), line(first, 1)];
      writes.push(
        t.ctx.db.transaction().execute(async (trx) => {
          // A slow transaction holding its first row while the other takes the second: a deadlock without the lock.
          if (i % 4 < 2) await restoreStock(trx, t.ctx.clock, lines);
          else await sellLines(trx, t.ctx.clock, lines);
        }),
      );
    }
    const results = await Promise.allSettled(writes);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Four restores and four sales of one unit each: the stock is where it was.
    expect([await stockOf(first), await stockOf(second)]).toEqual(before);
    expect(before).toEqual([100, 100]);
  });
});
