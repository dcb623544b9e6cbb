import type { ExtensionContext } from '../../define-extension.js';
import type { Principal } from '../../../platform/auth/principal.js';
import type { DbOrTrx } from '../../../platform/db/database.js';
import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { ConflictError, invalid, UnauthorizedError, ValidationError } from '../../../platform/http/errors.js';
import type { ShopCart, ShopOrder } from '../../../shop/shop-api.js';
import { findAccount } from '../customers/loyalty-accounts.repository.js';
import { debugLog } from '../common/loyalty-log.js';
import type { LoyaltySettings } from '../settings/settings.schemas.js';
import { readSettings } from '../settings/settings.js';
import { hundredths, minorToPoints, pointsToMinor, wholePoints } from '../ledger/points.js';
import { InsufficientPointsError, recordEntry } from '../ledger/points-ledger.service.js';
import { deleteRedemption, findRedemption, saveRedemption } from './redemption.repository.js';

/** Name of the negative fee in `fee` mode. */
export const POINTS_FEE_NAME = 'Points discount';
/** Prefix of the virtual coupon code in `coupon` mode. */
export const POINTS_COUPON_PREFIX = 'loyalty_points_';

/** What `POST /redeem` answers. */
export interface RedemptionApplied {
  success: true;
  message: string;
  applied_points: number;
  discount_value: number;
}

/**
 * Items subtotal after the cart's real coupons (the base of the max-discount cap), minor units, in prices as the
 * shop enters them (so the same before and after the tax step, which takes tax out of prices entered with it);
 * shipping and tax are never part of it.
 */
export function subtotalAfterCoupons(cart: ShopCart): number {
  const items = cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return items - cart.coupons.filter((c) => !c.virtual).reduce((sum, c) => sum + c.discount, 0);
}

/** The most points a cart may redeem: floor(subtotal after coupons × max % / point value). */
export function redemptionCap(subtotalMinor: number, settings: LoyaltySettings, minorUnit: number): number {
  const allowed = Math.floor((subtotalMinor * settings.redemption_maxDiscountPercentage) / 100);
  return minorToPoints(allowed, settings.redemption_pointsValue, minorUnit);
}

/** Whole points a customer may spend (0 for guests and negative balances). */
export async function spendablePoints(db: DbOrTrx, userId: number | null): Promise<number> {
  if (userId === null) return 0;
  return Math.max(0, wholePoints((await findAccount(db, userId))?.balance ?? 0));
}

/** Applies a redemption to the caller's cart: ≥ the minimum, ≤ the balance, ≤ the cap; each refusal a 422 on `points`. */
export async function applyRedemption(
  ctx: ExtensionContext,
  principal: Principal,
  points: number,
): Promise<RedemptionApplied> {
  const settings = await readSettings(ctx);
  if (points < settings.redemption_minPoints)
    throw invalid('points', 'min', `At least ${settings.redemption_minPoints} points must be redeemed.`);
  const userId = principal.kind === 'user' ? principal.user.id : null;
  const balance = await spendablePoints(ctx.db, userId);
  if (points > balance)
    throw invalid('points', 'max', `You cannot redeem more than your balance of ${balance} points.`);
  const cart = await ctx.shop.getCartForPrincipal(principal);
  const minorUnit = ctx.shop.currency.minorUnit;
  const cap = cart ? redemptionCap(subtotalAfterCoupons(cart), settings, minorUnit) : 0;
  if (points > cap) throw invalid('points', 'max', `At most ${cap} points can be redeemed on this cart.`);
  await saveRedemption(ctx.db, {
    cart_session_id: cart!.session_id,
    user_id: userId,
    points,
    created_at: toDbTime(ctx.clock.now()),
  });
  await ctx.shop.recalculateCart(cart!.session_id);
  debugLog(ctx.logger, settings, 'redemption applied', { cart: cart!.session_id, points });
  return {
    success: true,
    message: 'Discount applied successfully',
    applied_points: points,
    discount_value: pointsToMinor(points, settings.redemption_pointsValue, minorUnit) / 10 ** minorUnit,
  };
}

/**
 * The cart update of the `loyalty` namespace (`POST /wc/store/v1/cart/extensions` and the checkout's form post):
 * `{ action: 'apply', points }` or `{ action: 'remove' }` for the logged-in customer's cart (401 for anyone else).
 */
export async function updateRedemption(
  ctx: ExtensionContext,
  viewer: Principal,
  data: Record<string, unknown>,
): Promise<void> {
  if (viewer.kind !== 'user')
    throw new UnauthorizedError('loyalty_login_required', 'Log in to use your points.');
  if (data.action === 'remove') return removeRedemption(ctx, viewer);
  if (data.action !== 'apply') throw invalid('action', 'in', 'The action must be apply or remove.');
  const points =
    typeof data.points === 'string' && /^\d{1,9}$/.test(data.points.trim())
      ? Number(data.points)
      : data.points;
  if (typeof points !== 'number' || !Number.isInteger(points) || points < 1 || points > 1_000_000_000)
    throw invalid('points', 'integer', 'Enter a whole number of points.');
  await applyRedemption(ctx, viewer, points);
}

/** Why `updateRedemption` refused, as a short code a page can turn back into a message (null: not a refusal). */
export async function redemptionRefusal(
  ctx: ExtensionContext,
  viewer: Principal,
  error: unknown,
  points: unknown,
): Promise<'min' | 'balance' | 'cap' | 'invalid' | null> {
  if (!(error instanceof ValidationError)) return null;
  const rules = error.fields.points;
  if (!rules || rules.integer) return 'invalid';
  if (rules.min) return 'min';
  const balance = await spendablePoints(ctx.db, viewer.kind === 'user' ? viewer.user.id : null);
  return Number(points) > balance ? 'balance' : 'cap';
}

/** Removes the caller's redemption (the fee or coupon disappears with the recalculation). */
export async function removeRedemption(ctx: ExtensionContext, principal: Principal): Promise<void> {
  const cart = await ctx.shop.getCartForPrincipal(principal);
  if (cart && (await deleteRedemption(ctx.db, cart.session_id)))
    await ctx.shop.recalculateCart(cart.session_id);
}

/**
 * The redemption a cart can carry right now (null when none, or when it no longer fits the cap). The balance
 * is checked when applying and again at checkout, which refuses the order if it no longer covers the points.
 */
export async function fittingRedemption(
  ctx: ExtensionContext,
  db: DbOrTrx,
  settings: LoyaltySettings,
  input: { cartSessionId: string; userId: number | null; subtotalMinor: number },
): Promise<{ points: number; discount: number } | null> {
  const redemption = await findRedemption(db, input.cartSessionId);
  if (!redemption || redemption.user_id === null || redemption.user_id !== input.userId) return null;
  const minorUnit = ctx.shop.currency.minorUnit;
  if (redemption.points > redemptionCap(input.subtotalMinor, settings, minorUnit)) return null;
  return {
    points: redemption.points,
    discount: pointsToMinor(redemption.points, settings.redemption_pointsValue, minorUnit),
  };
}

/** Drops a cart's redemption once the cart changed so that it no longer fits. */
export async function dropUnfitRedemption(ctx: ExtensionContext, db: DbOrTrx, cart: ShopCart): Promise<void> {
  if (!(await findRedemption(db, cart.session_id))) return;
  const settings = await readSettings(ctx, db);
  const fitting = await fittingRedemption(ctx, db, settings, {
    cartSessionId: cart.session_id,
    userId: cart.user_id,
    subtotalMinor: subtotalAfterCoupons(cart),
  });
  if (!fitting) await deleteRedemption(db, cart.session_id);
}

/**
 * Inside the checkout transaction: debits the points the order was discounted for (`order` debit, once per
 * order). When the balance no longer covers them the checkout is refused and nothing is written.
 */
export async function debitRedemptionAtCheckout(
  ctx: ExtensionContext,
  db: DbOrTrx,
  order: ShopOrder,
  cart: ShopCart,
): Promise<void> {
  const redemption = await findRedemption(db, cart.session_id);
  if (!redemption) return;
  await deleteRedemption(db, cart.session_id);
  const discounted =
    order.fee_lines.some((f) => f.name === POINTS_FEE_NAME && f.total < 0) ||
    order.coupon_lines.some((c) => c.code.startsWith(POINTS_COUPON_PREFIX));
  if (!discounted || !order.customer_id || redemption.user_id !== order.customer_id) return;
  try {
    await recordEntry(db, ctx.clock, {
      userId: order.customer_id,
      type: 'debit',
      amount: hundredths(redemption.points),
      referenceType: 'order',
      referenceId: order.id,
      description: `Points redeemed at checkout for order #${order.id}`,
      idempotencyKey: `order-redeem:${order.id}`,
    });
  } catch (error) {
    if (error instanceof InsufficientPointsError)
      throw new ConflictError(
        'loyalty_insufficient_points',
        'Insufficient points balance to complete this purchase.',
      );
    throw error;
  }
}
