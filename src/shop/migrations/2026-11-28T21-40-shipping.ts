import type { Kysely } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/**
 * Shipping as WooCommerce keeps it: zones (zone 0 is implicit), their locations, their method instances (settings
 * as JSON strings), shipping classes; and each order's shipping lines and shipping total.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_shipping_zones')
    .addColumn('id', ...idColumn(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('zone_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('shop_shipping_zone_locations')
    .addColumn('id', ...idColumn(db))
    .addColumn('zone_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_shipping_zone_locations_zone')
    .on('shop_shipping_zone_locations')
    .column('zone_id')
    .execute();
  await db.schema
    .createTable('shop_shipping_zone_methods')
    .addColumn('instance_id', ...idColumn(db))
    .addColumn('zone_id', 'integer', (c) => c.notNull())
    .addColumn('method_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('method_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('shop_shipping_zone_methods_zone')
    .on('shop_shipping_zone_methods')
    .column('zone_id')
    .execute();
  await db.schema
    .createTable('shop_shipping_classes')
    .addColumn('id', ...idColumn(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shop_orders')
    .addColumn('shipping_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('shop_orders')
    .addColumn('shipping_lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
