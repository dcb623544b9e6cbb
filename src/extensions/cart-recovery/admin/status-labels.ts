import { __ } from '@wordpress/i18n';

/** How each session state reads. */
export const SESSION_STATUS_LABELS: Record<string, string> = {
  captured: __('Captured', 'storeside'),
  abandoned: __('Abandoned', 'storeside'),
  recovered: __('Recovered', 'storeside'),
  converted: __('Bought before abandoning', 'storeside'),
  suppressed: __('Unsubscribed', 'storeside'),
  expired: __('Expired', 'storeside'),
};

/** How each e-mail state reads. */
export const EMAIL_STATUS_LABELS: Record<string, string> = {
  pending: __('Pending (queued or retrying)', 'storeside'),
  queued: __('Queued', 'storeside'),
  sending: __('Sending', 'storeside'),
  sent: __('Sent', 'storeside'),
  retry_queued: __('Queued for retry', 'storeside'),
  failed: __('Failed', 'storeside'),
  unknown: __('Unknown', 'storeside'),
  canceled: __('Cancelled', 'storeside'),
};
