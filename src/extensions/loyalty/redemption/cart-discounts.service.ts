import type { ExtensionContext } from '../../define-extension.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import type { CartTotalsHook } from '../../../shop/shop-api.js';
import { findAccount } from '../customers/loyalty-accounts.repository.js';
import type { LoyaltySettings } from '../settings/settings.schemas.js';
import { readSettings } from '../settings/settings.js';
import { fittingRedemption, POINTS_COUPON_PREFIX, POINTS_FEE_NAME } from './redemption.service.js';

/** Name of the referee's first-order discount fee. */
export const REFERRAL_FEE_NAME = 'Referral discount';
const NOT_FIRST_ORDER: Array<'pending' | 'processing' | 'on-hold' | 'completed' | 'refunded'> = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'refunded',
];

/** `cart.calculate_totals`: adds the points discount (fee or virtual coupon) and the referee's first-order discount. */
export async function applyCartDiscounts(
  ctx: ExtensionContext,
  db: DbOrTrx,
  hook: CartTotalsHook,
): Promise<void> {
  const settings = await readSettings(ctx, db);
  const { cart } = hook;
  let left = hook.subtotalAfterCoupons;
  const redemption = await fittingRedemption(ctx, db, settings, {
    cartSessionId: cart.session_id,
    userId: cart.user_id,
    subtotalMinor: hook.subtotalAfterCoupons,
  });
  if (redemption && redemption.discount > 0) {
    if (settings.redemption_mode === 'coupon')
      hook.addVirtualCoupon({
        code: `${POINTS_COUPON_PREFIX}${redemption.points}`,
        amount: redemption.discount,
      });
    else hook.addFee({ key: 'loyalty-points', name: POINTS_FEE_NAME, amount: -redemption.discount });
    left -= redemption.discount;
  }
  const referral = await referralDiscount(ctx, db, settings, cart.user_id);
  if (referral > 0 && left > 0)
    hook.addFee({ key: 'loyalty-referral', name: REFERRAL_FEE_NAME, amount: -Math.min(referral, left) });
}

/** The referee's fixed first-order discount (minor units), 0 when it does not apply. */
async function referralDiscount(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  userId: number | null,
): Promise<number> {
  if (userId === null || !settings.referrals_enabled || settings.referrals_newCustomerDiscount <= 0) return 0;
  if (!(await findAccount(db, userId))?.referred_by) return 0;
  const orders = await ctx.shop.findOrders({ customerId: userId, statuses: NOT_FIRST_ORDER, limit: 1 }, db);
  if (orders.length > 0) return 0;
  return Math.round(settings.referrals_newCustomerDiscount * 10 ** ctx.shop.currency.minorUnit);
}
