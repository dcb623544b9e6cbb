import { type Kysely, sql } from 'kysely';

/**
 * A partial index of variations by parent (in menu order): statistics of the all-rows `parent_id` index say a
 * parent value matches most of the catalog (top-level rows all share 0), so SQLite scanned the catalog to find
 * the variations of two or more products; this index's statistics cover variations only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index shop_products_variations on shop_products (parent_id, menu_order, id) where type = 'variation'`.execute(
    db,
  );
}
