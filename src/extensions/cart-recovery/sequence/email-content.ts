import type { DbOrTrx } from '../../../platform/db/database.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { type SnapshotItem, readSnapshot } from '../capture/cart-snapshot.js';
import type { SessionRow } from '../sessions/sessions.repository.js';
import type { EmailCoupon, EmailLine, TemplateValues } from './email-template.js';

/** The links and coupon of one message (real tokens when sending, preview links otherwise). */
export interface MessageLinks {
  restoreUrl: string;
  unsubscribeUrl: string;
  coupon: { code: string; expiresAt: string } | null;
}

/**
 * Everything a recovery e-mail shows of a session: branding from the settings, the cart's lines with their
 * product (or variation) image and chosen options, prices and total in the shop currency.
 */
export async function emailValues(
  cr: CartRecovery,
  input: { email: string; items: SnapshotItem[]; total: number; links: MessageLinks },
  db?: DbOrTrx,
): Promise<TemplateValues> {
  const settings = await cr.settings.get(db);
  return {
    siteTitle: settings.site_title,
    customerEmail: input.email,
    restoreUrl: input.links.restoreUrl,
    unsubscribeUrl: input.links.unsubscribeUrl,
    logoUrl: settings.logo_url,
    accentColor: settings.accent_color,
    footerAddress: settings.footer_address,
    items: await emailLines(cr, input.items, db),
    total: money(cr, input.total),
    coupon: input.links.coupon ? couponView(cr, input.links.coupon, settings) : null,
  };
}

/** The values of a session's e-mail (its snapshot's lines and total). */
export function sessionEmailValues(
  cr: CartRecovery,
  session: SessionRow,
  links: MessageLinks,
  db?: DbOrTrx,
): Promise<TemplateValues> {
  const snapshot = readSnapshot(session.cart_snapshot);
  return emailValues(
    cr,
    { email: session.email, items: snapshot.items, total: session.cart_total, links },
    db,
  );
}

/** `$12.50`: the shop's symbol and its formatter. */
export function money(cr: CartRecovery, minor: number): string {
  return `${cr.ctx.shop.currency.symbol}${cr.ctx.shop.formatMoney(minor)}`;
}

async function emailLines(cr: CartRecovery, items: SnapshotItem[], db?: DbOrTrx): Promise<EmailLine[]> {
  const products = await cr.ctx.shop.getProducts([...new Set(items.map((i) => i.product_id))], db);
  const byId = new Map(products.map((p) => [p.id, p]));
  return items.map((item) => {
    const product = byId.get(item.product_id);
    const variation = product?.variations.find((v) => v.id === item.variation_id);
    const image = variation?.image?.src || product?.images[0]?.src || '';
    return {
      name: item.name,
      variation: variation
        ? Object.entries(variation.attributes)
            .map(([name, option]) => `${name}: ${option}`)
            .join(', ')
        : '',
      quantity: item.quantity,
      price: money(cr, item.line_total),
      imageUrl: absoluteUrl(cr, image),
    };
  });
}

function couponView(
  cr: CartRecovery,
  coupon: { code: string; expiresAt: string },
  settings: { coupon_type: 'fixed_cart' | 'percent'; coupon_amount: number },
): EmailCoupon {
  const factor = 10 ** cr.ctx.shop.currency.minorUnit;
  return {
    code: coupon.code,
    amount:
      settings.coupon_type === 'percent'
        ? `${settings.coupon_amount}%`
        : money(cr, Math.round(settings.coupon_amount * factor)),
    expiry: coupon.expiresAt.slice(0, 10),
  };
}

function absoluteUrl(cr: CartRecovery, src: string): string {
  if (!src || /^https?:\/\//.test(src)) return src;
  return `${cr.ctx.config.publicUrl}${src.startsWith('/') ? '' : '/'}${src}`;
}
