import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../src/extensions/loyalty/ledger/points-ledger.repository.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedProduct } from '../shop/cart-helpers.js';
import { adminSession } from './helpers.js';
import { addToCart, checkout, customer, entriesOf, refundOrder, setOrderStatus } from './shop.js';

// A deleted refund (`order.refund_deleted`) gives back the points its refund clawed back.

let t: TestApp;
let admin: Record<string, string>;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers: admin } = await adminSession(t));
  product = await seedProduct(t, { name: 'Lamp', price: 5000 });
});
afterAll(async () => t.close());

async function balanceOf(userId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('loyalty_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

function refundsOf(orderId: number): Promise<Array<{ id: number; amount: string }>> {
  return t.app
    .inject({ method: 'GET', url: `/wp-json/wc/v3/orders/${orderId}/refunds`, headers: admin })
    .then((r) => r.json());
}

function deleteRefund(orderId: number, refundId: number) {
  return t.app.inject({
    method: 'DELETE',
    url: `/wp-json/wc/v3/orders/${orderId}/refunds/${refundId}?force=true`,
    headers: admin,
  });
}

describe('loyalty on order.refund_deleted', () => {
  it('should give back the clawback of a deleted refund once, keeping the balance equal to the ledger', async () => {
    const c = await customer(t);
    await addToCart(t, c.headers, product, 1);
    const placed = await checkout(t, c.headers);
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order_id as number;
    await setOrderStatus(t, admin, orderId, 'completed');
    expect(await balanceOf(c.user.id)).toBe(5000);

    await refundOrder(t, admin, orderId, '20.00');
    await refundOrder(t, admin, orderId, '10.00');
    expect(await balanceOf(c.user.id)).toBe(2000);
    const [ten, twenty] = await refundsOf(orderId);
    expect([ten!.amount, twenty!.amount]).toEqual(['10.00', '20.00']);

    const deleted = await deleteRefund(orderId, twenty!.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await balanceOf(c.user.id)).toBe(4000);
    expect((await entriesOf(t, admin, c.user.id))[0]).toMatchObject({
      transaction_type: 'credit',
      amount: '20.00',
      reference_type: 'refund',
      reference_id: orderId,
      description: `Order #${orderId} refund deleted: clawback returned`,
    });
    expect((await deleteRefund(orderId, twenty!.id)).statusCode).toBe(404);
    expect(await balanceOf(c.user.id)).toBe(4000);

    // A later refund claws back from the net figure: $30 of $50 refunded → 30 of the 50 points.
    await refundOrder(t, admin, orderId, '20.00');
    expect(await balanceOf(c.user.id)).toBe(2000);
    expect(await ledgerSum(t.ctx.db, c.user.id)).toBe(await balanceOf(c.user.id));
  });

  it('should change nothing for a refund that clawed nothing back (no points earned yet)', async () => {
    const c = await customer(t);
    await addToCart(t, c.headers, product, 1);
    const orderId = (await checkout(t, c.headers)).json().order_id as number;
    await refundOrder(t, admin, orderId, '5.00');
    const [refund] = await refundsOf(orderId);
    expect((await deleteRefund(orderId, refund!.id)).statusCode).toBe(200);
    expect(await entriesOf(t, admin, c.user.id)).toEqual([]);
  });
});
