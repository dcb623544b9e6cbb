import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/principal.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { ShopContext } from '../shop-part.js';
import { type PageNotice, type StorefrontDeps, sendStorefrontPage } from './storefront-page.js';
import type { PageAssets } from './storefront-slots.js';

/** What the My account pages need: the storefront and the orders. */
export interface AccountPageDeps extends StorefrontDeps {
  orders: OrdersService;
}

/** The nonce action of the Log out link (WooCommerce's `customer-logout`). */
export const LOGOUT_ACTION = 'customer-logout';

/** The Log out link of the request's user: `/my-account/customer-logout/?_wpnonce=…`. */
export function logoutUrl(ctx: ShopContext, request: FastifyRequest): string {
  const nonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal), LOGOUT_ACTION);
  return `/my-account/customer-logout/?_wpnonce=${nonce}`;
}

/**
 * Sends a page of My account for a logged-in user: the heading, WooCommerce's account menu (Dashboard, Orders, Addresses,
 * the extensions' sections, Account details, Log out) with the current entry marked, and the page's content.
 */
export function sendAccountPage(
  deps: StorefrontDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    user: AuthUser;
    /** The menu entry of this page (`dashboard`, `orders`, `edit-address`, `edit-account` or a section's slug). */
    current: string;
    title: string;
    body: SafeHtml;
    assets: PageAssets;
    notices?: PageNotice[];
    status?: number;
  },
): Promise<FastifyReply> {
  const entries: Array<[string, string, string]> = [
    ['dashboard', 'Dashboard', '/my-account/'],
    ['orders', 'Orders', '/my-account/orders/'],
    ['edit-address', 'Addresses', '/my-account/edit-address/'],
    ...deps.slots
      .accountSections()
      .map((s): [string, string, string] => [s.slug, s.label, `/my-account/${s.slug}/`]),
    ['edit-account', 'Account details', '/my-account/edit-account/'],
  ];
  const body = html`<h1>${page.title}</h1>
<div class="account-layout">
<nav class="account-nav" aria-label="Account pages">
<ul>
${entries.map(
  ([slug, label, href]) =>
    html`<li><a href="${href}"${slug === page.current ? html` aria-current="page"` : ''}>${label}</a></li>`,
)}
<li><a href="${logoutUrl(deps.ctx, request)}">Log out</a></li>
</ul>
</nav>
<div class="account-content">
${page.body}
</div>
</div>`;
  return sendStorefrontPage(deps, request, reply, {
    title: page.title,
    body,
    assets: page.assets,
    notices: page.notices,
    status: page.status,
  });
}
