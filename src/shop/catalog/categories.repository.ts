import { startCatalogWrite } from './catalog-write.js';
import { columnsToSet } from '../../platform/db/sql-helpers.js';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import type { ShopCategory } from '../shop-api.js';
import type { CategoryRow } from './products.repository.js';

/** Columns of a new category (its product count starts at 0). */
export type NewCategoryRow = Omit<CategoryRow, 'id' | 'product_count' | 'is_default'>;

/** Every category with its stored number of published products, by name (one query). */
export async function listCategoriesWithCounts(db: DbOrTrx): Promise<ShopCategory[]> {
  const rows = await db.selectFrom('shop_categories').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toCategory);
}

/** Categories by id with counts; unknown ids are left out. */
export async function findCategories(db: DbOrTrx, ids: readonly number[]): Promise<ShopCategory[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('shop_categories')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toCategory);
}

/** The category holding `slug`, or undefined. */
export async function findCategoryBySlug(db: DbOrTrx, slug: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('shop_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The id of the default category (`Uncategorized` in a fresh shop), if there is one. */
export async function findDefaultCategoryId(db: DbOrTrx): Promise<number | undefined> {
  const row = await db
    .selectFrom('shop_categories')
    .select('id')
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row?.id;
}

/** Inserts a category; returns its id. */
export async function insertCategory(db: DbOrTrx, row: NewCategoryRow): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db
    .insertInto('shop_categories')
    .values({ ...row, product_count: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a category. */
export async function updateCategory(db: DbOrTrx, id: number, patch: Partial<NewCategoryRow>): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await startCatalogWrite(db);
  await db.updateTable('shop_categories').set(columns).where('id', '=', id).execute();
}

/**
 * Deletes a category: its products lose it (those left with none get the default category) and its children move
 * up to its parent (WordPress).
 */
export async function deleteCategory(db: DbOrTrx, id: number, parent: number): Promise<void> {
  await startCatalogWrite(db);
  const fallback = await findDefaultCategoryId(db);
  if (fallback !== undefined && fallback !== id)
    await sql`insert into shop_product_categories (product_id, category_id)
      select pc.product_id, ${fallback} from shop_product_categories pc
      where pc.category_id = ${id}
        and not exists (select 1 from shop_product_categories o where o.product_id = pc.product_id and o.category_id <> ${id})`.execute(
      db,
    );
  await db.deleteFrom('shop_product_categories').where('category_id', '=', id).execute();
  await db.updateTable('shop_categories').set({ parent }).where('parent', '=', id).execute();
  await db.deleteFrom('shop_categories').where('id', '=', id).execute();
}

/**
 * Row-locks categories (PostgreSQL; SQLite serialises writers anyway) before their products change, so two
 * concurrent writers recount one after the other and the stored counts never miss a product.
 */
export async function lockCategories(db: DbOrTrx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await startCatalogWrite(db);
  await db
    .updateTable('shop_categories')
    .set({ product_count: sql`product_count` })
    .where(
      'id',
      'in',
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .execute();
}

/** Recomputes the stored published-product count of the given categories (all with `'all'`). */
export async function recountCategories(db: DbOrTrx, ids: readonly number[] | 'all'): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  await startCatalogWrite(db);
  let update = db.updateTable('shop_categories').set({
    product_count: sql`(select count(*) from shop_product_categories pc
      inner join shop_products p on p.id = pc.product_id
      where pc.category_id = shop_categories.id and p.status = 'publish' and p.parent_id = 0)`,
  });
  if (ids !== 'all') update = update.where('id', 'in', [...new Set(ids)]);
  await update.execute();
}

function toCategory(row: CategoryRow): ShopCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parent: row.parent,
    description: row.description,
    count: row.product_count,
  };
}
