import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError } from '../../platform/http/errors.js';
import { withFlatFormBodies } from '../../platform/http/flat-form-routes.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import type { CartService, ComputedCart } from '../cart/cart.service.js';
import type { CartSessions, RequestCart } from '../cart/cart-session.js';
import { countryName } from '../addresses/countries.js';
import { hasStateList, stateCodeOf } from '../addresses/states.js';
import { readStoreSettings, shippingCountries } from '../settings/store-settings.js';
import type { ShopApi, ShopCart } from '../shop-api.js';
import { cartTaxSummary, includesTaxNote, shownSubtotal, taxRows } from '../tax/tax-display.js';
import { cartFormNonce, cartFormNonceValid, MAX_QUANTITY, seeOther, wholeNumber } from './cart-forms.js';
import { groupedCartLines, hasGroupedQuantities } from './grouped-cart-form.js';
import { SHIPPING_METHOD_FIELD, shippingCalculator, shippingOptions } from './shipping-fields.js';
import { type PageNotice, sendStorefrontPage, type StorefrontDeps } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/** The cart pages' view of the shop's cart services. */
export interface CartPageDeps extends StorefrontDeps {
  carts: CartService;
  sessions: CartSessions;
}

const CartQuery = Type.Object({
  /** The products just added, by id (several after a grouped product's form). */
  added: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,99}$' })),
  updated: Type.Optional(Type.String({ maxLength: 10 })),
  coupon: Type.Optional(Type.String({ maxLength: 10 })),
});

/** `GET /cart/` and the cart's form posts (add to cart, quantities, remove, coupons): the no-JavaScript path. */
export function registerCartPage(app: RestApp, deps: CartPageDeps): void {
  app.get(
    '/cart/',
    { config: PUBLIC_PAGE, schema: { hide: true, querystring: CartQuery } },
    async (request, reply) => {
      const session = deps.sessions.forRequest(request);
      const computed = await deps.carts.view(session);
      const notices: PageNotice[] = [];
      const query = request.query;
      if (query.added) {
        const added = await deps.ctx.shop.getProducts(query.added.split(',').map(Number));
        if (added.length > 0) notices.push({ kind: 'success', text: addedMessage(added.map((p) => p.name)) });
      }
      if (query.updated) notices.push({ kind: 'success', text: 'Cart updated.' });
      if (query.coupon === 'applied')
        notices.push({ kind: 'success', text: 'Coupon code applied successfully.' });
      if (query.coupon === 'removed') notices.push({ kind: 'success', text: 'Coupon has been removed.' });
      return renderCart(deps, request, reply, computed, notices);
    },
  );

  // Flat form fields: a grouped product's form posts `quantity[<child id>]` as WooCommerce's does.
  withFlatFormBodies(app, (scope) =>
    scope.post(
      '/cart/',
      {
        config: PUBLIC_PAGE,
        schema: {
          hide: true,
          body: Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 500 }), {
            maxProperties: 200,
          }),
        },
      },
      async (request, reply) => {
        const form = request.body as Record<string, string>;
        const session = deps.sessions.forRequest(request);
        const back = form.redirect === 'checkout' ? '/checkout/' : '/cart/';
        try {
          if (form['add-to-cart'] && hasGroupedQuantities(form)) {
            const id = positiveInteger(form['add-to-cart'], 'add-to-cart');
            const [group] = await deps.ctx.shop.getProducts([id]);
            const lines = groupedCartLines(form, group);
            for (const line of lines) await deps.carts.addItem(session, { ...line, variation: [] });
            keepCart(deps, request, reply, session);
            return seeOther(reply, `/cart/?added=${lines.map((l) => l.id).join(',')}`);
          }
          if (form['add-to-cart']) {
            const id = positiveInteger(form['add-to-cart'], 'add-to-cart');
            const quantity = positiveInteger(form.quantity ?? '1', 'quantity');
            const variation = Object.entries(form)
              .filter(([key, value]) => key.startsWith('attribute_') && value !== '')
              .map(([key, value]) => ({ attribute: key.slice('attribute_'.length), value }));
            await deps.carts.addItem(session, { id, quantity, variation });
            keepCart(deps, request, reply, session);
            return seeOther(reply, `/cart/?added=${id}`);
          }
          // Changes to an existing cart need the form's nonce (a page of this site sent them).
          if (!cartFormNonceValid(deps.ctx, request, form._wpnonce))
            throw new RestError('invalid_form_nonce', 'The page has expired. Please try again.', 403);
          if (form.remove_item) {
            await deps.carts.removeItem(session, form.remove_item);
            keepCart(deps, request, reply, session);
            return seeOther(reply, `${back}?updated=1`);
          }
          if (form.remove_coupon) {
            await deps.carts.removeCoupon(session, form.remove_coupon);
            keepCart(deps, request, reply, session);
            return seeOther(reply, `${back}?coupon=removed`);
          }
          if (form.calc_shipping !== undefined) {
            const country = (form.calc_shipping_country ?? '').trim().toUpperCase();
            if (!shippingCountries(await readStoreSettings(deps.ctx.options)).includes(country))
              throw new RestError('invalid_country', 'Choose a country / region we ship to.', 400);
            const givenState = (form.calc_shipping_state ?? '').trim();
            const state = hasStateList(country) ? stateCodeOf(country, givenState) : givenState;
            if (state === null)
              throw new RestError(
                'invalid_state',
                `Choose a state of ${countryName(country)} from the list.`,
                400,
              );
            const fields = ['city', 'postcode'] as const;
            const address = Object.fromEntries(fields.map((f) => [f, form[`calc_shipping_${f}`] ?? '']));
            await deps.carts.updateCustomer(session, { shipping: { ...address, state, country } });
            keepCart(deps, request, reply, session);
            return seeOther(reply, `${back}?updated=1`);
          }
          if (form.update_shipping !== undefined) {
            const rateId = form[SHIPPING_METHOD_FIELD];
            if (!rateId) throw new RestError('invalid_shipping_method', 'Choose a shipping option.', 400);
            await deps.carts.selectShippingRate(session, { packageId: 0, rateId });
            keepCart(deps, request, reply, session);
            return seeOther(reply, `${back}?updated=1`);
          }
          if (form.apply_coupon !== undefined) {
            const code = (form.coupon_code ?? '').trim();
            if (code === '')
              throw new RestError('woocommerce_rest_cart_coupon_empty', 'Please enter a coupon code.', 400);
            await deps.carts.applyCoupon(session, code);
            keepCart(deps, request, reply, session);
            return seeOther(reply, `${back}?coupon=applied`);
          }
          for (const [field, value] of Object.entries(form)) {
            if (!field.startsWith('qty_')) continue;
            const quantity = wholeNumber(value, 'quantity');
            const key = field.slice(4);
            if (quantity === 0) await deps.carts.removeItem(session, key);
            else await deps.carts.updateItem(session, { key, quantity });
          }
          keepCart(deps, request, reply, session);
          return seeOther(reply, `${back}?updated=1`);
        } catch (error) {
          if (!(error instanceof RestError)) throw error;
          const computed = await deps.carts.view(session);
          return renderCart(
            deps,
            request,
            reply,
            computed,
            [{ kind: 'error', text: error.message }],
            error.status,
          );
        }
      },
    ),
  );
}

/** WooCommerce's added-to-cart notice: "“A” has been added …", "“A” and “B” have been added …". */
function addedMessage(names: string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted[0];
  return `${list} ${quoted.length > 1 ? 'have' : 'has'} been added to your cart.`;
}

/** Sets the guest cart cookie after a change, so the next page finds the same cart. */
function keepCart(
  deps: CartPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  session: RequestCart,
): void {
  deps.sessions.sendHeaders(request, reply, session, true);
}

function positiveInteger(value: string, field: string): number {
  const n = wholeNumber(value, field);
  if (n < 1) throw new RestError('invalid_quantity', `The ${field} must be 1 or more.`, 400);
  return n;
}

/** The order totals rows (subtotal, coupons, fees, tax, total) shared by cart, checkout and order received. */
export function totalsRows(shop: ShopApi, cart: ShopCart): SafeHtml {
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;
  const tax = cartTaxSummary(cart);
  return html`<tr><th scope="row">Subtotal</th><td class="num">${money(shownSubtotal(tax, cart.totals.total_items))}</td></tr>
${cart.coupons.map((c) => html`<tr><th scope="row">Coupon: ${c.code}</th><td class="num">−${money(c.discount)}</td></tr>`)}
${cart.fees.map((f) => html`<tr><th scope="row">${f.name}</th><td class="num">${money(f.amount)}</td></tr>`)}
${cart.totals.total_shipping > 0 ? html`<tr><th scope="row">Shipping</th><td class="num">${money(cart.totals.total_shipping)}</td></tr>` : ''}
${taxRows(tax, money)}
<tr><th scope="row">Total</th><td class="num"><strong data-cart-total>${money(cart.totals.total_price)}</strong>${includesTaxNote(tax, money)}</td></tr>`;
}

async function renderCart(
  deps: CartPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  computed: ComputedCart,
  notices: PageNotice[],
  status = 200,
) {
  const { cart } = computed;
  const assets = new PageAssets();
  const shop = deps.ctx.shop;
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;
  for (const problem of computed.errors) notices.push({ kind: 'error', text: problem.message });
  if (cart.items.length === 0)
    return sendStorefrontPage(deps, request, reply, {
      title: 'Cart',
      assets,
      notices,
      status,
      body: html`<h1>Cart</h1><p>Your cart is currently empty.</p><p><a class="button" href="/shop/">Return to shop</a></p>`,
    });
  const nonce = cartFormNonce(deps.ctx, request);
  const settings = await readStoreSettings(deps.ctx.options);
  // The calculator's state field follows its country, as the checkout's does.
  if (computed.shipping.needsShipping) assets.scripts.add('checkout-address');
  const slugs = new Map(
    (await shop.getProducts(cart.items.map((i) => i.product_id))).map((p) => [p.id, p.slug]),
  );
  const extra = await deps.slots.render('cart.totals', { cart }, request, assets);
  const body = html`<h1>Cart</h1>
<form method="post" action="/cart/" class="cart-form">
<input type="hidden" name="_wpnonce" value="${nonce}">
<table class="shop-table cart-table">
<caption class="screen-reader-text">Products in your cart</caption>
<thead><tr><th scope="col">Product</th><th scope="col" class="num">Price</th><th scope="col">Quantity</th><th scope="col" class="num">Subtotal</th><th scope="col"><span class="screen-reader-text">Remove</span></th></tr></thead>
<tbody>
${cart.items.map(
  (item) => html`<tr>
<td><a href="/product/${slugs.get(item.product_id) ?? ''}/">${item.name}</a></td>
<td class="num">${money(item.price)}</td>
<td class="quantity"><label class="screen-reader-text" for="qty-${item.key}">Quantity of ${item.name}</label><input type="number" id="qty-${item.key}" name="qty_${item.key}" value="${item.quantity}" min="0" max="${MAX_QUANTITY}" step="1" inputmode="numeric"></td>
<td class="num">${money(item.line_subtotal)}</td>
<td><button type="submit" name="remove_item" value="${item.key}" class="secondary" aria-label="Remove ${item.name} from your cart">Remove</button></td>
</tr>`,
)}
</tbody>
</table>
<p><button type="submit" name="update_cart" value="1" class="secondary">Update cart</button></p>
</form>
<div class="checkout-layout">
<form method="post" action="/cart/" class="coupon-form">
<input type="hidden" name="_wpnonce" value="${nonce}">
<div class="field"><label for="coupon_code">Coupon code</label><input type="text" id="coupon_code" name="coupon_code" autocomplete="off"></div>
<button type="submit" name="apply_coupon" value="1" class="secondary">Apply coupon</button>
${cart.coupons
  .filter((c) => !c.virtual)
  .map(
    (c) =>
      html` <button type="submit" name="remove_coupon" value="${c.code}" class="secondary" aria-label="Remove ${c.code} coupon">Remove ${c.code}</button>`,
  )}
</form>
<section aria-labelledby="cart-totals-heading" class="cart-totals">
<h2 id="cart-totals-heading">Cart totals</h2>
${extra}
${
  computed.shipping.needsShipping && computed.shipping.packages[0]?.rates.length
    ? html`<form method="post" action="/cart/"><input type="hidden" name="_wpnonce" value="${nonce}">
${shippingOptions(shop, computed, 'cart')}
<button type="submit" name="update_shipping" value="1" class="secondary">Update shipping</button></form>`
    : shippingOptions(shop, computed, 'cart')
}
${shippingCalculator({ computed, nonce, countries: shippingCountries(settings), defaultCountry: settings.baseCountry })}
<table class="shop-table"><tbody>${totalsRows(shop, cart)}</tbody></table>
<p><a class="button" href="/checkout/">Proceed to checkout</a></p>
</section>
</div>`;
  return sendStorefrontPage(deps, request, reply, { title: 'Cart', body, assets, notices, status });
}
