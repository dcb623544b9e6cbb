import type { DbOrTrx } from '../../platform/db/database.js';
import type { ProductQuery } from '../shop-api.js';
import { expandCategoryIds, type ProductRow, searchProductRows } from './products.repository.js';

/** One page of product rows matching a query, with the total (the REST and Store API lists). */
export function productRowsPage(
  db: DbOrTrx,
  query: ProductQuery & { skus?: string[]; stockStatuses?: string[] },
): Promise<{ rows: ProductRow[]; total: number }> {
  return searchProductRows(db, query);
}

/** The given categories with all their descendants (a category filter matches its subcategories). */
export function categoriesWithDescendants(db: DbOrTrx, ids: readonly number[]): Promise<number[]> {
  return expandCategoryIds(db, ids);
}
