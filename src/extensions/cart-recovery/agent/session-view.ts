import type { ShopApi } from '../../../shop/shop-api.js';
import { readSnapshot } from '../capture/cart-snapshot.js';
import { maskEmail } from '../common/email-address.js';
import type { NotificationRow } from '../sequence/notifications.repository.js';
import type { SessionRow } from '../sessions/sessions.repository.js';

/** A session as agents see it; personal fields masked unless `sensitive`. */
export function sessionView(
  session: SessionRow,
  notifications: NotificationRow[],
  options: { sensitive: boolean; shop: ShopApi; events?: Array<{ type: string; created_at: string }> },
) {
  const { sensitive } = options;
  const snapshot = readSnapshot(session.cart_snapshot);
  const money = (minor: number) => minor / 10 ** options.shop.currency.minorUnit;
  return {
    id: session.session_id,
    status: session.status,
    sensitive,
    email: sensitive ? session.email : session.email ? maskEmail(session.email) : '',
    source: session.source,
    is_test: session.is_test === 1,
    cart: {
      item_count: session.item_count,
      total: money(session.cart_total),
      currency: session.currency,
      items: sensitive
        ? snapshot.items.map((i) => ({
            product_id: i.product_id,
            variation_id: i.variation_id,
            name: i.name,
            quantity: i.quantity,
            line_total: money(i.line_total),
          }))
        : null,
    },
    coupon: sensitive
      ? session.coupon_code
        ? { code: session.coupon_code, expires_at: session.coupon_expires_at }
        : null
      : { present: session.coupon_code !== null },
    order: sensitive
      ? session.order_id
        ? {
            id: session.order_id,
            revenue: money(session.recovered_revenue),
            attribution_source: session.attribution_source,
          }
        : null
      : { linked: session.order_id !== null },
    consent_at: session.consent_at,
    captured_at: session.captured_at,
    last_activity_at: session.last_activity_at,
    abandoned_at: session.abandoned_at,
    recovered_at: session.recovered_at,
    converted_at: session.converted_at,
    ended_at: session.ended_at,
    restore_clicked_at: session.restore_clicked_at,
    recovered_step: session.recovered_step,
    emails: notifications.map((n) => ({
      id: n.id,
      step: n.step,
      status: n.status,
      trigger: n.trigger_source,
      recipient: n.recipient_mask,
      attempts: n.attempts,
      scheduled_at: n.scheduled_at,
      sent_at: n.sent_at,
      failed_at: n.failed_at,
      canceled_at: n.canceled_at,
      cancel_reason: n.cancel_reason,
      last_error: n.last_error,
      restore_clicked_at: n.restore_clicked_at,
      coupon: sensitive ? n.coupon_code : n.coupon_code !== null,
    })),
    ...(options.events ? { events: options.events.map((e) => ({ type: e.type, at: e.created_at })) } : {}),
  };
}
