import { startCatalogWrite } from '../catalog/catalog-write.js';
import type { Generated, Selectable } from 'kysely';
import type { DbOrTrx } from '../../platform/db/database.js';
import { columnsToSet, containsInsensitive } from '../../platform/db/sql-helpers.js';

declare module '../../platform/db/database.js' {
  interface Tables {
    shop_reviews: ReviewsTable;
  }
}

/** A product review (`status`: approved | hold | spam | trash). Reviews are catalogue content: writes bump `shop.catalog` first. */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  reviewer: string;
  reviewer_email: string;
  review: string;
  rating: number;
  status: string;
  /** 1 when the reviewer had bought the product when reviewing. */
  verified: number;
  date_created: string;
}

/** A stored review with its product's name and slug. */
export type ReviewRow = Selectable<ReviewsTable> & { product_name: string; product_slug: string };

/** Filters of a review listing. */
export interface ReviewQuery {
  statuses?: string[];
  productIds?: number[];
  reviewerEmail?: string;
  search?: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One page of reviews (newest first by default) and the total (two queries). */
export async function searchReviews(
  db: DbOrTrx,
  q: ReviewQuery,
): Promise<{ rows: ReviewRow[]; total: number }> {
  let base = db.selectFrom('shop_reviews as r').innerJoin('shop_products as p', 'p.id', 'r.product_id');
  if (q.statuses) base = base.where('r.status', 'in', q.statuses);
  if (q.productIds) base = base.where('r.product_id', 'in', q.productIds.length > 0 ? q.productIds : [0]);
  if (q.reviewerEmail)
    base = base.where((eb) => eb(eb.fn('lower', ['r.reviewer_email']), '=', q.reviewerEmail!.toLowerCase()));
  if (q.search) base = base.where((eb) => containsInsensitive(eb.ref('r.review'), q.search!));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('r')
    .select(['p.name as product_name', 'p.slug as product_slug'])
    .orderBy('r.date_created', q.order)
    .orderBy('r.id', q.order)
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows, total: Number(count.n) };
}

/** A review by id, or undefined. */
export async function findReview(db: DbOrTrx, id: number): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('shop_reviews as r')
    .innerJoin('shop_products as p', 'p.id', 'r.product_id')
    .selectAll('r')
    .select(['p.name as product_name', 'p.slug as product_slug'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** True when this user (or e-mail, for guests) already reviewed the product (any status but trash). */
export async function hasReviewed(
  db: DbOrTrx,
  productId: number,
  who: { userId: number | null; email: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('shop_reviews')
    .select('id')
    .where('product_id', '=', productId)
    .where('status', '<>', 'trash')
    .where((eb) =>
      who.userId !== null
        ? eb('user_id', '=', who.userId)
        : eb(eb.fn('lower', ['reviewer_email']), '=', who.email.toLowerCase()),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a review; returns its id. */
export async function insertReview(db: DbOrTrx, row: Omit<Selectable<ReviewsTable>, 'id'>): Promise<number> {
  await startCatalogWrite(db);
  const inserted = await db.insertInto('shop_reviews').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Changes a review. */
export async function updateReview(
  db: DbOrTrx,
  id: number,
  patch: Partial<Omit<Selectable<ReviewsTable>, 'id'>>,
): Promise<void> {
  const columns = columnsToSet(patch);
  if (!columns) return;
  await startCatalogWrite(db);
  await db.updateTable('shop_reviews').set(columns).where('id', '=', id).execute();
}

/** Deletes a review. */
export async function deleteReview(db: DbOrTrx, id: number): Promise<void> {
  await startCatalogWrite(db);
  await db.deleteFrom('shop_reviews').where('id', '=', id).execute();
}

/** Sum and count of the approved, rated reviews of a product. */
export async function approvedRatingTotals(
  db: DbOrTrx,
  productId: number,
): Promise<{ sum: number; count: number }> {
  const row = await db
    .selectFrom('shop_reviews')
    .select((eb) => [eb.fn.sum<number>('rating').as('sum'), eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .where('rating', '>', 0)
    .executeTakeFirstOrThrow();
  return { sum: Number(row.sum ?? 0), count: Number(row.n) };
}
