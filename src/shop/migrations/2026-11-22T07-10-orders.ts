import { type Kysely, sql } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/** Carts (Store API sessions), coupons, orders with their line items, refunds and meta. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_carts')
    .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('billing_email', 'varchar(320)')
    .addColumn('snapshot', 'text')
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('merged_into', 'varchar(64)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_carts_user').on('shop_carts').column('user_id').execute();
  await db.schema.createIndex('shop_carts_updated').on('shop_carts').column('updated_at').execute();

  await db.schema
    .createTable('shop_coupons')
    .addColumn('id', ...idColumn(db))
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('discount_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('date_expires', 'varchar(19)')
    .addColumn('usage_limit', 'integer')
    .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('individual_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_restrictions', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_coupons_code').on('shop_coupons').column('code').unique().execute();

  await db.schema
    .createTable('shop_orders')
    .addColumn('id', ...idColumn(db))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('billing_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(40)', (c) => c.notNull())
    .addColumn('payment_method_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_note', 'text', (c) => c.notNull())
    .addColumn('items_subtotal', 'integer', (c) => c.notNull())
    .addColumn('discount_total', 'integer', (c) => c.notNull())
    .addColumn('fee_total', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('total_tax', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_lines', 'text', (c) => c.notNull())
    .addColumn('coupon_lines', 'text', (c) => c.notNull())
    .addColumn('cart_session_id', 'varchar(64)')
    .addColumn('order_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('stock_reduced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupons_counted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(19)')
    .addColumn('completed_at', 'varchar(19)')
    .execute();
  await sql`create index shop_orders_created on shop_orders (trashed, created_at)`.execute(db);
  await sql`create index shop_orders_status on shop_orders (status, created_at)`.execute(db);
  await sql`create index shop_orders_customer on shop_orders (customer_id, created_at)`.execute(db);
  await sql`create index shop_orders_email on shop_orders (billing_email, created_at)`.execute(db);

  await db.schema
    .createTable('shop_order_items')
    .addColumn('id', ...idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('shop_orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('variation_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_order_items_order').on('shop_order_items').column('order_id').execute();
  await db.schema
    .createIndex('shop_order_items_product')
    .on('shop_order_items')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('shop_order_refunds')
    .addColumn('id', ...idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('shop_orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('line_items', 'text', (c) => c.notNull())
    .addColumn('refunded_by', 'integer')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_order_refunds_order')
    .on('shop_order_refunds')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('shop_order_meta')
    .addColumn('id', ...idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('shop_orders.id').onDelete('cascade'))
    .addColumn('meta_key', 'varchar(191)', (c) => c.notNull())
    .addColumn('meta_value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_order_meta_key')
    .on('shop_order_meta')
    .columns(['order_id', 'meta_key'])
    .unique()
    .execute();
}
