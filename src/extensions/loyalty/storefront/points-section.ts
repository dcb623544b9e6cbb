import { html, type SafeHtml } from '../../../platform/http/html.js';
import type { customerView } from '../customers/loyalty-customer.service.js';
import type { LoyaltySettings } from '../settings/settings.schemas.js';
import { formatCount } from './points-widget.js';

/** How many history rows a page of the Points section shows. */
export const HISTORY_PER_PAGE = 10;

type PointsView = Awaited<ReturnType<typeof customerView>>['view'];

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * My account → Points: the balance and its money value, the tier and the progress to the next one, the referral
 * link with a Copy button (the `loyalty-referral` island shows it), and one page of the history.
 */
export function pointsSection(input: {
  view: PointsView;
  total: number;
  page: number;
  settings: LoyaltySettings;
  money: (minor: number) => string;
  minorUnit: number;
}): SafeHtml {
  const { view, total, page, settings } = input;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PER_PAGE));
  const value = input.money(Math.round(view.balance_value * 10 ** input.minorUnit));
  const tier = view.tier;
  return html`<section aria-labelledby="points-balance-heading" class="points-balance">
<h2 id="points-balance-heading">Your balance</h2>
<p><strong>${formatCount(view.balance)} points</strong>, worth ${value} off your next orders.</p>
${settings.earning_pointsPerDollar > 0 ? html`<p>You earn ${formatCount(settings.earning_pointsPerDollar)} point${settings.earning_pointsPerDollar === 1 ? '' : 's'} per ${input.money(10 ** input.minorUnit)} spent${tier && tier.multiplier !== 1 ? `, ×${tier.multiplier} as a ${tier.name} member` : ''}.</p>` : ''}
</section>
${
  tier
    ? html`<section aria-labelledby="points-tier-heading">
<h2 id="points-tier-heading">VIP tier</h2>
<p><strong>${tier.name} Member</strong> · ${tier.multiplier}x earning multiplier</p>
${
  tier.next
    ? html`<p id="points-tier-next">Earn ${formatCount(tier.next.points_needed)} more points for ${tier.next.name}.</p>
<progress max="${tier.next.threshold}" value="${Math.min(tier.tier_points, tier.next.threshold)}" aria-labelledby="points-tier-next">${formatCount(tier.tier_points)} of ${formatCount(tier.next.threshold)}</progress>`
    : html`<p>You have reached the highest tier.</p>`
}
</section>`
    : ''
}
${
  view.referral
    ? html`<section aria-labelledby="points-referral-heading">
<h2 id="points-referral-heading">Refer a friend</h2>
<p>${referralPitch(settings, input.money, input.minorUnit)}</p>
<div class="field"><label for="referral-link">Your referral link</label>
<input type="text" id="referral-link" value="${view.referral.link}" readonly></div>
<p><button type="button" class="secondary" data-copy-from="referral-link" hidden>Copy link</button> <span role="status" data-copy-status></span></p>
</section>`
    : ''
}
<section aria-labelledby="points-history-heading">
<h2 id="points-history-heading">History</h2>
${
  view.history.length === 0
    ? html`<p>No points yet. You earn points with every completed order.</p>`
    : html`<table class="shop-table points-history">
<caption class="screen-reader-text">Your points history, newest first (page ${page} of ${pages})</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col" class="num">Points</th></tr></thead>
<tbody>${view.history.map(
        (entry) => html`<tr>
<td><time datetime="${entry.created_at.replace(' ', 'T')}Z">${DATE.format(new Date(`${entry.created_at.replace(' ', 'T')}Z`))}</time></td>
<td>${entry.description}</td>
<td class="num">${entry.transaction_type === 'debit' ? '−' : '+'}${formatCount(Math.trunc(Number(entry.amount)))}</td>
</tr>`,
      )}</tbody>
</table>`
}
${
  pages > 1
    ? html`<nav class="pagination" aria-label="Points history pages"><ul>
${page > 1 ? html`<li><a href="${page === 2 ? '/my-account/points/' : `/my-account/points/${page - 1}/`}">Previous</a></li>` : ''}
${page < pages ? html`<li><a href="/my-account/points/${page + 1}/">Next</a></li>` : ''}
</ul></nav>`
    : ''
}
</section>`;
}

function referralPitch(
  settings: LoyaltySettings,
  money: (minor: number) => string,
  minorUnit: number,
): string {
  const discount = Math.round(settings.referrals_newCustomerDiscount * 10 ** minorUnit);
  return [
    'Share your link with friends.',
    discount > 0 ? `They get ${money(discount)} off their first order.` : '',
    settings.referrals_bonusPoints > 0
      ? `You get ${formatCount(settings.referrals_bonusPoints)} points once their first order is complete.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
