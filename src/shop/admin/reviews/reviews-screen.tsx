import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { useApiQuery, useErrorNotice, useInvalidate } from '../../../admin/components/api-query.js';
import type { BulkActions } from '../../../admin/components/bulk-actions.js';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { TextFilter } from '../../../admin/components/list-filters.js';
import { useListQuery } from '../../../admin/components/list-query.js';
import { ListScreen, useListPage } from '../../../admin/components/list-screen.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import type { Column } from '../../../admin/components/server-table.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { moderationActions, movedMessage } from './review-actions.js';
import {
  deleteReview,
  moderateReview,
  moderateReviews,
  type Review,
  type ReviewStatus,
  reviewCounts,
  REVIEWS_ROUTE,
  reviewsPath,
  reviewViews,
} from './reviews-client.js';
import './reviews.css';

/**
 * Reviews: the moderation views (Pending, Approved, Spam, Trash with counts) and search in the URL, server pages,
 * per-row approve / unapprove / spam / trash / restore / delete permanently, and bulk moves of the checked rows.
 */
export default function ReviewsScreen() {
  const notices = useNotices();
  const list = useListQuery();
  const status = reviewViews().find((view) => view.status === list.values.status)?.status ?? 'hold';
  const term = list.values.s?.trim() || undefined;
  const invalidate = useInvalidate();
  const data = useListPage<Review>(reviewsPath({ status, search: term }, list.page, list.perPage));
  const countsQuery = useApiQuery([REVIEWS_ROUTE, term, 'counts'], () => reviewCounts(term), {
    placeholderData: keepPreviousData,
  });
  useErrorNotice(countsQuery.error);
  const counts = countsQuery.data ?? null;
  const [deleting, setDeleting] = useState<Review | null>(null);

  const changed = (message: string) => {
    notices.show('success', message);
    void invalidate(REVIEWS_ROUTE);
  };
  const failed = (failure: unknown) => notices.showError(failure);
  const move = (review: Review, to: ReviewStatus) =>
    moderateReview(review.id, to).then(() => changed(movedMessage(to, 1)), failed);
  const remove = (review: Review) => {
    setDeleting(null);
    deleteReview(review.id).then(() => changed(__('1 review permanently deleted.', 'storeside')), failed);
  };
  const bulk: BulkActions<Review> = {
    actions: moderationActions(status).map((action) => ({ value: action.to, label: action.label })),
    selectAllLabel: __('Select all on this page', 'storeside'),
    rowLabel: (review) => sprintf(__('Select the review by %s', 'storeside'), review.reviewer),
    run: async (action, items) => {
      const to = action as ReviewStatus;
      const refused = await moderateReviews(
        items.map((review) => review.id),
        to,
      );
      if (refused.length > 0)
        notices.show(
          'error',
          sprintf(__('Reviews %s could not be changed.', 'storeside'), refused.join(', ')),
        );
      changed(movedMessage(to, items.length - refused.length));
    },
  };

  return (
    <>
      <ScreenHeader title={__('Reviews', 'storeside')} />
      <nav aria-label={__('Review status', 'storeside')}>
        <ul className="storeside-views">
          {reviewViews().map((view) => (
            <li key={view.status}>
              <Link
                href={`/shop/reviews?status=${view.status}`}
                aria-current={view.status === status ? 'page' : undefined}
              >
                {view.label}{' '}
                <span className="count">({counts ? counts[view.status].toLocaleString() : '…'})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListScreen<Review>
        list={list}
        data={data}
        filters={
          <TextFilter
            search
            list={list}
            param="s"
            label={__('Search reviews', 'storeside')}
            placeholder={__('Reviewer, e-mail or text', 'storeside')}
          />
        }
        bulk={bulk}
        label={__('Product reviews', 'storeside')}
        countLabel={['%s review', '%s reviews']}
        columns={reviewColumns(status, { move, askDelete: setDeleting })}
        getItemId={(review) => String(review.id)}
        empty={__('No reviews found.', 'storeside')}
      />
      {deleting ? (
        <ConfirmDialog
          title={__('Delete review', 'storeside')}
          message={sprintf(
            __('Delete the review by %s for good? This cannot be undone.', 'storeside'),
            deleting.reviewer,
          )}
          confirmLabel={__('Delete Permanently', 'storeside')}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}

function reviewColumns(
  status: ReviewStatus,
  actions: {
    move: (review: Review, to: ReviewStatus) => void;
    askDelete: (review: Review) => void;
  },
): Column<Review>[] {
  return [
    {
      id: 'reviewer',
      label: __('Author', 'storeside'),
      render: (review) => (
        <>
          <strong>{review.reviewer}</strong>
          <br />
          <span className="storeside-muted">{review.reviewer_email}</span>
          {review.verified ? (
            <>
              <br />
              <span className="storeside-badge credit">{__('Verified owner', 'storeside')}</span>
            </>
          ) : null}
        </>
      ),
    },
    {
      id: 'rating',
      label: __('Rating', 'storeside'),
      render: (review) => (
        <span className="storeside-rating">
          <span aria-hidden="true">{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span>{' '}
          {sprintf(__('%s out of 5', 'storeside'), String(review.rating))}
        </span>
      ),
    },
    {
      id: 'review',
      label: __('Review', 'storeside'),
      render: (review) => (
        <>
          <p className="storeside-review-text">{review.review}</p>
          <div className="storeside-row-actions">
            {moderationActions(status).map((action) => (
              <Button
                key={action.to}
                variant="link"
                isDestructive={action.to === 'spam' || action.to === 'trash'}
                onClick={() => actions.move(review, action.to)}
                aria-label={sprintf('%1$s: %2$s', action.label, review.reviewer)}
              >
                {action.label}
              </Button>
            ))}
            {status === 'spam' || status === 'trash' ? (
              <Button
                variant="link"
                isDestructive
                onClick={() => actions.askDelete(review)}
                aria-label={sprintf(__('Delete Permanently: %s', 'storeside'), review.reviewer)}
              >
                {__('Delete Permanently', 'storeside')}
              </Button>
            ) : null}
          </div>
        </>
      ),
    },
    {
      id: 'product',
      label: __('Product', 'storeside'),
      render: (review) => <a href={review.product_permalink}>{review.product_name}</a>,
    },
    {
      id: 'date',
      label: __('Submitted on', 'storeside'),
      render: (review) => <DateTime value={review.date_created} />,
    },
  ];
}
