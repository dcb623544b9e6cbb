import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromDbTime, toDbTime } from '../../../platform/db/sql-helpers.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { readSnapshot, type SnapshotItem } from '../capture/cart-snapshot.js';
import { hashLinkToken } from '../common/link-token.js';
import type { RestoreReport } from './restore-report.js';
import { findNotificationById, markNotificationClicked } from '../sequence/notifications.repository.js';
import { RESTORABLE_STATES } from '../sessions/session-states.constants.js';
import {
  findSessionById,
  insertEvent,
  type SessionRow,
  updateSession,
} from '../sessions/sessions.repository.js';
import {
  findToken,
  insertRestore,
  markTokenUsed,
  restoreExists,
  type TokenRow,
} from './tokens.repository.js';

/** Why a restore link did not rebuild a cart (the `cartrecovery_restore_error` value). */
export type RestoreError = 'invalid' | 'expired' | 'empty' | 'rate_limited';

/** The outcome of a restore link: go to checkout (with what changed), or home with an error. */
export type RestoreOutcome = { ok: true; report: RestoreReport } | { ok: false; error: RestoreError };

/**
 * `?cartrecovery_restore=<token>`: finds the token by hash (every e-mail's link, 48 h each), rebuilds the
 * session's cart in this browser (the shop sets its cart cookie), applies the step's coupon and records the
 * click once; a reload of the same link in the same browser goes straight to checkout.
 */
export async function restoreFromLink(
  cr: CartRecovery,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<RestoreOutcome> {
  const { ctx } = cr;
  const now = ctx.clock.now();
  const row =
    token.length >= 32 && token.length <= 128
      ? await findToken(ctx.db, 'restore', hashLinkToken(token))
      : null;
  if (!row) return { ok: false, error: 'invalid' };
  const session = await findSessionById(ctx.db, row.session_id);
  if (!session) return { ok: false, error: 'invalid' };
  if ((row.expires_at && fromDbTime(row.expires_at) <= now) || !RESTORABLE_STATES.includes(session.status)) {
    return { ok: false, error: 'expired' };
  }
  const principal = await ctx.auth.principalOf(request, reply);
  const currentCart = principal.kind === 'anonymous' ? null : await ctx.shop.getCartForPrincipal(principal);
  if (currentCart && (await restoreExists(ctx.db, row.id, currentCart.session_id)))
    return { ok: true, report: { unavailable: [], limited: [], repriced: [] } };

  const { items, report } = await restorableItems(cr, readSnapshot(session.cart_snapshot).items);
  const dropped = report.unavailable.length;
  const at = toDbTime(now);
  if (items.length === 0) {
    await insertEvent(ctx.db, {
      sessionId: session.id,
      type: 'cart_restore_failed',
      data: { token: row.id },
      at,
    });
    return { ok: false, error: 'empty' };
  }
  const couponCode = await couponFor(cr, row, session);
  let cart: Awaited<ReturnType<typeof ctx.shop.restoreCartForBrowser>>;
  try {
    cart = await ctx.shop.restoreCartForBrowser({
      request,
      reply,
      items,
      couponCode: couponCode ?? undefined,
      billingEmail: session.email,
    });
  } catch (error) {
    if (!couponCode) throw error;
    // The coupon is no longer usable (used, expired): rebuild the cart without it.
    cart = await ctx.shop.restoreCartForBrowser({ request, reply, items, billingEmail: session.email });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await markTokenUsed(trx, row.id, at);
    await insertRestore(trx, {
      session_id: session.id,
      token_id: row.id,
      cart_session_id: cart.session_id,
      created_at: at,
    });
    if (!session.restore_clicked_at)
      await updateSession(trx, session.id, { restore_clicked_at: at, updated_at: at });
    if (row.notification_id) await markNotificationClicked(trx, row.notification_id, at);
    await insertEvent(trx, {
      sessionId: session.id,
      type: 'restore_clicked',
      data: { notification: row.notification_id },
      at,
    });
    await insertEvent(trx, {
      sessionId: session.id,
      type: dropped > 0 ? 'cart_restore_partial' : 'cart_restored',
      data: { added: items.length, dropped, coupon: couponCode !== null, ...report },
      at,
    });
  });
  return { ok: true, report };
}

/**
 * Snapshot lines that can still be bought: existing, published, purchasable, in stock (clamped to stock); the
 * report names (by product id) the lines left out, those cut to the stock, and those whose unit price changed.
 */
async function restorableItems(
  cr: CartRecovery,
  lines: SnapshotItem[],
): Promise<{
  items: Array<{ productId: number; variationId?: number; quantity: number }>;
  report: RestoreReport;
}> {
  const report: RestoreReport = { unavailable: [], limited: [], repriced: [] };
  if (lines.length === 0) return { items: [], report };
  const products = await cr.ctx.shop.getProducts([...new Set(lines.map((l) => l.product_id))]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const items: Array<{ productId: number; variationId?: number; quantity: number }> = [];
  for (const line of lines) {
    const product = byId.get(line.product_id);
    const variation = line.variation_id
      ? product?.variations.find((v) => v.id === line.variation_id)
      : undefined;
    const stockStatus = variation ? variation.stock_status : product?.stock_status;
    if (
      product?.status !== 'publish' ||
      !product.purchasable ||
      (line.variation_id && !variation) ||
      stockStatus === 'outofstock'
    ) {
      report.unavailable.push(line.product_id);
      continue;
    }
    const stock = variation ? variation.stock_quantity : product.stock_quantity;
    const limited = product.manage_stock && product.backorders === 'no' && stock !== null;
    const quantity = limited ? Math.min(line.quantity, Math.max(0, stock ?? 0)) : line.quantity;
    if (quantity <= 0) {
      report.unavailable.push(line.product_id);
      continue;
    }
    if (quantity < line.quantity) report.limited.push(product.id);
    if ((variation ? variation.price : product.price) !== line.price) report.repriced.push(product.id);
    items.push({ productId: product.id, ...(variation ? { variationId: variation.id } : {}), quantity });
  }
  return { items, report };
}

/** The coupon of the e-mail the link came from (the step's coupon), while it is still the session's valid one. */
async function couponFor(cr: CartRecovery, token: TokenRow, session: SessionRow): Promise<string | null> {
  if (!token.notification_id || !session.coupon_code || !session.coupon_expires_at) return null;
  if (fromDbTime(session.coupon_expires_at) <= cr.ctx.clock.now()) return null;
  const notification = await findNotificationById(cr.ctx.db, token.notification_id);
  return notification?.coupon_code === session.coupon_code ? session.coupon_code : null;
}
