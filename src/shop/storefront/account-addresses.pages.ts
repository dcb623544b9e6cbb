import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth/principal.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { checkAddress } from '../addresses/address-validation.js';
import { countryName } from '../addresses/countries.js';
import { statesOf } from '../addresses/states.js';
import { changeShopCustomer, requireCustomer } from '../customers/customers.service.js';
import { readStoreSettings, sellingCountries, shippingCountries } from '../settings/store-settings.js';
import { accountUser, sendGuestForms } from './account-forms.js';
import { seeOther } from './cart-forms.js';
import { ADDRESS_FIELDS, addressFields, statesScript } from './checkout-address-fields.js';
import { type AccountPageDeps, sendAccountPage } from './my-account-layout.js';
import type { PageNotice } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;
/** The nonce action and field of the address form (WooCommerce's `woocommerce-edit_address`). */
const SAVE_ACTION = 'woocommerce-edit_address';
const NONCE_FIELD = 'woocommerce-edit-address-nonce';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TITLES = { billing: 'Billing address', shipping: 'Shipping address' } as const;

type Kind = keyof typeof TITLES;
type Values = Record<string, string>;
type Address = Record<string, string>;

const KindParams = Type.Object({ kind: Type.Union([Type.Literal('billing'), Type.Literal('shipping')]) });
const AddressForm = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 1000 }), {
  maxProperties: 50,
});

/**
 * `GET /my-account/edit-address/` (the saved billing and shipping addresses) and `GET|POST
 * /my-account/edit-address/{billing|shipping}/`: the checkout's address fields, checked as the checkout checks them,
 * saved on the customer (what `wc/v3/customers` shows).
 */
export function registerAccountAddressPages(app: RestApp, deps: AccountPageDeps): void {
  const { ctx } = deps;

  app.get(
    '/my-account/edit-address/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        querystring: Type.Object({ updated: Type.Optional(Type.String({ maxLength: 5 })) }),
      },
    },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url });
      const customer = await requireCustomer(ctx, user.id);
      const kinds: Kind[] =
        shippingCountries(await readStoreSettings(ctx.options)).length > 0
          ? ['billing', 'shipping']
          : ['billing'];
      const body = html`<p>The following addresses will be used on the checkout page by default.</p>
<div class="addresses">
${kinds.map(
  (kind) => html`<section class="address" aria-labelledby="${kind}-address-heading">
<h2 id="${kind}-address-heading">${TITLES[kind]}</h2>
<p><a href="/my-account/edit-address/${kind}/">Edit <span class="screen-reader-text">${TITLES[kind]}</span></a></p>
${formattedAddress(customer[kind])}
</section>`,
)}
</div>`;
      const notices: PageNotice[] = request.query.updated
        ? [{ kind: 'success', text: 'Address changed successfully.' }]
        : [];
      return sendAccountPage(deps, request, reply, {
        user,
        current: 'edit-address',
        title: 'Addresses',
        body,
        assets: new PageAssets(),
        notices,
      });
    },
  );

  app.get(
    '/my-account/edit-address/:kind/',
    { config: PUBLIC_PAGE, schema: { hide: true, params: KindParams } },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url });
      const { kind } = request.params;
      const saved = (await requireCustomer(ctx, user.id))[kind] as Address;
      const values = Object.fromEntries(Object.entries(saved).map(([k, v]) => [`${kind}_${k}`, v]));
      return sendAddressForm(deps, request, reply, { user, kind, values, errors: {}, notices: [] });
    },
  );

  app.post(
    '/my-account/edit-address/:kind/',
    { config: PUBLIC_PAGE, schema: { hide: true, params: KindParams, body: AddressForm } },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url, status: 401 });
      const { kind } = request.params;
      const form = request.body as Values;
      const values: Values = Object.fromEntries(
        [...ADDRESS_FIELDS.map(([name]) => name), 'email'].map((name) => [
          `${kind}_${name}`,
          (form[`${kind}_${name}`] ?? '').trim(),
        ]),
      );
      const again = (errors: Values, status: number, text = 'Please correct the fields marked below.') =>
        sendAddressForm(deps, request, reply, {
          user,
          kind,
          values,
          errors,
          notices: [{ kind: 'error', text }],
          status,
        });
      const nonce = form[NONCE_FIELD];
      if (!nonce || ctx.nonces.verify(nonce, ctx.auth.nonceSubject(request.principal), SAVE_ACTION) === 0)
        return again({}, 403, 'The page has expired. Please check your address and save it again.');
      // The "Update country" button (without JavaScript): the same form with the chosen country's state field.
      if (form.update_address)
        return sendAddressForm(deps, request, reply, { user, kind, values, errors: {}, notices: [] });
      const errors: Values = {};
      for (const [name, label, , required] of ADDRESS_FIELDS) {
        if (kind === 'shipping' && name === 'phone') continue;
        if (required && values[`${kind}_${name}`] === '') errors[`${kind}_${name}`] = `${label} is required.`;
      }
      if (kind === 'billing' && !EMAIL.test(values.billing_email ?? ''))
        errors.billing_email = 'Please provide a valid email address.';
      const settings = await readStoreSettings(ctx.options);
      const entered: Address = Object.fromEntries(
        ADDRESS_FIELDS.filter(([name]) => kind === 'billing' || name !== 'phone').map(([name]) => [
          name,
          values[`${kind}_${name}`] ?? '',
        ]),
      );
      const checked = checkAddress(entered, {
        field: kind,
        separator: '_',
        allowedCountries: kind === 'billing' ? sellingCountries(settings) : shippingCountries(settings),
        notAllowed: (country) =>
          kind === 'billing'
            ? `Sorry, we do not allow orders from the provided country (${country}).`
            : `Sorry, we do not ship orders to the provided country (${country}).`,
        requireCountry: true,
      });
      for (const [field, rules] of Object.entries(checked.errors))
        errors[field] ??= Object.values(rules)[0] ?? '';
      if (Object.keys(errors).length > 0) return again(errors, 422);
      const address = { ...checked.address, ...(kind === 'billing' ? { email: values.billing_email } : {}) };
      await changeShopCustomer(ctx, { actor: request.principal, id: user.id, patch: { [kind]: address } });
      return seeOther(reply, '/my-account/edit-address/?updated=1');
    },
  );
}

// An address as WooCommerce's account page shows it, one line each; the "not set up" sentence without a street or
// a country.
function formattedAddress(address: Address): SafeHtml {
  if (!address.address_1 && !address.country)
    return html`<p>You have not set up this type of address yet.</p>`;
  const state = statesOf(address.country ?? '').find((s) => s.code === address.state)?.name ?? address.state;
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    [address.city, state, address.postcode].filter(Boolean).join(', '),
    address.country ? countryName(address.country) : '',
  ].filter((line): line is string => Boolean(line));
  return html`<address>${lines.map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`)}</address>`;
}

async function sendAddressForm(
  deps: AccountPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    user: AuthUser;
    kind: Kind;
    values: Values;
    errors: Values;
    notices: PageNotice[];
    status?: number;
  },
): Promise<FastifyReply> {
  const { ctx } = deps;
  const { kind, values, errors } = page;
  const settings = await readStoreSettings(ctx.options);
  const countries = kind === 'billing' ? sellingCountries(settings) : shippingCountries(settings);
  const emailError = errors.billing_email;
  const email =
    kind === 'billing'
      ? html`<div class="field"><label for="billing_email">Email address <span class="required" aria-hidden="true">*</span></label>
<input type="email" id="billing_email" name="billing_email" value="${values.billing_email ?? ''}" autocomplete="email" required${emailError ? html` aria-invalid="true" aria-describedby="billing_email-error"` : ''}>
${emailError ? html`<span class="field-error" id="billing_email-error">${emailError}</span>` : ''}</div>`
      : '';
  const nonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal), SAVE_ACTION);
  const body = html`<form method="post" action="/my-account/edit-address/${kind}/" class="edit-address" novalidate>
${statesScript(countries)}
<input type="hidden" name="${NONCE_FIELD}" value="${nonce}">
<button type="submit" hidden tabindex="-1" name="save_address" value="Save address">Save address</button>
<fieldset><legend>${TITLES[kind]}</legend>
${addressFields({ prefix: kind, values, errors, countries, defaultCountry: settings.baseCountry })}
${email}
</fieldset>
<button type="submit" name="save_address" value="Save address">Save address</button>
</form>`;
  const assets = new PageAssets();
  assets.scripts.add('checkout-address');
  return sendAccountPage(deps, request, reply, {
    user: page.user,
    current: 'edit-address',
    title: TITLES[kind],
    body,
    assets,
    notices: page.notices,
    status: page.status,
  });
}
