import { html, type SafeHtml } from '../../../platform/http/html.js';
import type { CartRecovery } from '../cart-recovery.services.js';
import { RESTORED_FLAG, readRestoreReport, type RestoreReport } from '../links/restore-report.js';

/** The island that sends the capture while the consent box is ticked (`storefront/islands/…`). */
const CONSENT_ISLAND = 'cart-recovery-consent';

/** Readable notices for the `cartrecovery_restore_error` a failed restore link lands on the home page with. */
const RESTORE_ERRORS = new Map([
  [
    'expired',
    'This cart link has expired, so your cart could not be restored. Links in cart reminders work for 48 hours.',
  ],
  ['invalid', 'This cart link is not valid, so your cart could not be restored.'],
  ['empty', 'None of the items in that cart are available any more, so it could not be restored.'],
  ['rate_limited', 'Too many cart links were opened from your address. Please try again in a few minutes.'],
]);

/**
 * The shopper's side of cart recovery: the consent box under the checkout's e-mail (slot `checkout.contact`), and
 * the notices of restore links (slot `notices`): what changed in a restored cart, or why it could not be restored.
 */
export function registerCartRecoveryStorefront(cr: CartRecovery): void {
  const { ctx } = cr;
  ctx.shop.addStorefrontPart('checkout.contact', async ({ cart, request, viewer }) => {
    const settings = await cr.settings.get();
    if (!settings.capture_enabled) return null;
    // Cookie logins need the REST nonce on the capture route; guests' carts ride on their cart cookie.
    const nonce = viewer.kind === 'user' ? ctx.nonces.create(ctx.auth.nonceSubject(viewer)) : '';
    const lines = cart.items.map((i) => ({
      product_id: i.product_id,
      variation_id: i.variation_id,
      quantity: i.quantity,
    }));
    const restored = (request.query as Record<string, unknown> | undefined)?.[RESTORED_FLAG] === '1';
    const checked = settings.consent_default_state === 'checked';
    return {
      body: html`<p class="cartrecovery-consent" data-cartrecovery-consent data-cart="${JSON.stringify({ items: lines })}"${nonce ? html` data-nonce="${nonce}"` : ''}${restored ? html` data-restored` : ''}>
<input type="checkbox" id="cartrecovery_consent" name="cartrecovery_consent" value="1"${checked ? html` checked` : ''}>
<label for="cartrecovery_consent">${settings.consent_text}</label>
</p>`,
      scripts: [CONSENT_ISLAND],
    };
  });

  ctx.shop.addStorefrontPart('notices', async ({ request }) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const notices: SafeHtml[] = [];
    const error = query.cartrecovery_restore_error;
    if (typeof error === 'string')
      notices.push(notice('error', RESTORE_ERRORS.get(error) ?? 'Your cart could not be restored.'));
    const report = readRestoreReport(query, ctx.config.secret);
    if (report) notices.push(...(await restoredNotices(cr, report)));
    return notices.length > 0 ? { body: html`${notices}` } : null;
  });
}

async function restoredNotices(cr: CartRecovery, report: RestoreReport): Promise<SafeHtml[]> {
  const ids = [...new Set([...report.unavailable, ...report.limited, ...report.repriced])];
  const products = ids.length > 0 ? await cr.ctx.shop.getProducts(ids) : [];
  const names = new Map(products.map((p) => [p.id, p.name]));
  const list = (of: number[]) => {
    const known = of.filter((id) => names.has(id)).map((id) => names.get(id)!);
    const others = of.length - known.length;
    const noun = others === 1 ? 'item' : 'items';
    if (others > 0) known.push(known.length > 0 ? `${others} other ${noun}` : `${others} ${noun}`);
    return new Intl.ListFormat('en', { type: 'conjunction' }).format(known);
  };
  const out = [notice('success', 'Welcome back! Your cart has been restored.')];
  if (report.unavailable.length > 0)
    out.push(notice('error', `Not added back because no longer available: ${list(report.unavailable)}.`));
  if (report.limited.length > 0)
    out.push(notice('info', `Added back only in the quantity still in stock: ${list(report.limited)}.`));
  if (report.repriced.length > 0)
    out.push(
      notice(
        'info',
        `The price has changed since you left your cart (your cart shows today's price): ${list(report.repriced)}.`,
      ),
    );
  return out;
}

function notice(kind: 'info' | 'success' | 'error', text: string): SafeHtml {
  return html`<div class="notice ${kind}"${kind === 'error' ? html` role="alert"` : ''}>${text}</div>`;
}
