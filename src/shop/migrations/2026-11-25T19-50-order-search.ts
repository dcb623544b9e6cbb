import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../platform/db/migrations.js';

/**
 * Orders get a shipping address (JSON, as billing) and a search-term table: one row per (term, order), so
 * `?search=` is an index range per query word instead of a `LIKE '%…%'` scan of every order. The terms of
 * existing orders are written by the orders part's setup step; `search_text` (the old scanned column) goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shop_orders')
    .addColumn('shipping', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('shop_orders').dropColumn('search_text').execute();
  await db.schema
    .createTable('shop_order_search_terms')
    .addColumn('term', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('shop_orders.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('shop_order_search_terms_pk', ['term', 'order_id'])
    .execute();
  await db.schema
    .createIndex('shop_order_search_terms_order')
    .on('shop_order_search_terms')
    .column('order_id')
    .execute();
  // PostgreSQL serves `LIKE 'x%'` from an index only with pattern ops (the primary key follows the collation).
  if (isPostgres(db))
    await sql`create index shop_order_search_terms_prefix on shop_order_search_terms (term text_pattern_ops, order_id)`.execute(
      db,
    );
}
