import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres } from '../../platform/db/migrations.js';

/** Catalog tables: products (variations are rows with a parent), categories and their links, reviews. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_products')
    .addColumn('id', ...idColumn(db))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('short_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('regular_price', 'bigint')
    .addColumn('sale_price', 'bigint')
    .addColumn('price', 'bigint')
    .addColumn('max_price', 'bigint')
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock_status', 'varchar(20)', (c) => c.notNull().defaultTo('instock'))
    .addColumn('manage_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock_quantity', 'integer')
    .addColumn('backorders', 'varchar(10)', (c) => c.notNull().defaultTo('no'))
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('grouped_products', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('external_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('button_text', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('average_rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .addColumn('date_modified', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create unique index shop_products_slug on shop_products (slug)`.execute(db);
  // SKUs are unique case-insensitively (NULL = no SKU); the same index serves exact and (SQLite) prefix lookups.
  await sql`create unique index shop_products_sku on shop_products (lower(sku))`.execute(db);
  if (isPostgres(db))
    await sql`create index shop_products_sku_pattern on shop_products (lower(sku) text_pattern_ops)`.execute(
      db,
    );
  await sql`create index shop_products_parent on shop_products (parent_id, status, date_created)`.execute(db);
  await sql`create index shop_products_price on shop_products (parent_id, price)`.execute(db);
  await sql`create index shop_products_sales on shop_products (parent_id, total_sales)`.execute(db);
  await sql`create index shop_products_rating on shop_products (parent_id, average_rating)`.execute(db);
  await sql`create index shop_products_name on shop_products (parent_id, name)`.execute(db);

  await db.schema
    .createTable('shop_categories')
    .addColumn('id', ...idColumn(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index shop_categories_slug on shop_categories (slug)`.execute(db);

  await db.schema
    .createTable('shop_product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await sql`create index shop_product_categories_category on shop_product_categories (category_id, product_id)`.execute(
    db,
  );

  await db.schema
    .createTable('shop_reviews')
    .addColumn('id', ...idColumn(db))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('reviewer', 'varchar(200)', (c) => c.notNull())
    .addColumn('reviewer_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'varchar(19)', (c) => c.notNull())
    .execute();
  await sql`create index shop_reviews_product on shop_reviews (product_id, status)`.execute(db);
  await sql`create index shop_reviews_status on shop_reviews (status, date_created)`.execute(db);
  await sql`create index shop_reviews_email on shop_reviews (lower(reviewer_email))`.execute(db);
}
