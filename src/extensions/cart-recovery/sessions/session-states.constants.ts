/**
 * Session states. `captured` → `abandoned` (inactivity) → `recovered` (a matched order after abandonment);
 * `converted` closes a session bought before it was abandoned (never e-mailed); `suppressed` after the
 * recipient unsubscribed; `expired` by an agent's destructive action.
 */
export const SESSION_STATES = [
  'captured',
  'abandoned',
  'recovered',
  'converted',
  'suppressed',
  'expired',
] as const;
/** One session state. */
export type SessionState = (typeof SESSION_STATES)[number];

/** States whose session is still open: it can be updated, abandoned and e-mailed. */
export const OPEN_STATES: readonly SessionState[] = ['captured', 'abandoned'];

/** States a restore link still works in (a bought or expired cart is not rebuilt). */
export const RESTORABLE_STATES: readonly SessionState[] = ['captured', 'abandoned', 'suppressed'];

/** Notification states: queued → sending → sent | retry_queued → … | failed | unknown; canceled any time before sending. */
export const NOTIFICATION_STATES = [
  'queued',
  'sending',
  'sent',
  'retry_queued',
  'failed',
  'unknown',
  'canceled',
] as const;
/** One notification state. */
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** Notification states that may still lead to a send. */
export const PENDING_NOTIFICATION_STATES: readonly NotificationState[] = ['queued', 'retry_queued'];

/** What an e-mail list can be filtered by: one state, or `pending` (every state that may still lead to a send). */
export const NOTIFICATION_FILTERS = [...NOTIFICATION_STATES, 'pending'] as const;
