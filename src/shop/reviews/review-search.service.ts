import type { DbOrTrx } from '../../platform/db/database.js';
import { type ReviewQuery, type ReviewRow, searchReviews } from './reviews.repository.js';

/** One page of reviews matching a query, with the total (the REST lists). */
export function reviewsPage(db: DbOrTrx, query: ReviewQuery): Promise<{ rows: ReviewRow[]; total: number }> {
  return searchReviews(db, query);
}
