import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { orderStatusLabel } from '../orders/order-status.js';
import { accountUser, sendGuestForms } from './account-forms.js';
import { type AccountPageDeps, sendAccountPage } from './my-account-layout.js';
import { PageAssets } from './storefront-slots.js';
import { includesTaxNote, orderTaxSummary, shownSubtotal, taxRows } from '../tax/tax-display.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;
const ORDERS_PER_PAGE = 10;
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** `/my-account/orders/[<page>/]` (the customer's orders, newest first) and `/my-account/view-order/<id>/`. */
export function registerAccountOrderPages(app: RestApp, deps: AccountPageDeps): void {
  const shop = deps.ctx.shop;
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;

  const ordersPage = async (request: FastifyRequest<{ Params: { page?: number } }>, reply: FastifyReply) => {
    const user = accountUser(request);
    if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url });
    const page = request.params.page ?? 1;
    const { items, total } = await deps.orders.list({
      customerId: user.id,
      orderBy: 'date',
      order: 'desc',
      offset: (page - 1) * ORDERS_PER_PAGE,
      limit: ORDERS_PER_PAGE,
    });
    const pages = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));
    const assets = new PageAssets();
    if (total === 0 || items.length === 0)
      return sendAccountPage(deps, request, reply, {
        user,
        current: 'orders',
        title: 'Orders',
        assets,
        status: page > 1 ? 404 : 200,
        body: html`<p>No order has been made yet.</p><p><a class="button" href="/shop/">Browse products</a></p>`,
      });
    const body = html`<table class="shop-table account-orders">
<caption class="screen-reader-text">Your orders, newest first (page ${page} of ${pages})</caption>
<thead><tr><th scope="col">Order</th><th scope="col">Date</th><th scope="col">Status</th><th scope="col" class="num">Total</th><th scope="col"><span class="screen-reader-text">Actions</span></th></tr></thead>
<tbody>
${items.map((order) => {
  const count = order.line_items.reduce((sum, line) => sum + line.quantity, 0);
  return html`<tr>
<th scope="row"><a href="/my-account/view-order/${order.id}/">#${order.id}</a></th>
<td><time datetime="${order.date_created}">${formatDate(order.date_created)}</time></td>
<td>${orderStatusLabel(order.status)}</td>
<td class="num">${money(order.total)} for ${count} item${count === 1 ? '' : 's'}</td>
<td><a class="button secondary" href="/my-account/view-order/${order.id}/" aria-label="View order #${order.id}">View</a></td>
</tr>`;
})}
</tbody>
</table>
${
  pages > 1
    ? html`<nav class="pagination" aria-label="Orders pages"><ul>
${page > 1 ? html`<li><a href="${page === 2 ? '/my-account/orders/' : `/my-account/orders/${page - 1}/`}">Previous</a></li>` : ''}
${page < pages ? html`<li><a href="/my-account/orders/${page + 1}/">Next</a></li>` : ''}
</ul></nav>`
    : ''
}`;
    return sendAccountPage(deps, request, reply, { user, current: 'orders', title: 'Orders', body, assets });
  };

  app.get('/my-account/orders/', { config: PUBLIC_PAGE, schema: { hide: true } }, ordersPage);
  app.get(
    '/my-account/orders/:page/',
    {
      config: PUBLIC_PAGE,
      schema: { hide: true, params: Type.Object({ page: Type.Integer({ minimum: 1, maximum: 100_000 }) }) },
    },
    ordersPage,
  );

  app.get(
    '/my-account/view-order/:id/',
    {
      config: PUBLIC_PAGE,
      schema: { hide: true, params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) },
    },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url });
      const order = await deps.orders.get(request.params.id);
      const assets = new PageAssets();
      // Someone else's order answers exactly like a missing one.
      if (!order || order.trashed || order.customer_id !== user.id)
        return sendAccountPage(deps, request, reply, {
          user,
          current: 'orders',
          title: 'Order not found',
          status: 404,
          assets,
          notices: [{ kind: 'error', text: 'Invalid order.' }],
          body: html`<p><a class="button" href="/my-account/orders/">Your orders</a></p>`,
        });
      const b = order.billing;
      const tax = orderTaxSummary(order.tax_data, order.total_tax);
      const body = html`<p>Order #<mark>${order.id}</mark> was placed on <mark><time datetime="${order.date_created}">${formatDate(order.date_created)}</time></mark> and is currently <mark>${orderStatusLabel(order.status)}</mark>.</p>
<section aria-labelledby="order-details-heading">
<h2 id="order-details-heading">Order details</h2>
<table class="shop-table">
<thead><tr><th scope="col">Product</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${order.line_items.map((l) => html`<tr><td>${l.name} × ${l.quantity}</td><td class="num">${money(l.subtotal)}</td></tr>`)}</tbody>
<tfoot>
<tr><th scope="row">Subtotal</th><td class="num">${money(shownSubtotal(tax, order.items_subtotal))}</td></tr>
${order.coupon_lines.map((c) => html`<tr><th scope="row">Coupon: ${c.code}</th><td class="num">−${money(c.discount)}</td></tr>`)}
${order.fee_lines.map((f) => html`<tr><th scope="row">${f.name}</th><td class="num">${money(f.total)}</td></tr>`)}
${taxRows(tax, money)}
<tr><th scope="row">Payment method</th><td class="num">${order.payment_method_title}</td></tr>
<tr><th scope="row">Total</th><td class="num"><strong>${money(order.total)}</strong>${includesTaxNote(tax, money)}</td></tr>
${order.refunded_total > 0 ? html`<tr><th scope="row">Refunded</th><td class="num">−${money(order.refunded_total)}</td></tr>` : ''}
</tfoot>
</table>
${order.customer_note ? html`<p><strong>Note:</strong> ${order.customer_note}</p>` : ''}
</section>
<section aria-labelledby="billing-heading">
<h2 id="billing-heading">Billing address</h2>
<address>${[
        `${b.first_name} ${b.last_name}`.trim(),
        b.company,
        b.address_1,
        b.address_2,
        `${b.postcode} ${b.city}`.trim(),
        b.country,
      ]
        .filter((line) => line !== '')
        .map((line) => html`${line}<br>`)}${b.phone ? html`${b.phone}<br>` : ''}${b.email}</address>
</section>`;
      return sendAccountPage(deps, request, reply, {
        user,
        current: 'orders',
        title: `Order #${order.id}`,
        body,
        assets,
      });
    },
  );
}

/** `2026-11-25T10:00:00` (UTC) → "November 25, 2026". */
function formatDate(isoNoZone: string): string {
  return DATE.format(new Date(`${isoNoZone}Z`));
}
