import type { FastifyRequest } from 'fastify';
import { html, type SafeHtml } from '../../../platform/http/html.js';
import type { ExtensionContext } from '../../define-extension.js';
import { cartExtensionView, customerView } from '../customers/loyalty-customer.service.js';
import { orderPoints, pointsForAmount } from '../earning/loyalty-earning.service.js';
import { referrerOf } from '../referrals/loyalty-referrals.service.js';
import { readSettings } from '../settings/settings.js';
import { tierMultiplier } from '../tiers/loyalty-tiers.service.js';
import { isReferralCode } from '../referrals/referral-cookie.js';
import { updateRedemption } from '../redemption/redemption.service.js';
import { HISTORY_PER_PAGE, pointsSection } from './points-section.js';
import { type CartLoyaltyView, formatCount, pointsWidget } from './points-widget.js';
import { REDEEM_RESULT_PARAM, redeemFormNonce } from './redeem-form.pages.js';

/** The islands of the checkout's points widget and of the referral link's Copy button. */
const POINTS_ISLAND = 'loyalty-points';
const REFERRAL_ISLAND = 'loyalty-referral';

/**
 * Loyalty on the storefront: "Earn N points" on product pages, the earn notice on the cart, the points widget on
 * checkout (and its Store API cart update), the order's points on order received, My account → Points, and the
 * notices of referral links and of the widget's form posts.
 */
export function registerLoyaltyStorefront(ctx: ExtensionContext): void {
  const { shop } = ctx;
  const minorUnit = shop.currency.minorUnit;
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;

  shop.registerCartUpdateCallback('loyalty', ({ data, viewer }) => updateRedemption(ctx, viewer, data));

  shop.addStorefrontPart('product.summary', async ({ product, viewer }) => {
    const settings = await readSettings(ctx);
    if (settings.earning_pointsPerDollar <= 0 || product.price <= 0) return null;
    const multiplier = viewer.kind === 'user' ? await tierMultiplier(ctx.db, settings, viewer.user.id) : 1;
    const low = pointsForAmount(product.price, settings, minorUnit, multiplier);
    const high = pointsForAmount(Math.max(product.price, product.max_price), settings, minorUnit, multiplier);
    if (high <= 0) return null;
    const text = low === high ? `Earn ${formatCount(low)} points` : `Earn up to ${formatCount(high)} points`;
    return { body: html`<p class="loyalty-earn">${text} with this purchase.</p>` };
  });

  shop.addStorefrontPart('cart.totals', async ({ cart }) => {
    const notice = earnNotice(await cartExtensionView(ctx, cart), '/cart/');
    return notice && { body: notice };
  });

  shop.addStorefrontPart('checkout.totals', async ({ cart, request, viewer }) => {
    const view = await cartExtensionView(ctx, cart);
    const notice = earnNotice(view, '/checkout/');
    if (viewer.kind !== 'user') return notice && { body: notice };
    const tax = cart.taxes && {
      display: cart.taxes.display_cart,
      itemized: cart.taxes.tax_total_display === 'itemized',
    };
    const widget = pointsWidget({ view, money, minorUnit, nonce: redeemFormNonce(ctx, request), tax });
    return { body: html`${notice}${widget}`, scripts: [POINTS_ISLAND] };
  });

  shop.addStorefrontPart('order.received', async ({ order, viewer }) => {
    if (viewer.kind !== 'user' || viewer.user.id !== order.customer_id) return null;
    if (order.status === 'cancelled' || order.status === 'failed' || order.status === 'refunded') return null;
    const settings = await readSettings(ctx);
    const earning = await orderPoints(ctx, settings, order);
    if (!earning || earning.points <= 0) return null;
    const when = settings.earning_orderStatusTrigger === 'processing' ? 'is being processed' : 'is complete';
    return {
      body: html`<p class="notice info loyalty-order-points">${
        earning.earned
          ? `You earned ${formatCount(earning.points)} points with this order.`
          : `This order will earn you ${formatCount(earning.points)} points once it ${when}.`
      } <a href="/my-account/points/">Your points</a></p>`,
    };
  });

  shop.addStorefrontPart('my_account.sections', {
    slug: 'points',
    label: 'Points',
    render: async ({ user, page }) => {
      const settings = await readSettings(ctx);
      const { view, total } = await customerView(ctx, user.id, {
        offset: (page - 1) * HISTORY_PER_PAGE,
        limit: HISTORY_PER_PAGE,
      });
      if (page > 1 && view.history.length === 0) return null;
      return {
        body: pointsSection({ view, total, page, settings, money, minorUnit }),
        scripts: view.referral ? [REFERRAL_ISLAND] : [],
      };
    },
  });

  shop.addStorefrontPart('notices', async ({ request, viewer }) => {
    const notices = [await redemptionNotice(ctx, request)];
    if (viewer.kind !== 'user') notices.push(await referralNotice(ctx, request, money));
    const shown = notices.filter((n) => n !== null);
    return shown.length > 0 ? { body: html`${shown}` } : null;
  });
}

/** "Complete this order to earn N points!" (customers), "Create an account to earn N points…" (guests, if on). */
function earnNotice(view: CartLoyaltyView, back: string): SafeHtml | null {
  if (!view.notice || view.points_to_earn <= 0) return null;
  const points = formatCount(view.points_to_earn);
  return view.balance === null
    ? html`<p class="notice info loyalty-earn" data-loyalty-earn><a href="/my-account/?redirect_to=${encodeURIComponent(back)}">Create an account</a> to earn ${points} points on this order!</p>`
    : html`<p class="notice info loyalty-earn" data-loyalty-earn>Complete this order to earn ${points} points!</p>`;
}

/** The result of the points widget's form post (`?loyalty_points=applied|removed|min|balance|cap|invalid`). */
async function redemptionNotice(ctx: ExtensionContext, request: FastifyRequest): Promise<SafeHtml | null> {
  const result = (request.query as Record<string, unknown> | undefined)?.[REDEEM_RESULT_PARAM];
  if (typeof result !== 'string') return null;
  if (result === 'applied')
    return html`<div class="notice success">Your points discount has been applied.</div>`;
  if (result === 'removed')
    return html`<div class="notice success">Your points discount has been removed.</div>`;
  const cart = await ctx.shop.getCartForPrincipal(request.principal);
  const settings = await readSettings(ctx);
  const view = cart ? await cartExtensionView(ctx, cart) : null;
  const messages: Record<string, string> = {
    min: `At least ${formatCount(settings.redemption_minPoints)} points must be redeemed.`,
    balance: `You cannot redeem more than your balance of ${formatCount(view?.balance ?? 0)} points.`,
    cap: `At most ${formatCount(view?.redeem_max_points ?? 0)} points can be redeemed on this cart.`,
    invalid: 'Enter a whole number of points.',
  };
  const message = messages[result];
  return message ? html`<div class="notice error" role="alert">${message}</div>` : null;
}

/** A guest arriving by a referral link (`?ref=CODE`, a known code) learns of the new-customer discount. */
async function referralNotice(
  ctx: ExtensionContext,
  request: FastifyRequest,
  money: (minor: number) => string,
): Promise<SafeHtml | null> {
  const ref = (request.query as Record<string, unknown> | undefined)?.ref;
  const code = typeof ref === 'string' ? ref.trim().toUpperCase() : '';
  if (!isReferralCode(code)) return null;
  const settings = await readSettings(ctx);
  const discount = Math.round(settings.referrals_newCustomerDiscount * 10 ** ctx.shop.currency.minorUnit);
  if (!settings.referrals_enabled || discount <= 0 || (await referrerOf(ctx.db, code)) === null) return null;
  return html`<div class="notice info loyalty-referral">A friend invited you: <a href="/my-account/">create an account</a> and get ${money(discount)} off your first order.</div>`;
}
