import type { Kysely } from 'kysely';

/** Payments: each order's gateway transaction id; gateway webhook events already handled (deduplication by id). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop_orders')
    .addColumn('transaction_id', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('shop_payment_events')
    .addColumn('event_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('gateway', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('received_at', 'varchar(19)', (c) => c.notNull())
    .execute();
}
