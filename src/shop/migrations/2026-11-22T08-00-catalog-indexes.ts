import { type Kysely, sql } from 'kysely';

/**
 * Catalog listing indexes led by `status` (every storefront list filters on it) instead of `parent_id` (never
 * selective for top-level products), an on-sale index, and a stored published-product count per category.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const name of [
    'shop_products_price',
    'shop_products_sales',
    'shop_products_rating',
    'shop_products_name',
  ])
    await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`create index shop_products_status_date on shop_products (status, date_created)`.execute(db);
  await sql`create index shop_products_status_price on shop_products (status, price)`.execute(db);
  await sql`create index shop_products_status_sales on shop_products (status, total_sales)`.execute(db);
  await sql`create index shop_products_status_rating on shop_products (status, average_rating)`.execute(db);
  await sql`create index shop_products_status_name on shop_products (status, name)`.execute(db);
  await sql`create index shop_products_date on shop_products (date_created)`.execute(db);
  await sql`create index shop_products_on_sale on shop_products (on_sale, status)`.execute(db);
  await db.schema
    .alterTable('shop_categories')
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update shop_categories set product_count = (
    select count(*) from shop_product_categories pc
    inner join shop_products p on p.id = pc.product_id
    where pc.category_id = shop_categories.id and p.status = 'publish' and p.parent_id = 0
  )`.execute(db);
}
