import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as couponRestrictions } from '../../src/shop/migrations/2026-11-25T19-40-coupon-restrictions.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { guestToken, seedProduct, storePost } from './cart-helpers.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ options: { extensions: [] } });
  admin = await t.appPasswordHeader(await t.createUser({ role: 'administrator' }));
});
afterAll(async () => t.close());

const NEW_COLUMNS = [
  'minimum_amount',
  'maximum_amount',
  'usage_limit_per_user',
  'limit_usage_to_x_items',
  'product_ids',
  'excluded_product_ids',
  'product_categories',
  'excluded_product_categories',
  'exclude_sale_items',
  'free_shipping',
];

describe('migration 2026-11-25T19-40-coupon-restrictions', () => {
  it('should add the restriction columns with WooCommerce defaults and backfill used_by from counted orders', async () => {
    const tea = await seedProduct(t, { name: 'Tea', price: 500 });
    const coupon = await t.ctx.shop.createCoupon({
      code: 'OLDTIMER',
      discount_type: 'fixed_cart',
      amount: 100,
    });
    const customer = await t.createUser({ role: 'customer' });
    for (const email of ['Gus@Example.com', 'hal@example.com']) {
      const token = await guestToken(t);
      await storePost(t, 'cart/add-item', token, { id: tea, quantity: 1 });
      await storePost(t, 'cart/apply-coupon', token, { code: 'oldtimer' });
      const r = await storePost(t, 'checkout', token, {
        billing_address: { email, first_name: 'A', last_name: 'B' },
        payment_method: 'cod',
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    await t.ctx.db
      .updateTable('shop_orders')
      .set({ customer_id: customer.id })
      .where('billing_email', '=', 'hal@example.com')
      .execute();
    // Back to the schema before the migration: no restriction columns, no uses table.
    await sql`drop table shop_coupon_uses`.execute(t.ctx.db);
    for (const column of NEW_COLUMNS)
      await t.ctx.db.schema.alterTable('shop_coupons').dropColumn(column).execute();

    await couponRestrictions(t.ctx.db);

    const r = await t.app.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/coupons/${coupon.id}`,
      headers: admin,
    });
    expect(r.json()).toMatchObject({
      usage_count: 2,
      used_by: ['gus@example.com', String(customer.id)],
      minimum_amount: '0.00',
      maximum_amount: '0.00',
      usage_limit_per_user: null,
      limit_usage_to_x_items: null,
      product_ids: [],
      exclude_sale_items: false,
      free_shipping: false,
    });
  });
});
