import type { ExtensionContext } from '../../define-extension.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import type { ShopOrder } from '../../../shop/shop-api.js';
import { debugLog } from '../common/loyalty-log.js';
import type { LoyaltySettings } from '../settings/settings.schemas.js';
import { hundredths, wholePoints } from '../ledger/points.js';
import { findEntryByKey, sumByKeyPrefix, sumByReference } from '../ledger/points-ledger.repository.js';
import { recordEntry } from '../ledger/points-ledger.service.js';
import { tierMultiplier, upgradeTier } from '../tiers/loyalty-tiers.service.js';

/** The job that pays a referrer once their referee's first order reaches the trigger status. */
export const REFERRAL_BONUS_JOB = 'loyalty.referral_bonus';

/** Whole points an amount of eligible money earns: floor(amount × points per unit × multiplier). */
export function pointsForAmount(
  eligibleMinor: number,
  settings: LoyaltySettings,
  minorUnit: number,
  multiplier: number,
): number {
  if (eligibleMinor <= 0) return 0;
  return Math.floor((eligibleMinor / 10 ** minorUnit) * settings.earning_pointsPerDollar * multiplier + 1e-9);
}

/**
 * Items subtotal after coupons and negative fees (points and referral discounts); shipping and tax excluded (the
 * shop's line amounts are without tax even when prices are entered with tax).
 */
export function eligibleOrderSubtotal(
  order: Pick<ShopOrder, 'items_subtotal' | 'discount_total' | 'fee_lines'>,
): number {
  const discounts = order.fee_lines.reduce((sum, fee) => sum + Math.min(0, fee.total), 0);
  return Math.max(0, order.items_subtotal - order.discount_total + discounts);
}

/**
 * Credits a customer's order once it reaches the trigger status (once per order), moves their tier up,
 * and schedules the referral bonus (inside the same transaction, so it is never lost).
 */
export async function awardOrderPoints(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  order: ShopOrder,
): Promise<void> {
  if (!order.customer_id) return;
  const multiplier = await tierMultiplier(db, settings, order.customer_id);
  const points = pointsForAmount(
    eligibleOrderSubtotal(order),
    settings,
    ctx.shop.currency.minorUnit,
    multiplier,
  );
  if (points > 0) {
    const result = await recordEntry(db, ctx.clock, {
      userId: order.customer_id,
      type: 'credit',
      amount: hundredths(points),
      referenceType: 'order',
      referenceId: order.id,
      description: `Points earned for order #${order.id}`,
      expiresAt: earningExpiry(ctx, settings),
      idempotencyKey: `order-earn:${order.id}`,
    });
    if (!result.replayed) {
      debugLog(ctx.logger, settings, 'order points earned', { order: order.id, points });
      await upgradeTier(db, ctx.clock, settings, order.customer_id);
    }
  }
  if (settings.referrals_enabled)
    await ctx.jobs.schedule(
      { hook: REFERRAL_BONUS_JOB, args: { orderId: order.id, refereeId: order.customer_id }, unique: true },
      db,
    );
}

/**
 * The points an order earns its customer: those already credited (`earned`), else what the trigger status will
 * credit now (same formula and tier as `awardOrderPoints`). Null for guest orders.
 */
export async function orderPoints(
  ctx: ExtensionContext,
  settings: LoyaltySettings,
  order: ShopOrder,
): Promise<{ points: number; earned: boolean } | null> {
  if (!order.customer_id) return null;
  const credited = await findEntryByKey(ctx.db, `order-earn:${order.id}`);
  if (credited) return { points: wholePoints(credited.amount), earned: true };
  const multiplier = await tierMultiplier(ctx.db, settings, order.customer_id);
  const minorUnit = ctx.shop.currency.minorUnit;
  return {
    points: pointsForAmount(eligibleOrderSubtotal(order), settings, minorUnit, multiplier),
    earned: false,
  };
}

/**
 * What the shopper paid for the goods: the order total less shipping and its tax (the items after discounts with
 * their tax, and fees). Refunds are shares of it: a refund goes to the goods first, shipping only once they are
 * all refunded.
 */
export function goodsPaid(order: Pick<ShopOrder, 'total' | 'shipping_total' | 'shipping_tax'>): number {
  return Math.max(0, order.total - order.shipping_total - order.shipping_tax);
}

/**
 * Claws back earned points in proportion to the refunded share of the goods (cumulative refunded amount over
 * `goodsPaid`, at most all of it); may take the balance below zero.
 */
export async function clawBackRefund(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  input: { order: ShopOrder; refundId: number; refundedTotal: number },
): Promise<void> {
  const { order } = input;
  if (!order.customer_id || goodsPaid(order) <= 0) return;
  const earned = await findEntryByKey(db, `order-earn:${order.id}`);
  if (!earned) return;
  const target = clawbackTarget(earned.amount, input.refundedTotal, goodsPaid(order));
  const already = await netClawback(db, order);
  if (target - already <= 0) return;
  await recordEntry(db, ctx.clock, {
    userId: order.customer_id,
    type: 'debit',
    amount: target - already,
    referenceType: 'refund',
    referenceId: order.id,
    description: `Order #${order.id} refund clawback`,
    idempotencyKey: `order-clawback:${order.id}:${input.refundId}`,
    allowNegative: true,
  });
  debugLog(ctx.logger, settings, 'refund clawback', { order: order.id, amount: target - already });
}

/**
 * A refund was deleted (`order.refund_deleted`): the clawback target is recomputed on the order's lower refunded
 * total and what was clawed back above it is credited back, once per deleted refund. The next refund then claws
 * back from the net figure, so earned − clawed back always follows the refunded share.
 */
export async function reverseRefundClawback(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  input: { order: ShopOrder; refundId: number },
): Promise<void> {
  const { order } = input;
  if (!order.customer_id || goodsPaid(order) <= 0) return;
  const earned = await findEntryByKey(db, `order-earn:${order.id}`);
  if (!earned) return;
  const target = clawbackTarget(earned.amount, order.refunded_total, goodsPaid(order));
  const excess = (await netClawback(db, order)) - target;
  if (excess <= 0) return;
  await recordEntry(db, ctx.clock, {
    userId: order.customer_id,
    type: 'credit',
    amount: excess,
    referenceType: 'refund',
    referenceId: order.id,
    description: `Order #${order.id} refund deleted: clawback returned`,
    idempotencyKey: `${CLAWBACK_REVERSAL_KEY}${order.id}:${input.refundId}`,
  });
  debugLog(ctx.logger, settings, 'refund clawback returned', { order: order.id, amount: excess });
}

const CLAWBACK_REVERSAL_KEY = 'order-clawback-reversal:';

// Hundredths to claw back of `earned` for a refunded share of the goods (whole points, rounded down).
function clawbackTarget(earned: number, refundedTotal: number, goods: number): number {
  const share = Math.min(refundedTotal, goods) / goods;
  return hundredths(Math.floor(wholePoints(earned) * share + 1e-9));
}

// Hundredths clawed back from an order's earnings so far: refund debits less the returns of deleted refunds.
async function netClawback(db: DbOrTrx, order: ShopOrder): Promise<number> {
  const debited = await sumByReference(db, {
    userId: order.customer_id,
    referenceType: 'refund',
    referenceId: order.id,
    transactionType: 'debit',
  });
  const returned = await sumByKeyPrefix(db, {
    userId: order.customer_id,
    referenceType: 'refund',
    referenceId: order.id,
    keyPrefix: `${CLAWBACK_REVERSAL_KEY}${order.id}:`,
  });
  return debited - returned;
}

/** Gives back the points redeemed on an order that was cancelled, failed or fully refunded (once). */
export async function restoreRedeemedPoints(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  order: ShopOrder,
): Promise<void> {
  if (!order.customer_id) return;
  const redeemed = await sumByReference(db, {
    userId: order.customer_id,
    referenceType: 'order',
    referenceId: order.id,
    transactionType: 'debit',
  });
  if (redeemed <= 0) return;
  await recordEntry(db, ctx.clock, {
    userId: order.customer_id,
    type: 'credit',
    amount: redeemed,
    referenceType: 'refund',
    referenceId: order.id,
    description: `Points returned for order #${order.id} (${order.status})`,
    idempotencyKey: `order-restore:${order.id}`,
  });
  debugLog(ctx.logger, settings, 'redeemed points returned', { order: order.id, amount: redeemed });
}

/** Pays `points` once under `key` (registration, review and referral rewards), then moves the tier up. */
export async function awardOnce(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  input: {
    userId: number;
    points: number;
    referenceType: 'registration' | 'review' | 'referral';
    referenceId: number;
    key: string;
    description: string;
  },
): Promise<boolean> {
  if (input.points <= 0) return false;
  const result = await recordEntry(db, ctx.clock, {
    userId: input.userId,
    type: 'credit',
    amount: hundredths(input.points),
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    description: input.description,
    expiresAt: earningExpiry(ctx, settings),
    idempotencyKey: input.key,
  });
  if (result.replayed) return false;
  debugLog(ctx.logger, settings, `${input.referenceType} points earned`, {
    user: input.userId,
    points: input.points,
  });
  await upgradeTier(db, ctx.clock, settings, input.userId);
  return true;
}

/** When an earning credit written now expires (null while expiry is off). */
export function earningExpiry(ctx: ExtensionContext, settings: LoyaltySettings): string | null {
  return settings.expiry_enabled
    ? toDbTime(new Date(ctx.clock.now().getTime() + settings.expiry_days * 86_400_000))
    : null;
}
