import { __, _n, sprintf } from '@wordpress/i18n';
import type { ReviewStatus } from './reviews-client.js';

/** A moderation step offered on a review: the status it moves the review to and its button's label. */
export interface ReviewAction {
  to: ReviewStatus;
  label: string;
}

/** The moves WordPress offers from a view: approve/unapprove, spam/not spam, trash/restore. */
export function moderationActions(from: ReviewStatus): ReviewAction[] {
  const approve = { to: 'approved' as const, label: __('Approve', 'storeside') };
  const spam = { to: 'spam' as const, label: __('Spam', 'storeside') };
  const trash = { to: 'trash' as const, label: __('Trash', 'storeside') };
  switch (from) {
    case 'hold':
      return [approve, spam, trash];
    case 'approved':
      return [{ to: 'hold', label: __('Unapprove', 'storeside') }, spam, trash];
    case 'spam':
      return [{ to: 'hold', label: __('Not Spam', 'storeside') }, trash];
    case 'trash':
      return [{ to: 'hold', label: __('Restore', 'storeside') }, spam];
  }
}

/** The notice after moving `count` reviews to `to`. */
export function movedMessage(to: ReviewStatus, count: number): string {
  const n = count.toLocaleString();
  switch (to) {
    case 'approved':
      return sprintf(_n('%s review approved.', '%s reviews approved.', count, 'storeside'), n);
    case 'hold':
      return sprintf(
        _n('%s review moved to Pending.', '%s reviews moved to Pending.', count, 'storeside'),
        n,
      );
    case 'spam':
      return sprintf(_n('%s review marked as spam.', '%s reviews marked as spam.', count, 'storeside'), n);
    case 'trash':
      return sprintf(
        _n('%s review moved to the Trash.', '%s reviews moved to the Trash.', count, 'storeside'),
        n,
      );
  }
}
