import type { DbOrTrx } from '../../platform/db/database.js';
import type { ShopCategory } from '../shop-api.js';
import type { CategoryRow } from './products.repository.js';

/** Columns of a new category. */
export type NewCategoryRow = Omit<CategoryRow, 'id'>;

/** Every category with its number of published products (two queries), by name. */
export async function listCategoriesWithCounts(db: DbOrTrx): Promise<ShopCategory[]> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('shop_categories').selectAll().orderBy('name').orderBy('id').execute(),
    publishedCounts(db),
  ]);
  return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0));
}

/** Categories by id with counts; unknown ids are left out. */
export async function findCategories(db: DbOrTrx, ids: readonly number[]): Promise<ShopCategory[]> {
  if (ids.length === 0) return [];
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('shop_categories')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute(),
    publishedCounts(db, ids),
  ]);
  return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0));
}

/** The category holding `slug`, or undefined. */
export async function findCategoryBySlug(db: DbOrTrx, slug: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('shop_categories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Inserts a category; returns its id. */
export async function insertCategory(db: DbOrTrx, row: NewCategoryRow): Promise<number> {
  const inserted = await db
    .insertInto('shop_categories')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a category. */
export async function updateCategory(db: DbOrTrx, id: number, patch: Partial<NewCategoryRow>): Promise<void> {
  if (Object.keys(patch).length > 0)
    await db.updateTable('shop_categories').set(patch).where('id', '=', id).execute();
}

/** Deletes a category: its products lose it and its children move up to its parent (WordPress). */
export async function deleteCategory(db: DbOrTrx, id: number, parent: number): Promise<void> {
  await db.deleteFrom('shop_product_categories').where('category_id', '=', id).execute();
  await db.updateTable('shop_categories').set({ parent }).where('parent', '=', id).execute();
  await db.deleteFrom('shop_categories').where('id', '=', id).execute();
}

async function publishedCounts(db: DbOrTrx, ids?: readonly number[]): Promise<Map<number, number>> {
  let q = db
    .selectFrom('shop_product_categories as pc')
    .innerJoin('shop_products as p', 'p.id', 'pc.product_id')
    .select((eb) => ['pc.category_id', eb.fn.countAll<number>().as('n')])
    .where('p.status', '=', 'publish')
    .groupBy('pc.category_id');
  if (ids) q = q.where('pc.category_id', 'in', [...ids]);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

function toCategory(row: CategoryRow, count: number): ShopCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    parent: row.parent,
    description: row.description,
    count,
  };
}
