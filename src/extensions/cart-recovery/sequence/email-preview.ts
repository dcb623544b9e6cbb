import { toDbTime } from '../../../platform/db/sql-helpers.js';
import { NotFoundError } from '../../../platform/http/errors.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import type { SnapshotItem } from '../capture/cart-snapshot.js';
import { findSessionByPublicId } from '../sessions/sessions.repository.js';
import { emailValues, type MessageLinks, sessionEmailValues } from './email-content.js';
import { type RenderedEmail, renderRecoveryEmail, type StepTemplate } from './email-template.js';

/**
 * A step's e-mail rendered through the real layout with preview links: the cart of `sessionId` when given
 * (404 when unknown), else sample data (the shop's two newest published products). The coupon block shows
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

async function sampleItems(cr: CartRecovery): Promise<SnapshotItem[]> {
  const { items: products } = await cr.ctx.shop.searchProducts({
    status: 'publish',
    orderBy: 'date',
    order: 'desc',
    offset: 0,
    limit: 2,
  });
  if (products.length === 0) {
    return [
      {
        product_id: 0,
        variation_id: 0,
        quantity: 1,
        name: 'Sample product',
        sku: '',
        price: 1999,
        line_total: 1999,
      },
    ];
  }
  return products.map((p, i) => ({
    product_id: p.id,
    variation_id: 0,
    quantity: i + 1,
    name: p.name,
    sku: p.sku,
    price: p.price,
    line_total: p.price * (i + 1),
  }));
}
