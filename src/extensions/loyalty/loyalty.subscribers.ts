import type { ExtensionContext } from '../define-extension.js';
import {
  awardOnce,
  awardOrderPoints,
  clawBackRefund,
  restoreRedeemedPoints,
  reverseRefundClawback,
} from './earning/loyalty-earning.service.js';
import { ensureReferralCode, linkReferrer } from './referrals/loyalty-referrals.service.js';
import { readSettings } from './settings/settings.js';
import { referralCodeFrom } from './referrals/referral-cookie.js';
import { debitRedemptionAtCheckout, dropUnfitRedemption } from './redemption/redemption.service.js';
import { applyCartDiscounts } from './redemption/cart-discounts.service.js';

const RETURN_STATUSES = new Set(['cancelled', 'failed', 'refunded']);

// Every handler uses the emitter's `db` (its transaction): on SQLite the base handle would wait for it forever.
/** Subscribes the extension to the shop's events. */
export function loyaltySubscribers(ctx: ExtensionContext): void {
  ctx.events.on('customer.registered', async ({ user, referralCode }, { db }) => {
    const settings = await readSettings(ctx, db);
    await ensureReferralCode(db, ctx.clock, user.id);
    const code = referralCodeFrom(referralCode, ctx.config.secret, ctx.clock.now());
    if (code) await linkReferrer(db, ctx.clock, user.id, code);
    await awardOnce(ctx, db, settings, {
      userId: user.id,
      points: settings.earning_pointsForRegistration,
      referenceType: 'registration',
      referenceId: user.id,
      key: `registration:${user.id}`,
      description: 'Points for creating an account',
    });
  });

  ctx.events.on('review.approved', async ({ review }, { db }) => {
    if (!review.user_id) return;
    const settings = await readSettings(ctx, db);
    await awardOnce(ctx, db, settings, {
      userId: review.user_id,
      points: settings.earning_pointsForReview,
      referenceType: 'review',
      referenceId: review.product_id,
      key: `review:${review.user_id}:${review.product_id}`,
      description: `Points for reviewing product #${review.product_id}`,
    });
  });

  ctx.events.on('cart.calculate_totals', async (hook, { db }) => applyCartDiscounts(ctx, db, hook));
  ctx.events.on('cart.updated', async ({ cart }, { db }) => dropUnfitRedemption(ctx, db, cart));
  ctx.events.on('order.created', async ({ order, cart }, { db }) =>
    debitRedemptionAtCheckout(ctx, db, order, cart),
  );

  ctx.events.on('order.status_changed', async ({ order, to }, { db }) => {
    const settings = await readSettings(ctx, db);
    if (to === settings.earning_orderStatusTrigger) await awardOrderPoints(ctx, db, settings, order);
    if (RETURN_STATUSES.has(to)) await restoreRedeemedPoints(ctx, db, settings, order);
  });

  ctx.events.on('order.refunded', async ({ order, refund, refunded_total }, { db }) => {
    const settings = await readSettings(ctx, db);
    await clawBackRefund(ctx, db, settings, { order, refundId: refund.id, refundedTotal: refunded_total });
  });

  // A deleted refund gives its clawback back (the order's status stays, as WooCommerce leaves it).
  ctx.events.on('order.refund_deleted', async ({ order, refund }, { db }) => {
    const settings = await readSettings(ctx, db);
    await reverseRefundClawback(ctx, db, settings, { order, refundId: refund.id });
  });
}
