import type { Static } from '@sinclair/typebox';
import { __ } from '@wordpress/i18n';
import { api, apiWithTotals, withQuery } from '../../../admin/api.js';
import type { ReviewResponse, ReviewUpdateBody } from '../../reviews/reviews.schemas.js';

/** A review as `GET /wc/v3/products/reviews` shows it. */
export type Review = Static<typeof ReviewResponse>;
/** A moderation status the API accepts (`hold` is WordPress's "pending"). */
export type ReviewStatus = NonNullable<Static<typeof ReviewUpdateBody>['status']>;

/** The moderation views in WordPress's order, with their labels. */
export function reviewViews(): Array<{ status: ReviewStatus; label: string }> {
  return [
    { status: 'hold', label: __('Pending', 'storeside') },
    { status: 'approved', label: __('Approved', 'storeside') },
    { status: 'spam', label: __('Spam', 'storeside') },
    { status: 'trash', label: __('Trash', 'storeside') },
  ];
}

/** The product reviews' route. */
export const REVIEWS_ROUTE = '/wc/v3/products/reviews';

/** `GET /wc/v3/products/reviews` path for one page of a view, newest first, matching `search`. */
export function reviewsPath(
  filters: { status: ReviewStatus; search?: string },
  page: number,
  perPage: number,
): string {
  return withQuery(REVIEWS_ROUTE, { ...filters, page, per_page: perPage });
}

/** How many reviews each view holds (the `X-WP-Total` of a one-row page per status). */
export async function reviewCounts(search: string | undefined): Promise<Record<ReviewStatus, number>> {
  const totals = await Promise.all(
    reviewViews().map(({ status }) =>
      apiWithTotals<Review[]>(reviewsPath({ status, search }, 1, 1)).then((page) => [status, page.total]),
    ),
  );
  return Object.fromEntries(totals) as Record<ReviewStatus, number>;
}

/** Moves one review to a status (approve, unapprove, spam, trash, restore). */
export function moderateReview(id: number, status: ReviewStatus): Promise<Review> {
  return api({ path: `/wc/v3/products/reviews/${id}`, method: 'POST', data: { status } });
}

/** Moves many reviews to a status in one batch; resolves with the ids the server refused. */
export async function moderateReviews(ids: number[], status: ReviewStatus): Promise<number[]> {
  const answer = await api<{ update?: Array<{ id: number; error?: unknown }> }>({
    path: '/wc/v3/products/reviews/batch',
    method: 'POST',
    data: { update: ids.map((id) => ({ id, status })) },
  });
  return (answer.update ?? []).filter((item) => item.error).map((item) => item.id);
}

/** Deletes a review for good. */
export function deleteReview(id: number): Promise<unknown> {
  return api({ path: `/wc/v3/products/reviews/${id}?force=true`, method: 'DELETE' });
}
