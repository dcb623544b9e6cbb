import type { Kysely } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/** Order notes: private (shop staff), customer notes (e-mailed to the customer) and the shop's own system notes. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_order_notes')
    .addColumn('id', ...idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('shop_orders.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('customer_note', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_by', 'integer')
    .addColumn('author', 'varchar(250)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shop_order_notes_order')
    .on('shop_order_notes')
    .columns(['order_id', 'id'])
    .execute();
}
