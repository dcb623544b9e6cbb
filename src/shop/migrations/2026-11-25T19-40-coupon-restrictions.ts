import type { Kysely } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/**
 * Coupon restrictions WooCommerce clients read and write (spend limits, per-user limit, product and category
 * lists, sale items, free shipping) and `shop_coupon_uses`: one row per coupon per order that counted it (the
 * user id or guest e-mail behind `used_by`), backfilled from the orders already counted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: Array<[string, 'integer' | 'text', number | string | null]> = [
    ['minimum_amount', 'integer', 0],
    ['maximum_amount', 'integer', 0],
    ['usage_limit_per_user', 'integer', null],
    ['limit_usage_to_x_items', 'integer', null],
    ['product_ids', 'text', '[]'],
    ['excluded_product_ids', 'text', '[]'],
    ['product_categories', 'text', '[]'],
    ['excluded_product_categories', 'text', '[]'],
    ['exclude_sale_items', 'integer', 0],
    ['free_shipping', 'integer', 0],
  ];
  for (const [name, type, fallback] of columns)
    await db.schema
      .alterTable('shop_coupons')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();

  await db.schema
    .createTable('shop_coupon_uses')
    .addColumn('id', ...idColumn(db))
    .addColumn('coupon_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('used_by', 'varchar(320)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_coupon_uses_order')
    .on('shop_coupon_uses')
    .columns(['coupon_id', 'order_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shop_coupon_uses_by')
    .on('shop_coupon_uses')
    .columns(['coupon_id', 'used_by'])
    .execute();

  const coupons = new Map<string, number>(
    (await db.selectFrom('shop_coupons').select(['id', 'code']).execute()).map((c) => [c.code, c.id]),
  );
  const orders = await db
    .selectFrom('shop_orders')
    .select(['id', 'customer_id', 'billing_email', 'coupon_lines'])
    .where('coupons_counted', '=', 1)
    .orderBy('id')
    .execute();
  for (const order of orders) {
    const lines = JSON.parse(order.coupon_lines) as Array<{ code: string; virtual?: boolean }>;
    for (const line of lines) {
      const couponId = coupons.get(line.code);
      if (line.virtual || couponId === undefined) continue;
      const usedBy = order.customer_id > 0 ? String(order.customer_id) : order.billing_email;
      await db
        .insertInto('shop_coupon_uses')
        .values({ coupon_id: couponId, order_id: order.id, used_by: usedBy })
        .onConflict((oc) => oc.columns(['coupon_id', 'order_id']).doNothing())
        .execute();
    }
  }
}
