import type { ExtensionContext } from '../../define-extension.js';
import { getUser } from '../../../platform/auth/user-lookup.service.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import type { ShopCart } from '../../../shop/shop-api.js';
import { entryView, type LedgerEntryView } from '../ledger/ledger-view.js';
import { findAccount } from './loyalty-accounts.repository.js';
import { eligibleOrderSubtotal, pointsForAmount } from '../earning/loyalty-earning.service.js';
import { ensureReferralCode, referralLink } from '../referrals/loyalty-referrals.service.js';
import { readSettings } from '../settings/settings.js';
import { tierMultiplier, tierPoints } from '../tiers/loyalty-tiers.service.js';
import { pointsToMinor, wholePoints } from '../ledger/points.js';
import { countEntries, listEntries } from '../ledger/points-ledger.repository.js';
import {
  fittingRedemption,
  redemptionCap,
  spendablePoints,
  subtotalAfterCoupons,
} from '../redemption/redemption.service.js';
import { tierStanding } from '../tiers/tiers.js';

/** `GET /loyalty/v1/me`: balance and its value, tier progress, referral link, one page of history. */
export async function customerView(
  ctx: ExtensionContext,
  userId: number,
  window: { offset: number; limit: number },
) {
  const settings = await readSettings(ctx);
  const minorUnit = ctx.shop.currency.minorUnit;
  const [account, rows, total] = await Promise.all([
    findAccount(ctx.db, userId),
    listEntries(ctx.db, { userId }, window),
    countEntries(ctx.db, { userId }),
  ]);
  const balance = wholePoints(account?.balance ?? 0);
  let tier = null;
  if (settings.tiers_enabled) {
    const points = await tierPoints(ctx.db, ctx.clock, userId);
    const standing = tierStanding(points, settings.tiers_config);
    const current = settings.tiers_config.find((t) => t.name === account?.tier) ?? standing.tier;
    tier = current && {
      name: current.name,
      multiplier: current.multiplier,
      tier_points: points,
      next: standing.next && {
        name: standing.next.name,
        threshold: standing.next.threshold,
        points_needed: standing.pointsNeeded,
      },
    };
  }
  const code = settings.referrals_enabled ? await ensureReferralCode(ctx.db, ctx.clock, userId) : null;
  return {
    view: {
      user_id: userId,
      balance,
      balance_value:
        pointsToMinor(Math.max(0, balance), settings.redemption_pointsValue, minorUnit) / 10 ** minorUnit,
      currency: ctx.shop.currency.code,
      tier,
      referral: code ? { code, link: referralLink(ctx.config.publicUrl, code) } : null,
      history: rows.map(entryView) as LedgerEntryView[],
    },
    total,
  };
}

/** `extensions.loyalty` of a Store API cart: points to earn, the redemption and its bounds, the notices. */
export async function cartExtensionView(ctx: ExtensionContext, cart: ShopCart) {
  const settings = await readSettings(ctx);
  const minorUnit = ctx.shop.currency.minorUnit;
  const userId = cart.user_id;
  const multiplier = userId === null ? 1 : await tierMultiplier(ctx.db, settings, userId);
  const eligible = eligibleOrderSubtotal({
    items_subtotal: cart.totals.total_items,
    discount_total: cart.totals.total_discount,
    fee_lines: cart.fees.map((f) => ({ name: f.name, total: f.amount })),
  });
  const earn = pointsForAmount(eligible, settings, minorUnit, multiplier);
  const balance = await spendablePoints(ctx.db, userId);
  const cap = redemptionCap(subtotalAfterCoupons(cart), settings, minorUnit);
  const redemption = await fittingRedemption(ctx, ctx.db, settings, {
    cartSessionId: cart.session_id,
    userId,
    subtotalMinor: subtotalAfterCoupons(cart),
  });
  const max = Math.min(balance, cap);
  return {
    points_to_earn: earn,
    balance: userId === null ? null : balance,
    point_value: settings.redemption_pointsValue,
    redemption: redemption && {
      points: redemption.points,
      discount_value: redemption.discount / 10 ** minorUnit,
      mode: settings.redemption_mode,
    },
    redeem_min_points: settings.redemption_minPoints,
    redeem_max_points: max,
    can_redeem: userId !== null && max >= settings.redemption_minPoints && max > 0,
    notice:
      userId !== null
        ? `Complete this order to earn ${earn} points!`
        : settings.display_guestNoticeEnabled
          ? `Create an account to earn ${earn} points on this order!`
          : null,
  };
}

/** `GET /loyalty/v1/customers/{id}`: the same view of any existing user, for the admin (404 when none). */
export async function adminCustomerView(
  ctx: ExtensionContext,
  userId: number,
  window: { offset: number; limit: number },
) {
  if (!(await getUser(ctx.db, userId)))
    throw new NotFoundError('loyalty_user_not_found', 'No user has this id.');
  return customerView(ctx, userId, window);
}
