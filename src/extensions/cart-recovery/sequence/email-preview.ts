import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import type { ShopProduct } from '../../../shop/shop-api.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import type { SnapshotItem } from '../capture/cart-snapshot.js';
import { findSessionByPublicId } from '../sessions/sessions.repository.js';
import { emailValues, type MessageLinks, sessionEmailValues } from './email-content.js';
import { type RenderedEmail, renderRecoveryEmail, type StepTemplate } from './email-template.js';

/**
 * A step's e-mail rendered through the real layout with preview links: the cart of `sessionId` when given
 * (404 when unknown), else sample data (the shop's two newest products a cart can hold). The coupon block shows
 * when the step carries a coupon.
 */
export async function previewRecoveryEmail(
  cr: CartRecovery,
  input: { template: StepTemplate; couponEnabled: boolean; email: string; sessionId?: string },
): Promise<RenderedEmail> {
  const { ctx } = cr;
  const base = ctx.config.publicUrl;
  const links: MessageLinks = {
    restoreUrl: `${base}/?cartrecovery_restore=preview-link`,
    unsubscribeUrl: `${base}/?cartrecovery_unsubscribe=preview-link`,
    coupon: input.couponEnabled ? { code: 'CR-SAMPLE', expiresAt: await sampleExpiry(cr) } : null,
  };
  if (input.sessionId) {
    const session = await findSessionByPublicId(ctx.db, input.sessionId);
    if (!session) throw new NotFoundError('cartrecovery_session_not_found', 'No session has this id.');
    return renderRecoveryEmail(input.template, await sessionEmailValues(cr, session, links));
  }
  const items = await sampleItems(cr);
  const total = items.reduce((sum, i) => sum + i.line_total, 0);
  return renderRecoveryEmail(
    input.template,
    await emailValues(cr, { email: input.email, items, total, links }),
  );
}

async function sampleExpiry(cr: CartRecovery): Promise<string> {
  const settings = await cr.settings.get();
  return toDbTime(new Date(cr.ctx.clock.now().getTime() + settings.coupon_expiry_days * 86_400_000));
}

// Two lines a cart could hold: the newest published simple products and variations with a price, in stock.
async function sampleItems(cr: CartRecovery): Promise<SnapshotItem[]> {
  const { items: products } = await cr.ctx.shop.searchProducts({
    status: 'publish',
    type: ['simple', 'variable'],
    stockStatus: 'instock',
    orderBy: 'date',
    order: 'desc',
    offset: 0,
    limit: 20,
  });
  const lines = products.flatMap(purchasableLine).slice(0, 2);
  if (lines.length === 0)
    lines.push({ product_id: 0, variation_id: 0, name: 'Sample product', sku: '', price: 1999 });
  return lines.map((line, i) => ({ ...line, quantity: i + 1, line_total: line.price * (i + 1) }));
}

// The product itself (simple) or its first variation in stock, when it has a price: none otherwise.
function purchasableLine(product: ShopProduct): Array<Omit<SnapshotItem, 'quantity' | 'line_total'>> {
  if (!product.purchasable) return [];
  const line = { product_id: product.id, name: product.name };
  if (product.type === 'simple')
    return product.price > 0 ? [{ ...line, variation_id: 0, sku: product.sku, price: product.price }] : [];
  const variation = product.variations.find((v) => v.price > 0 && v.stock_status !== 'outofstock');
  return variation
    ? [{ ...line, variation_id: variation.id, sku: variation.sku || product.sku, price: variation.price }]
    : [];
}
