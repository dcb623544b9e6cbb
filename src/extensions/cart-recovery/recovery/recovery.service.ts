import type { DbOrTrx } from '../../../platform/db/database.js';
import { fromDbTime, toDbTime } from '../../../platform/db/sql-helpers.js';
import type { ShopCart, ShopOrder } from '../../../shop/shop-api.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { readSnapshot } from '../capture/cart-snapshot.js';
import { hashEmail } from '../common/email-address.js';
import { latestRestoreForCart } from '../links/tokens.repository.js';
import {
  cancelPendingNotifications,
  findNotificationById,
  highestSentStep,
} from '../sequence/notifications.repository.js';
import { cancelSessionJobs } from '../sequence/session-jobs.js';
import {
  findOpenSessionByCart,
  findSessionById,
  findSessionByCoupon,
  findSessionByPublicId,
  findSessionsByEmailHash,
  insertEvent,
  findSessionByOrderId,
  type SessionRow,
  updateSession,
} from '../sessions/sessions.repository.js';

/** How an order was tied to a session. */
export type AttributionSource = 'restore_token' | 'session' | 'coupon' | 'email';

/** Order meta keys this extension writes at checkout. */
export const ORDER_META = {
  session: '_cartrecovery_session_id',
  source: '_cartrecovery_attribution',
  notification: '_cartrecovery_notification_id',
} as const;

/**
 * At checkout (inside its transaction): ties the new order to the session whose link rebuilt this cart, or
 * else to the capture made with this cart, by writing order meta. Matching itself waits for payment.
 */
export async function linkOrderAtCheckout(
  cr: CartRecovery,
  db: DbOrTrx,
  order: ShopOrder,
  cart: ShopCart,
): Promise<void> {
  const cartId = order.cart_session_id ?? cart.session_id;
  if (!cartId) return;
  const restore = await latestRestoreForCart(db, cartId);
  const restored = restore ? await findSessionById(db, restore.session_id) : null;
  const captured = restored ? null : await findOpenSessionByCart(db, cartId);
  const session = restored ?? captured;
  if (!session) return;
  await cr.ctx.shop.setOrderMeta(order.id, ORDER_META.session, session.session_id, db);
  await cr.ctx.shop.setOrderMeta(order.id, ORDER_META.source, restored ? 'restore_token' : 'session', db);
  if (restore?.notification_id)
    await cr.ctx.shop.setOrderMeta(order.id, ORDER_META.notification, restore.notification_id, db);
}

/**
 * An order reached processing/completed: finds its session (checkout link, then coupon, then same address with
 * an overlapping cart within retention) and closes it — `recovered` after abandonment, `converted` before.
 * Each order counts once and each session closes once, whatever hooks fire again.
 */
export async function matchPaidOrder(
  cr: CartRecovery,
  db: DbOrTrx,
  order: ShopOrder,
): Promise<SessionRow | null> {
  if (await findSessionByOrderId(db, order.id)) return null;
  const found = await findSessionForOrder(cr, db, order);
  if (!found) return null;
  const { session, source } = found;
  const now = cr.ctx.clock.now();
  const at = toDbTime(now);
  const wasAbandoned = session.abandoned_at !== null && ['abandoned', 'suppressed'].includes(session.status);
  if (!wasAbandoned) {
    const closed = await updateSession(
      db,
      session.id,
      {
        status: 'converted',
        converted_at: at,
        ended_at: at,
        order_id: order.id,
        attribution_source: source,
        updated_at: at,
      },
      ['captured'],
    );
    if (!closed) return null;
    await cancelSessionJobs(cr, db, session.id);
    await insertEvent(db, {
      sessionId: session.id,
      type: 'completed_before_abandonment',
      data: { order_id: order.id, revenue: order.total, source },
      at,
    });
  } else {
    const notificationId = Number(order.meta_data[ORDER_META.notification] ?? 0);
    const notification = notificationId ? await findNotificationById(db, notificationId) : null;
    const step =
      notification?.session_id === session.id ? notification.step : await highestSentStep(db, session.id);
    const recovered = await updateSession(
      db,
      session.id,
      {
        status: 'recovered',
        recovered_at: at,
        order_id: order.id,
        recovered_revenue: order.total,
        recovery_seconds: Math.max(
          0,
          Math.round((now.getTime() - fromDbTime(session.abandoned_at!).getTime()) / 1000),
        ),
        recovered_step: step,
        attribution_source: source,
        updated_at: at,
      },
      ['abandoned', 'suppressed'],
    );
    if (!recovered) return null;
    await cancelPendingNotifications(db, { sessionId: session.id, reason: 'recovered', now: at });
    await cancelSessionJobs(cr, db, session.id);
    await insertEvent(db, {
      sessionId: session.id,
      type: 'recovered',
      data: { order_id: order.id, revenue: order.total, source, step },
      at,
    });
  }
  return session;
}

/** Keeps a recovered session's revenue equal to its order's total minus refunds. */
export async function applyRefund(db: DbOrTrx, order: ShopOrder, refundedTotal: number): Promise<void> {
  const row = await findSessionByOrderId(db, order.id);
  if (!row) return;
  await updateSession(db, row.id, { recovered_revenue: Math.max(0, order.total - refundedTotal) });
}

async function findSessionForOrder(
  cr: CartRecovery,
  db: DbOrTrx,
  order: ShopOrder,
): Promise<{ session: SessionRow; source: AttributionSource } | null> {
  const linked = order.meta_data[ORDER_META.session];
  if (typeof linked === 'string') {
    const session = await findSessionByPublicId(db, linked);
    const source = order.meta_data[ORDER_META.source] === 'restore_token' ? 'restore_token' : 'session';
    if (session) return { session, source };
  }
  for (const line of order.coupon_lines) {
    const session = await findSessionByCoupon(db, line.code);
    if (session) return { session, source: 'coupon' };
  }
  const email = order.billing.email?.trim();
  if (!email) return null;
  const retention = (await cr.settings.get(db)).data_retention_days;
  const since = toDbTime(new Date(cr.ctx.clock.now().getTime() - retention * 86_400_000));
  const candidates = await findSessionsByEmailHash(db, hashEmail(email), ['abandoned', 'captured'], since);
  const bought = new Set(order.line_items.map((l) => l.product_id));
  const overlapping = candidates.filter((s) =>
    readSnapshot(s.cart_snapshot).items.some((i) => bought.has(i.product_id)),
  );
  const best = overlapping.find((s) => s.status === 'abandoned') ?? overlapping[0];
  return best ? { session: best, source: 'email' } : null;
}
