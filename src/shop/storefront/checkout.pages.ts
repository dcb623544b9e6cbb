import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RestError, ValidationError } from '../../platform/http/errors.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import { requireCustomer } from '../customers/customers.service.js';
import { readStoreSettings, sellingCountries, shippingCountries } from '../settings/store-settings.js';
import { ADDRESS_FIELDS, addressFields, statesScript } from './checkout-address-fields.js';
import type { OrderRecord } from '../orders/order-records.js';
import type { OrdersService } from '../orders/orders.service.js';
import { type CartPageDeps, totalsRows } from './cart.pages.js';
import { cartFormNonce, cartFormNonceValid, seeOther } from './cart-forms.js';
import { orderShippingRows, SHIPPING_METHOD_FIELD, shippingOptions } from './shipping-fields.js';
import { type PageNotice, sendStorefrontPage } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';
import { includesTaxNote, orderTaxSummary, shownSubtotal, taxRows } from '../tax/tax-display.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;

/** The checkout pages' view of the shop: carts, checkout and orders. */
export interface CheckoutPageDeps extends CartPageDeps {
  checkout: CheckoutService;
  orders: OrdersService;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = Record<string, string>;

/** `GET|POST /checkout/` (a plain form post places the order) and `/checkout/order-received/<id>/?key=`. */
export function registerCheckoutPages(app: RestApp, deps: CheckoutPageDeps): void {
  app.get('/checkout/', { config: PUBLIC_PAGE, schema: { hide: true } }, async (request, reply) => {
    const principal = request.principal;
    const values: Values =
      principal.kind === 'user'
        ? { billing_email: principal.user.email, ...(await savedAddressValues(deps, principal.user.id)) }
        : {};
    const coupon = (request.query as { coupon?: string }).coupon;
    const notices: PageNotice[] =
      coupon === 'applied'
        ? [{ kind: 'success', text: 'Coupon code applied successfully.' }]
        : coupon === 'removed'
          ? [{ kind: 'success', text: 'Coupon has been removed.' }]
          : [];
    return renderCheckout(deps, request, reply, values, {}, notices);
  });

  app.post(
    '/checkout/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        body: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 1000 }), {
          maxProperties: 100,
        }),
      },
    },
    async (request, reply) => {
      const form = request.body as Values;
      if (!cartFormNonceValid(deps.ctx, request, form._wpnonce))
        return renderCheckout(
          deps,
          request,
          reply,
          form,
          {},
          [
            {
              kind: 'error',
              text: 'The page has expired. Please check your details and place the order again.',
            },
          ],
          403,
        );
      const differentShipping = form.ship_to_different_address === '1';
      const address = (prefix: string) =>
        Object.fromEntries(ADDRESS_FIELDS.map(([name]) => [name, (form[`${prefix}_${name}`] ?? '').trim()]));
      const session = deps.sessions.forRequest(request);
      const destination = {
        billing: address('billing'),
        ...(differentShipping ? { shipping: address('shipping') } : {}),
      };
      // The "Update country" button (for browsers without JavaScript): the same form for the chosen country, its
      // shipping options and tax following the address as entered so far.
      if (form.update_address) {
        await deps.carts.updateCustomer(session, destination);
        return renderCheckout(deps, request, reply, form, {}, []);
      }
      const errors: Values = {};
      const email = (form.billing_email ?? '').trim();
      if (!EMAIL.test(email)) errors.billing_email = 'Enter a valid e-mail address.';
      for (const prefix of differentShipping ? ['billing', 'shipping'] : ['billing'])
        for (const [name, label, , required] of ADDRESS_FIELDS)
          if (required && !(form[`${prefix}_${name}`] ?? '').trim())
            errors[`${prefix}_${name}`] = `${label} is required.`;
      const offered = await deps.checkout.gateways.enabled();
      if (!offered.some((g) => g.gateway.id === form.payment_method))
        errors.payment_method = 'Choose a payment method.';
      if (Object.keys(errors).length > 0)
        return renderCheckout(
          deps,
          request,
          reply,
          form,
          errors,
          [{ kind: 'error', text: 'Please correct the fields marked below.' }],
          422,
        );
      try {
        const chosenRate = form[SHIPPING_METHOD_FIELD];
        // Rates follow the address just entered: a choice that address no longer offers is asked again, never swapped.
        if (chosenRate !== undefined) {
          const computed = await deps.carts.updateCustomer(session, destination);
          const offered = computed.shipping.packages[0]?.rates.some((r) => r.rate_id === chosenRate);
          if (!offered)
            return renderCheckout(
              deps,
              request,
              reply,
              form,
              {},
              [{ kind: 'error', text: 'The shipping options changed for your address. Please choose one.' }],
              409,
            );
          await deps.carts.selectShippingRate(session, { packageId: 0, rateId: chosenRate });
        }
        const order = await deps.checkout.checkout(session, {
          billing: { ...address('billing'), email },
          ...(differentShipping ? { shipping: address('shipping') } : {}),
          addressStyle: 'form',
          paymentMethod: form.payment_method!,
          customerNote: (form.order_comments ?? '').trim(),
          extensions: {},
        });
        // The gateway's next page: order-received, or its hosted payment page.
        const next = order.payment_result.redirect_url;
        const publicUrl = deps.ctx.config.publicUrl;
        return seeOther(reply, next.startsWith(`${publicUrl}/`) ? next.slice(publicUrl.length) : next);
      } catch (error) {
        if (error instanceof ValidationError)
          return renderCheckout(
            deps,
            request,
            reply,
            form,
            Object.fromEntries(
              Object.entries(error.fields).map(([f, rules]) => [f, Object.values(rules)[0] ?? '']),
            ),
            [{ kind: 'error', text: 'Please correct the fields marked below.' }],
            422,
          );
        if (!(error instanceof RestError)) throw error;
        return renderCheckout(
          deps,
          request,
          reply,
          form,
          {},
          [{ kind: 'error', text: error.message }],
          error.status,
        );
      }
    },
  );

  app.get(
    '/checkout/order-received/:id/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({ key: Type.Optional(Type.String({ maxLength: 100 })) }),
      },
    },
    async (request, reply) => {
      const order = await deps.orders.get(request.params.id);
      const assets = new PageAssets();
      if (!order || !request.query.key || order.order_key !== request.query.key)
        return sendStorefrontPage(deps, request, reply, {
          title: 'Order not found',
          status: 404,
          assets,
          body: html`<h1>Order not found</h1><p>Check the link in your confirmation e-mail, or <a href="/my-account/">look in your account</a>.</p>`,
        });
      const shop = deps.ctx.shop;
      const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;
      const extra = await deps.slots.render('order.received', { order }, request, assets);
      const tax = orderTaxSummary(order.tax_data, order.total_tax);
      const payment = await paymentNotes(deps, order);
      const body = html`<h1>Order received</h1>
<p class="notice success">Thank you. Your order has been received.</p>
<ul class="order-overview">
<li>Order number: <strong>${order.id}</strong></li>
<li>Date: <strong>${order.date_created.slice(0, 10)}</strong></li>
<li>Email: <strong>${order.billing.email}</strong></li>
<li>Total: <strong>${money(order.total)}</strong></li>
<li>Payment method: <strong>${order.payment_method_title}</strong></li>
</ul>
${payment.length > 0 ? html`<section class="payment-instructions" aria-label="Payment instructions">${payment.map((line) => html`<p>${line}</p>`)}</section>` : ''}
<h2>Order details</h2>
<table class="shop-table"><thead><tr><th scope="col">Product</th><th scope="col" class="num">Total</th></tr></thead>
<tbody>${order.line_items.map((l) => html`<tr><td>${l.name} × ${l.quantity}</td><td class="num">${money(l.subtotal)}</td></tr>`)}</tbody>
<tfoot>
<tr><th scope="row">Subtotal</th><td class="num">${money(shownSubtotal(tax, order.items_subtotal))}</td></tr>
${order.coupon_lines.map((c) => html`<tr><th scope="row">Coupon: ${c.code}</th><td class="num">−${money(c.discount)}</td></tr>`)}
${order.fee_lines.map((f) => html`<tr><th scope="row">${f.name}</th><td class="num">${money(f.total)}</td></tr>`)}
${orderShippingRows(shop, order.shipping_lines)}
${taxRows(tax, money)}
<tr><th scope="row">Total</th><td class="num"><strong>${money(order.total)}</strong>${includesTaxNote(tax, money)}</td></tr>
</tfoot></table>
${extra}`;
      return sendStorefrontPage(deps, request, reply, { title: 'Order received', body, assets });
    },
  );
}

async function renderCheckout(
  deps: CheckoutPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  values: Values,
  errors: Values,
  notices: PageNotice[],
  status = 200,
) {
  const assets = new PageAssets();
  const computed = await deps.carts.view(deps.sessions.forRequest(request));
  const { cart } = computed;
  if (cart.items.length === 0)
    return sendStorefrontPage(deps, request, reply, {
      title: 'Checkout',
      assets,
      notices,
      status: status === 200 ? 200 : status,
      body: html`<h1>Checkout</h1><p>Your cart is currently empty.</p><p><a class="button" href="/shop/">Return to shop</a></p>`,
    });
  for (const problem of computed.errors) notices.push({ kind: 'error', text: problem.message });
  const shop = deps.ctx.shop;
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;
  // A guest's cart may know its e-mail (a restored recovery cart): the field starts with it.
  if (values.billing_email === undefined && cart.billing_email)
    values = { ...values, billing_email: cart.billing_email };
  const email = values.billing_email ?? '';
  const [contact, totalsExtra] = await Promise.all([
    deps.slots.render('checkout.contact', { cart, email }, request, assets),
    deps.slots.render('checkout.totals', { cart }, request, assets),
  ]);
  const field = (
    name: string,
    label: string,
    autocomplete: string,
    required: boolean,
    type = 'text',
  ): SafeHtml => {
    const id = `billing_${name}`;
    const error = errors[id];
    return html`<div class="field"><label for="${id}">${label}${required ? html` <span aria-hidden="true">*</span>` : ''}</label>
<input type="${type}" id="${id}" name="${id}" value="${values[id] ?? ''}" autocomplete="${autocomplete}"${required ? html` required` : ''}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? html`<span class="field-error" id="${id}-error">${error}</span>` : ''}</div>`;
  };
  const nonce = cartFormNonce(deps.ctx, request);
  const settings = await readStoreSettings(deps.ctx.options);
  const selling = sellingCountries(settings);
  const shipping = shippingCountries(settings);
  const address = (prefix: 'billing' | 'shipping', countries: readonly string[]) =>
    addressFields({ prefix, values, errors, countries, defaultCountry: settings.baseCountry });
  const different = values.ship_to_different_address === '1';
  assets.scripts.add('checkout-address');
  assets.scripts.add('checkout-review');
  const offered = await deps.checkout.gateways.enabled();
  const chosen = values.payment_method ?? offered[0]?.gateway.id ?? '';
  const body = html`<h1>Checkout</h1>
<details class="checkout-coupon"${cart.coupons.length > 0 ? html` open` : ''}><summary>Have a coupon?</summary>
<form method="post" action="/cart/">
<input type="hidden" name="_wpnonce" value="${nonce}"><input type="hidden" name="redirect" value="checkout">
<div class="field"><label for="checkout_coupon_code">Coupon code</label><input type="text" id="checkout_coupon_code" name="coupon_code" autocomplete="off"></div>
<button type="submit" name="apply_coupon" value="1" class="secondary">Apply coupon</button>
</form></details>
<form method="post" action="/checkout/" class="checkout" novalidate>
${statesScript([...new Set([...selling, ...shipping])])}
<input type="hidden" name="_wpnonce" value="${nonce}">
<button type="submit" hidden tabindex="-1">Place order</button>
<div class="checkout-layout">
<div>
<fieldset><legend>Contact information</legend>
${field('email', 'Email address', 'email', true, 'email')}
${contact}
</fieldset>
<fieldset><legend>Billing details</legend>
${address('billing', selling)}
</fieldset>
${
  shipping.length > 0
    ? html`<fieldset class="shipping-address"><legend>Shipping address</legend>
<p class="field-check"><input type="checkbox" id="ship_to_different_address" name="ship_to_different_address" value="1"${different ? html` checked` : ''} aria-controls="shipping-fields"> <label for="ship_to_different_address">Ship to a different address?</label></p>
<div id="shipping-fields" class="shipping-fields">${address('shipping', shipping)}</div>
</fieldset>`
    : ''
}
<fieldset><legend>Additional information</legend>
<div class="field"><label for="order_comments">Order notes (optional)</label><textarea id="order_comments" name="order_comments" rows="3">${values.order_comments ?? ''}</textarea></div>
</fieldset>
<fieldset${errors.payment_method ? html` aria-describedby="payment-error"` : ''}><legend>Payment method</legend>
${offered.map(
  ({ gateway: { id }, title, description }) =>
    html`<p><input type="radio" id="payment_method_${id}" name="payment_method" value="${id}"${chosen === id ? html` checked` : ''}> <label for="payment_method_${id}">${title}</label><br><small>${description}</small></p>`,
)}
${errors.payment_method ? html`<span class="field-error" id="payment-error">${errors.payment_method}</span>` : ''}
</fieldset>
</div>
<section aria-labelledby="order-review-heading">
<h2 id="order-review-heading">Your order</h2>
<p id="order-review-status" class="screen-reader-text" role="status"></p>
<table class="shop-table"><thead><tr><th scope="col">Product</th><th scope="col" class="num">Subtotal</th></tr></thead>
<tbody>${cart.items.map((i) => html`<tr><td>${i.name} × ${i.quantity}</td><td class="num">${money(i.line_subtotal)}</td></tr>`)}</tbody>
<tfoot>${totalsRows(shop, cart)}</tfoot></table>
${shippingOptions(shop, computed, 'checkout')}
${totalsExtra}
<button type="submit" id="place_order">Place order</button>
</section>
</div>
</form>`;
  // Chromium applies form-action to the redirect too: a gateway's hosted payment page must be allowed.
  const formTargets = offered.flatMap((s) => s.gateway.hostedPageOrigins ?? []);
  return sendStorefrontPage(deps, request, reply, {
    title: 'Checkout',
    body,
    assets,
    notices,
    status,
    formTargets,
  });
}

// A customer's saved addresses as the form's starting values; "Ship to a different address?" ticked when the saved
// shipping address is set and differs from the billing one.
async function savedAddressValues(deps: CheckoutPageDeps, userId: number): Promise<Values> {
  const customer = await requireCustomer(deps.ctx, userId);
  const billing: Values = customer.billing;
  const shipping: Values = customer.shipping;
  const values: Values = {};
  for (const [prefix, address] of [
    ['billing', billing],
    ['shipping', shipping],
  ] as const)
    for (const [field, value] of Object.entries(address)) if (value) values[`${prefix}_${field}`] = value;
  const shippingSet = Boolean(shipping.address_1 || shipping.country);
  const differs = Object.keys(shipping).some((f) => f !== 'phone' && shipping[f] !== (billing[f] ?? ''));
  if (shippingSet && differs) values.ship_to_different_address = '1';
  return values;
}

// What the order's gateway tells the shopper after ordering (instructions, bank details); none for an unknown one.
async function paymentNotes(deps: CheckoutPageDeps, order: OrderRecord): Promise<string[]> {
  const state = (await deps.checkout.gateways.list()).find((s) => s.gateway.id === order.payment_method);
  if (!state?.gateway.receivedNotes) return [];
  return state.gateway.receivedNotes({ order, settings: state.settings });
}
