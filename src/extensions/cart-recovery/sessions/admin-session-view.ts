import { readSnapshot } from '../capture/cart-snapshot.js';
import type { ListedNotificationRow, NotificationRow } from '../sequence/notifications.repository.js';
import type { SessionRow } from './sessions.repository.js';
import type {
  AdminNotification,
  AdminSessionDetail,
  AdminSessionSummary,
  TimelineEntry,
} from './sessions-admin.schemas.js';

/** A session as the admin list shows it (the full address; money in minor units). */
export function adminSessionSummary(
  session: SessionRow,
  notifications: NotificationRow[],
): AdminSessionSummary {
  return {
    id: session.session_id,
    email: session.email,
    status: session.status,
    is_test: session.is_test === 1,
    item_count: session.item_count,
    cart_value: { minor: session.cart_total, currency: session.currency },
    captured_at: session.captured_at,
    last_activity_at: session.last_activity_at,
    abandoned_at: session.abandoned_at,
    recovered_at: session.recovered_at,
    step_reached: notifications.reduce((top, n) => (n.status === 'sent' ? Math.max(top, n.step) : top), 0),
    order_id: session.order_id,
  };
}

/** A notification as the admin lists show it. */
export function adminNotification(
  n: NotificationRow,
  session: { session_id: string; email: string },
): AdminNotification {
  return {
    id: n.id,
    session_id: session.session_id,
    email: session.email,
    step: n.step,
    status: n.status,
    trigger: n.trigger_source,
    attempts: n.attempts,
    scheduled_at: n.scheduled_at,
    sent_at: n.sent_at,
    failed_at: n.failed_at,
    canceled_at: n.canceled_at,
    cancel_reason: n.cancel_reason,
    last_error: n.last_error,
    restore_clicked_at: n.restore_clicked_at,
  };
}

/** A notification of the e-mails list (joined with its session's id and address). */
export function listedNotification(row: ListedNotificationRow): AdminNotification {
  return adminNotification(row, { session_id: row.public_session_id, email: row.email });
}

/** A session with its cart lines, e-mails and timeline (events oldest first, details parsed). */
export function adminSessionDetail(
  session: SessionRow,
  notifications: NotificationRow[],
  events: Array<{ type: string; data: string; created_at: string }>,
): AdminSessionDetail {
  return {
    ...adminSessionSummary(session, notifications),
    source: session.source,
    consent_at: session.consent_at,
    consent_text: session.consent_text,
    converted_at: session.converted_at,
    ended_at: session.ended_at,
    restore_clicked_at: session.restore_clicked_at,
    recovered_step: session.recovered_step,
    recovered_revenue_minor: session.recovered_revenue,
    coupon_code: session.coupon_code,
    items: readSnapshot(session.cart_snapshot).items.map((i) => ({
      product_id: i.product_id,
      variation_id: i.variation_id,
      name: i.name,
      quantity: i.quantity,
      line_total_minor: i.line_total,
    })),
    emails: notifications.map((n) => adminNotification(n, session)),
    timeline: events.map(timelineEntry),
  };
}

function timelineEntry(event: { type: string; data: string; created_at: string }): TimelineEntry {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(event.data || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  return { type: event.type, at: event.created_at, data };
}
