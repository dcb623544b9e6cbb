import type { DbOrTrx } from '../../platform/db/database.js';
import { toDbTime } from '../../platform/db/sql-helpers.js';
import {
  ConflictError,
  type FieldErrors,
  invalid,
  NotFoundError,
  RestError,
  ValidationError,
} from '../../platform/http/errors.js';
import { findProductRows, setProductRating } from '../catalog/products.repository.js';
import type { ShopContext } from '../shop-part.js';
import {
  approvedRatingTotals,
  deleteReview,
  findReview,
  hasReviewed,
  insertReview,
  type ReviewRow,
  updateReview,
} from './reviews.repository.js';

/** Review moderation states (WooCommerce / WordPress comment statuses). */
export const REVIEW_STATUSES = ['approved', 'hold', 'spam', 'trash'] as const;
/** One review status. */
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A new review: by a manager (any reviewer, any status) or by a logged-in customer. */
export interface NewReview {
  product_id: number;
  review: string;
  rating: number;
  reviewer: string;
  reviewer_email: string;
  user_id: number | null;
  status: ReviewStatus;
}

/** Fields of a review a manager may change. */
export interface ReviewPatch {
  review?: string;
  rating?: number;
  reviewer?: string;
  reviewer_email?: string;
  status?: ReviewStatus;
}

/**
 * Stores a review: the product must be a product (not a variation) and the author may review it once;
 * `verified` is whether they bought it (a processing or completed order). Emits `review.approved` and refreshes
 * the product's rating in the same transaction when it is approved.
 */
export async function createReview(ctx: ShopContext, input: NewReview): Promise<ReviewRow> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [product] = await findProductRows(trx, [input.product_id]);
    if (!product || product.type === 'variation')
      throw invalid('product_id', 'exists', 'There is no product with this id.');
    if (product.reviews_allowed !== 1) throw reviewsClosed();
    checkReview(input);
    if (await hasReviewed(trx, input.product_id, { userId: input.user_id, email: input.reviewer_email }))
      throw new ConflictError('woocommerce_rest_review_duplicate', 'You have already reviewed this product.');
    const verified = await boughtProduct(ctx, trx, input);
    const newId = await insertReview(trx, {
      product_id: input.product_id,
      user_id: input.user_id,
      reviewer: input.reviewer.trim(),
      reviewer_email: input.reviewer_email.trim(),
      review: input.review.trim(),
      rating: input.rating,
      status: input.status,
      verified: verified ? 1 : 0,
      date_created: toDbTime(ctx.clock.now()),
    });
    await afterStatusChange(ctx, trx, { id: newId, ...input }, null);
    return newId;
  });
  return (await findReview(ctx.db, id))!;
}

// WordPress answers a comment on a post with comments closed this way, whoever posts it.
function reviewsClosed(): RestError {
  return new RestError('rest_comment_closed', 'Reviews are closed for this product.', 403, {
    params: { product_id: 'The product does not accept reviews (reviews_allowed is false).' },
  });
}

/** Option: when true, reviews posted by customers wait in `hold` for a manager (default false: approved at once). */
export const REVIEW_MODERATION_OPTION = 'shop_review_moderation';

/** A logged-in customer's review of a published product (Store API): held when moderation is on. */
export async function createCustomerReview(
  ctx: ShopContext,
  user: { id: number; email: string; display_name: string },
  input: { product_id: number; review: string; rating: number },
): Promise<ReviewRow> {
  const [product] = await findProductRows(ctx.db, [input.product_id]);
  if (product?.status !== 'publish' || product.type === 'variation')
    throw invalid('product_id', 'exists', 'There is no published product with this id.');
  const moderated = await ctx.options.get<boolean>(REVIEW_MODERATION_OPTION, false);
  return createReview(ctx, {
    ...input,
    reviewer: user.display_name,
    reviewer_email: user.email,
    user_id: user.id,
    status: moderated ? 'hold' : 'approved',
  });
}

/** Changes a review (moderation, text, rating); approving it emits `review.approved`. */
export async function changeReview(ctx: ShopContext, id: number, patch: ReviewPatch): Promise<ReviewRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await requireReview(trx, id);
    const merged = { ...current, ...patch };
    checkReview(merged);
    await updateReview(trx, id, {
      ...(patch.review !== undefined ? { review: patch.review.trim() } : {}),
      ...(patch.rating !== undefined ? { rating: patch.rating } : {}),
      ...(patch.reviewer !== undefined ? { reviewer: patch.reviewer.trim() } : {}),
      ...(patch.reviewer_email !== undefined ? { reviewer_email: patch.reviewer_email.trim() } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
    });
    await afterStatusChange(ctx, trx, merged, current);
  });
  return (await findReview(ctx.db, id))!;
}

/** Trashes a review, or deletes it for good with `force`; a second trash is 410 (WooCommerce). */
export async function removeReview(ctx: ShopContext, id: number, force: boolean): Promise<ReviewRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await requireReview(trx, id);
    if (force) {
      await deleteReview(trx, id);
      await refreshRating(trx, current.product_id);
      return current;
    }
    if (current.status === 'trash')
      throw new RestError('woocommerce_rest_already_trashed', 'The review has already been deleted.', 410);
    await updateReview(trx, id, { status: 'trash' });
    await refreshRating(trx, current.product_id);
    return { ...current, status: 'trash' };
  });
}

/** A review, or 404 `woocommerce_rest_review_invalid_id`. */
export async function requireReview(db: DbOrTrx, id: number): Promise<ReviewRow> {
  const review = await findReview(db, id);
  if (!review) throw new NotFoundError('woocommerce_rest_review_invalid_id', 'Invalid review ID.');
  return review;
}

function checkReview(review: {
  review: string;
  rating: number;
  reviewer: string;
  reviewer_email: string;
}): void {
  const errors: FieldErrors = {};
  if (!review.review.trim()) errors.review = { required: 'The review text is required.' };
  if (!Number.isInteger(review.rating) || review.rating < 1 || review.rating > 5)
    errors.rating = { between: 'The rating must be a whole number from 1 to 5.' };
  if (!review.reviewer.trim()) errors.reviewer = { required: 'The reviewer name is required.' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(review.reviewer_email.trim()))
    errors.reviewer_email = { email: 'The reviewer e-mail must be a valid e-mail address.' };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

async function afterStatusChange(
  ctx: ShopContext,
  trx: DbOrTrx,
  review: {
    id: number;
    product_id: number;
    user_id: number | null;
    reviewer_email: string;
    rating: number;
    status: string;
  },
  before: { status: string; rating: number } | null,
): Promise<void> {
  if (before === null || before.status !== review.status || before.rating !== review.rating)
    await refreshRating(trx, review.product_id);
  if (review.status === 'approved' && before?.status !== 'approved')
    await ctx.events.emit(
      'review.approved',
      {
        review: {
          id: review.id,
          product_id: review.product_id,
          user_id: review.user_id,
          reviewer_email: review.reviewer_email,
          rating: review.rating,
        },
      },
      trx,
    );
}

async function refreshRating(trx: DbOrTrx, productId: number): Promise<void> {
  const { sum, count } = await approvedRatingTotals(trx, productId);
  await setProductRating(trx, productId, {
    average: count === 0 ? 0 : Math.round((sum * 100) / count),
    count,
  });
}

// Verified owner (WooCommerce): a paid order (processing or completed) of this customer or e-mail holds the product.
async function boughtProduct(ctx: ShopContext, trx: DbOrTrx, input: NewReview): Promise<boolean> {
  const statuses = ['processing', 'completed'] as const;
  const orders = [
    ...(input.user_id !== null
      ? await ctx.shop.findOrders({ customerId: input.user_id, statuses: [...statuses], limit: 500 }, trx)
      : []),
    ...(await ctx.shop.findOrders(
      { billingEmail: input.reviewer_email, statuses: [...statuses], limit: 500 },
      trx,
    )),
  ];
  return orders.some((o) => o.line_items.some((l) => l.product_id === input.product_id));
}
