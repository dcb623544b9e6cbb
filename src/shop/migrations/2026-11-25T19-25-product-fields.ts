import { type ColumnDataType, type Kysely, sql } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/**
 * WooCommerce product fields (prices as sent, shipping/tax/review fields, meta data) and the default
 * `Uncategorized` category, which products left without a category fall into.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: Array<[string, ColumnDataType, string | number | null]> = [
    ['regular_price_text', 'varchar(24)', null],
    ['sale_price_text', 'varchar(24)', null],
    ['post_password', 'varchar(255)', ''],
    ['virtual', 'integer', 0],
    ['downloadable', 'integer', 0],
    ['tax_status', 'varchar(30)', 'taxable'],
    ['tax_class', 'varchar(100)', ''],
    ['weight', 'varchar(30)', ''],
    ['length', 'varchar(30)', ''],
    ['width', 'varchar(30)', ''],
    ['height', 'varchar(30)', ''],
    ['shipping_class', 'varchar(255)', ''],
    ['reviews_allowed', 'integer', 1],
    ['purchase_note', 'text', ''],
  ];
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type, fallback] of columns)
    await db.schema
      .alterTable('shop_products')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();

  await db.schema
    .createTable('shop_product_meta')
    .addColumn('id', ...idColumn(db))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('meta_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('meta_value', 'text', (c) => c.notNull())
    .execute();
  await sql`create index shop_product_meta_product on shop_product_meta (product_id, id)`.execute(db);

  await db.schema
    .alterTable('shop_categories')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const existing = await db
    .selectFrom('shop_categories')
    .select('id')
    .where('slug', '=', 'uncategorized')
    .executeTakeFirst();
  if (existing)
    await db.updateTable('shop_categories').set({ is_default: 1 }).where('id', '=', existing.id).execute();
  else
    await db
      .insertInto('shop_categories')
      .values({
        name: 'Uncategorized',
        slug: 'uncategorized',
        parent: 0,
        description: '',
        menu_order: 0,
        product_count: 0,
        is_default: 1,
      })
      .execute();
  await sql`insert into shop_product_categories (product_id, category_id)
    select p.id, c.id from shop_products p, shop_categories c
    where c.is_default = 1 and p.parent_id = 0 and p.type <> 'variation'
      and not exists (select 1 from shop_product_categories pc where pc.product_id = p.id)`.execute(db);
  await sql`update shop_categories set product_count = (
    select count(*) from shop_product_categories pc
    inner join shop_products p on p.id = pc.product_id
    where pc.category_id = shop_categories.id and p.status = 'publish' and p.parent_id = 0
  ) where is_default = 1`.execute(db);
}
