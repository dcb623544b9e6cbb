import { Button, CheckboxControl, SearchControl, SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../admin/components/confirm-dialog.js';
import { useNotices } from '../../../admin/components/notices.js';
import { ScreenHeader } from '../../../admin/components/screen-header.js';
import { type Column, ServerTable } from '../../../admin/components/server-table.js';
import {
  useApiPage,
  useApiQuery,
  useErrorNotice,
  useInvalidate,
} from '../../../admin/components/api-query.js';
import { useDebouncedQueryValue } from '../../../admin/components/use-debounced-query-value.js';
import { useQueryState } from '../../../admin/components/use-query-state.js';
import { DateTime } from '../../../admin/screens/date-time.js';
import { paging, pagingQuery } from '../../../admin/screens/platform-client.js';
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
  const [query, setQuery] = useQueryState();
  const [search, setSearch] = useDebouncedQueryValue(query, setQuery, 's');
  const { page, perPage } = paging(query);
  const status = reviewViews().find((view) => view.status === query.status)?.status ?? 'hold';
  const term = query.s?.trim() || undefined;
  const invalidate = useInvalidate();
  const path = reviewsPath({ status, search: term }, page, perPage);
  const { page: reviews, loading, error } = useApiPage<Review>(path);
  const countsQuery = useApiQuery([REVIEWS_ROUTE, term, 'counts'], () => reviewCounts(term), {
    placeholderData: keepPreviousData,
  });
  const counts = countsQuery.data ?? null;
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [bulk, setBulk] = useState<ReviewStatus | ''>('');
  const [deleting, setDeleting] = useState<Review | null>(null);

  useErrorNotice(error);
  useErrorNotice(countsQuery.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or view starts with nothing checked
  useEffect(() => setChecked(new Set()), [path]);

  const changed = (message: string) => {
    notices.show('success', message);
    setChecked(new Set());
    void invalidate(REVIEWS_ROUTE);
  };
  const failed = (failure: unknown) => notices.showError(failure);
  const move = (review: Review, to: ReviewStatus) =>
    moderateReview(review.id, to).then(() => changed(movedMessage(to, 1)), failed);
  const remove = (review: Review) => {
    setDeleting(null);
    deleteReview(review.id).then(() => changed(__('1 review permanently deleted.', 'storeside')), failed);
  };
  const applyBulk = async (event: FormEvent) => {
    event.preventDefault();
    const to = moderationActions(status).find((action) => action.to === bulk)?.to;
    if (!to) return notices.show('error', __('Choose a bulk action first.', 'storeside'));
    if (checked.size === 0)
      return notices.show('error', __('Check the reviews to change first.', 'storeside'));
    try {
      const refused = await moderateReviews([...checked], to);
      if (refused.length > 0)
        notices.show(
          'error',
          sprintf(__('Reviews %s could not be changed.', 'storeside'), refused.join(', ')),
        );
      changed(movedMessage(to, checked.size - refused.length));
    } catch (failure) {
      failed(failure);
    }
  };

  const items = reviews?.items ?? [];
  const allChecked = items.length > 0 && items.every((review) => checked.has(review.id));
  const toggle = (id: number, on: boolean) =>
    setChecked((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const actions = {
    move,
    askDelete: setDeleting,
    toggle,
    isChecked: (id: number) => checked.has(id),
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
      <div className="storeside-filters">
        <SearchControl
          __nextHasNoMarginBottom
          label={__('Search reviews', 'storeside')}
          placeholder={__('Reviewer, e-mail or text', 'storeside')}
          value={search}
          onChange={setSearch}
        />
      </div>
      <form className="storeside-filters storeside-bulk-actions" onSubmit={applyBulk}>
        <CheckboxControl
          __nextHasNoMarginBottom
          label={__('Select all on this page', 'storeside')}
          checked={allChecked}
          disabled={items.length === 0}
          onChange={(on) => setChecked(new Set(on ? items.map((review) => review.id) : []))}
        />
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Bulk actions', 'storeside')}
          value={bulk}
          options={[
            { value: '', label: __('Choose an action', 'storeside') },
            ...moderationActions(status).map((action) => ({ value: action.to, label: action.label })),
          ]}
          onChange={setBulk}
        />
        <Button variant="secondary" type="submit">
          {sprintf(__('Apply to %s checked', 'storeside'), checked.size.toLocaleString())}
        </Button>
      </form>
      <ServerTable<Review>
        label={__('Product reviews', 'storeside')}
        countLabel={['%s review', '%s reviews']}
        columns={reviewColumns(status, actions)}
        page={reviews}
        loading={loading}
        pageNumber={page}
        perPage={perPage}
        onPaging={(next, size) => setQuery(pagingQuery(next, size))}
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
    toggle: (id: number, on: boolean) => void;
    isChecked: (id: number) => boolean;
  },
): Column<Review>[] {
  return [
    {
      id: 'select',
      label: __('Select', 'storeside'),
      // Its label is for screen readers only (reviews.css); the column header names it on screen.
      render: (review) => (
        <CheckboxControl
          __nextHasNoMarginBottom
          label={sprintf(__('Select the review by %s', 'storeside'), review.reviewer)}
          className="storeside-row-select"
          checked={actions.isChecked(review.id)}
          onChange={(on) => actions.toggle(review.id, on)}
        />
      ),
    },
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
