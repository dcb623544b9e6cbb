import type { Kysely } from 'kysely';

/** A customer's saved billing and shipping addresses (JSON), as WooCommerce keeps them in user meta. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_customer_addresses')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('shipping', 'text', (c) => c.notNull())
    .execute();
}
