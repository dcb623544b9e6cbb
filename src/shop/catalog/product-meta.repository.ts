import { startCatalogWrite } from './catalog-write.js';
import type { DbOrTrx } from '../../platform/db/database.js';

/** A stored `meta_data` entry (value as JSON text). */
export interface ProductMetaRow {
  id: number;
  product_id: number;
  meta_key: string;
  meta_value: string;
}

/** Meta entries of the given products or variations, by id (one query). */
export async function findMetaRows(db: DbOrTrx, productIds: readonly number[]): Promise<ProductMetaRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('shop_product_meta')
    .selectAll()
    .where('product_id', 'in', [...new Set(productIds)])
    .orderBy('id')
    .execute();
}

/** Adds a meta entry; returns its id. */
export async function insertMetaRow(db: DbOrTrx, row: Omit<ProductMetaRow, 'id'>): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db
    .insertInto('shop_product_meta')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes the key and value of one meta entry. */
export async function updateMetaRow(
  db: DbOrTrx,
  id: number,
  patch: Pick<ProductMetaRow, 'meta_key' | 'meta_value'>,
): Promise<void> {
  await startCatalogWrite(db);
  await db.updateTable('shop_product_meta').set(patch).where('id', '=', id).execute();
}

/** Deletes meta entries by id. */
export async function deleteMetaRows(db: DbOrTrx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await startCatalogWrite(db);
  await db
    .deleteFrom('shop_product_meta')
    .where('id', 'in', [...ids])
    .execute();
}
