import type { Kysely } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/**
 * `shop_tax_rates` (WooCommerce's tax rate table: rate in ten-thousandths of a percent, postcodes and cities as
 * JSON lists) and each order's taxes (`shop_orders.tax_data`: tax lines, cart/shipping tax, per-line taxes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_tax_rates')
    .addColumn('id', ...idColumn(db))
    .addColumn('country', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('postcodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cities', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rate_e4', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('compound', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('rate_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_class', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('shop_tax_rates_class')
    .on('shop_tax_rates')
    .columns(['tax_class', 'rate_order'])
    .execute();
  await db.schema
    .alterTable('shop_orders')
    .addColumn('tax_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
