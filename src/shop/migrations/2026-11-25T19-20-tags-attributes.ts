import { type Kysely, sql } from 'kysely';
import { idColumn } from '../../platform/db/migrations.js';

/**
 * Product tags and global attributes with their terms, each with a stored published-product count, and the
 * product links that filters and counts read through indexes (never a scan of the products).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_tags')
    .addColumn('id', ...idColumn(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index shop_tags_slug on shop_tags (slug)`.execute(db);
  await sql`create index shop_tags_name on shop_tags (name)`.execute(db);
  await db.schema
    .createTable('shop_product_tags')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_product_tags_pk', ['product_id', 'tag_id'])
    .execute();
  await sql`create index shop_product_tags_tag on shop_product_tags (tag_id, product_id)`.execute(db);

  await db.schema
    .createTable('shop_attributes')
    .addColumn('id', ...idColumn(db))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('select'))
    .addColumn('order_by', 'varchar(20)', (c) => c.notNull().defaultTo('menu_order'))
    .addColumn('has_archives', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index shop_attributes_slug on shop_attributes (slug)`.execute(db);
  await db.schema
    .createTable('shop_attribute_terms')
    .addColumn('id', ...idColumn(db))
    .addColumn('attribute_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index shop_attribute_terms_slug on shop_attribute_terms (attribute_id, slug)`.execute(
    db,
  );
  await db.schema
    .createTable('shop_product_attribute_terms')
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('attribute_id', 'integer', (c) => c.notNull())
    .addColumn('term_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_product_attribute_terms_pk', ['product_id', 'term_id'])
    .execute();
  await sql`create index shop_product_attribute_terms_term on shop_product_attribute_terms (term_id, product_id)`.execute(
    db,
  );
  await sql`create index shop_product_attribute_terms_attribute on shop_product_attribute_terms (attribute_id, product_id)`.execute(
    db,
  );
}
