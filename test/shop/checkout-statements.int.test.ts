import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { type StatementLog, statementLog } from '../helpers/statement-log.js';
import { guestToken, seedProduct, stockOf, storePost } from './cart-helpers.js';

// Every statement a shopper's add-item and checkout send, with every extension enabled (their hooks run in the
// same transactions). A change that adds one must lower another or change these numbers on purpose
// (docs/shop-orders.md, "Checkout": its statements).
const EXPECTED = {
  postgres: { addItem: 9, checkout: 21 },
  sqlite: { addItem: 9, checkout: 23 },
};

let t: TestApp;
let log: StatementLog;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  log = statementLog(t.ctx.db);
  product = await seedProduct(t, { name: 'Counted Tee', price: 1500, stock: 50 });
});
afterAll(async () => t.close());

describe('statements of a shopper order', () => {
  it('should send a fixed number of statements for one add-item and one checkout, the shared rows last', async () => {
    // A first order warms what a running shop keeps in memory (settings read through the options cache).
    const first = await guestToken(t);
    expect((await storePost(t, 'cart/add-item', first, { id: product, quantity: 1 })).statusCode).toBe(201);
    const warm = { billing_address: { email: 'warm@example.com' }, payment_method: 'cod' };
    expect((await storePost(t, 'checkout', first, warm)).statusCode).toBe(200);
    const token = await guestToken(t);
    let added = 0;
    const addItem = await log.during(async () => {
      added = (await storePost(t, 'cart/add-item', token, { id: product, quantity: 2 })).statusCode;
    });
    expect(added).toBe(201);
    let placed = 0;
    const checkout = await log.during(async () => {
      placed = (
        await storePost(t, 'checkout', token, {
          billing_address: { email: 'counted@example.com', first_name: 'Counted' },
          payment_method: 'cod',
        })
      ).statusCode;
    });
    expect(placed).toBe(200);
    expect(await stockOf(t, product)).toBe(47);

    const expected = EXPECTED[t.ctx.engine];
    expect(
      { addItem: addItem.length, checkout: checkout.length },
      [...addItem, '--', ...checkout].join('\n'),
    ).toEqual(expected);
    // One transaction each; the order written is never read back; the stock (with the catalogue topic's bump) is the
    // last write before the commit.
    expect(checkout.filter((s) => /^begin/.test(s))).toHaveLength(1);
    expect(checkout.at(-1)).toBe('commit');
    expect(checkout.some((s) => s.startsWith('select * from "shop_orders"'))).toBe(false);
    expect(checkout.at(-2)).toMatch(/^(with bumped as .*)?update "?shop_products"?/);
  });
});
