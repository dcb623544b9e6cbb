import { html, type SafeHtml } from '../../../platform/http/html.js';
import type { cartExtensionView } from '../customers/loyalty-customer.service.js';
import { REDEEM_FORM_PATH } from './redeem-form.pages.js';

/** What the points widget shows: the cart's `extensions.loyalty`. */
export type CartLoyaltyView = Awaited<ReturnType<typeof cartExtensionView>>;

const count = new Intl.NumberFormat('en-US');

/** Whole points for people: `1250` → "1,250". */
export function formatCount(points: number): string {
  return count.format(points);
}

/**
 * The checkout's points widget for a logged-in customer: the balance, how many points to use (within the minimum
 * and the maximum this cart allows), Apply points / Remove points. Without JavaScript its buttons post the whole
 * checkout form to `/loyalty/points/`; the `loyalty-points` island sends them to the Store API instead.
 */
export function pointsWidget(input: {
  view: CartLoyaltyView;
  money: (minor: number) => string;
  minorUnit: number;
  nonce: string;
  /** How the cart shows its tax (`cart.taxes`), for the island's totals rows; absent while no tax is charged. */
  tax?: { display: 'incl' | 'excl'; itemized: boolean };
}): SafeHtml {
  const { view, money } = input;
  const balance = view.balance ?? 0;
  const applied = view.redemption;
  const pointValue = money(Math.round(view.point_value * 10 ** input.minorUnit));
  const min = Math.max(1, view.redeem_min_points);
  const max = view.redeem_max_points;
  const heading = html`<h3 id="loyalty-points-heading">Use your points</h3>
<p data-loyalty-balance>You have <strong>${formatCount(balance)}</strong> points (1 point = ${pointValue}).</p>`;
  if (!applied && !view.can_redeem)
    return html`<section class="loyalty-points" aria-labelledby="loyalty-points-heading">
${heading}
<p>${
      balance < view.redeem_min_points
        ? `You can use points once you have at least ${formatCount(view.redeem_min_points)}.`
        : `This order is too small to use points on: at least ${formatCount(view.redeem_min_points)} are needed and at most ${formatCount(max)} can be used.`
    }</p>
</section>`;
  const button = (action: 'apply' | 'remove', label: string) =>
    html`<button type="submit" class="secondary" name="loyalty_action" value="${action}" formaction="${REDEEM_FORM_PATH}" formmethod="post" formnovalidate>${label}</button>`;
  const tax = input.tax
    ? html` data-tax-display="${input.tax.display}" data-tax-itemized="${input.tax.itemized ? '1' : '0'}"`
    : '';
  return html`<section class="loyalty-points" aria-labelledby="loyalty-points-heading" data-loyalty-points${tax}>
${heading}
<button type="submit" hidden tabindex="-1">Place order</button>
<div data-loyalty-apply${applied ? html` hidden` : ''}>
<div class="field"><label for="loyalty_points">Points to use</label>
<input type="number" id="loyalty_points" name="loyalty_points" min="${min}" max="${max}" step="1" value="${max}" inputmode="numeric" aria-describedby="loyalty-points-limits">
<small id="loyalty-points-limits" data-loyalty-limits>${limitsText(min, max)}</small></div>
${button('apply', 'Apply points')}
</div>
<div data-loyalty-applied${applied ? '' : html` hidden`}>
<p data-loyalty-applied-text>${applied ? appliedText(applied.points, money(Math.round(applied.discount_value * 10 ** input.minorUnit))) : ''}</p>
${button('remove', 'Remove points')}
</div>
<p class="field-error" data-loyalty-error hidden></p>
<input type="hidden" name="loyalty_nonce" value="${input.nonce}">
</section>`;
}

/** "Use between 100 and 475 points on this order." */
function limitsText(min: number, max: number): string {
  return `Use between ${formatCount(min)} and ${formatCount(max)} points on this order.`;
}

/** "300 points applied: −$3.00 off this order." */
function appliedText(points: number, discount: string): string {
  return `${formatCount(points)} points applied: −${discount} off this order.`;
}
