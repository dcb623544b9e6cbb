import { html, type SafeHtml } from '../../platform/http/html.js';
import { countryName } from '../addresses/countries.js';
import type { ComputedCart } from '../cart/cart.service.js';
import type { ShopApi } from '../shop-api.js';
import { stateControl, statesScript } from './checkout-address-fields.js';

/** The form field of the chosen rate (one package; a plain name, so every form parser reads it the same). */
export const SHIPPING_METHOD_FIELD = 'shipping_method';

/**
 * The shipping options of the cart as radio buttons (chosen one checked) inside the caller's form, so the choice
 * is posted without JavaScript; a message when no rate serves the address. Nothing when the cart ships nothing.
 */
export function shippingOptions(shop: ShopApi, computed: ComputedCart, idPrefix: string): SafeHtml | '' {
  const { shipping } = computed;
  if (!shipping.needsShipping) return '';
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;
  const pack = shipping.packages[0];
  const rates = pack?.rates ?? [];
  const where = pack
    ? [pack.destination.postcode, pack.destination.state, pack.destination.country].filter(Boolean).join(', ')
    : '';
  if (rates.length === 0)
    return html`<fieldset class="shipping-options"><legend>Shipping</legend>
<p>${pack ? `No shipping options were found for ${where}.` : 'Enter your address to view shipping options.'}</p></fieldset>`;
  return html`<fieldset class="shipping-options"><legend>Shipping${where ? ` to ${where}` : ''}</legend>
${rates.map((rate, i) => {
  const id = `${idPrefix}-shipping-method-${i}`;
  const price = rate.price > 0 ? `: ${money(rate.price)}` : '';
  return html`<p><input type="radio" id="${id}" name="${SHIPPING_METHOD_FIELD}" value="${rate.rate_id}"${rate.rate_id === pack!.selected ? html` checked` : ''}> <label for="${id}">${rate.name}${price}</label></p>`;
})}</fieldset>`;
}

/**
 * The cart page's shipping calculator, its own form posted to `/cart/`: the country a select of the countries the
 * store ships to (the cart's destination, else the store's, chosen), the state as the checkout shows it (a list
 * where the country has states; the `checkout-address` island swaps it when the country changes), city, postcode.
 */
export function shippingCalculator(view: {
  computed: ComputedCart;
  nonce: string;
  countries: readonly string[];
  defaultCountry: string;
}): SafeHtml | '' {
  if (!view.computed.shipping.needsShipping) return '';
  const to = view.computed.shipping.calculated ? view.computed.shipping.packages[0]?.destination : undefined;
  const country = to?.country || (view.countries.includes(view.defaultCountry) ? view.defaultCountry : '');
  const field = (name: string, label: string, autocomplete: string, value = '') =>
    html`<div class="field"><label for="calc_shipping_${name}">${label}</label><input type="text" id="calc_shipping_${name}" name="calc_shipping_${name}" value="${value}" autocomplete="${autocomplete}"></div>`;
  return html`<details class="shipping-calculator"${to ? '' : html` open`}><summary>Calculate shipping</summary>
<form method="post" action="/cart/">
<input type="hidden" name="_wpnonce" value="${view.nonce}">
${statesScript(view.countries)}
<div class="field"><label for="calc_shipping_country">Country / Region</label><select id="calc_shipping_country" name="calc_shipping_country" autocomplete="country" data-country-for="calc_shipping">
${view.countries.map((code) => html`<option value="${code}"${code === country ? html` selected` : ''}>${countryName(code)}</option>`)}
</select></div>
<div class="field"><label for="calc_shipping_state">State / County</label>${stateControl('calc_shipping_state', country, to?.state ?? '')}</div>
${field('city', 'Town / City', 'address-level2', to?.city)}
${field('postcode', 'Postcode / ZIP', 'postal-code', to?.postcode)}
<button type="submit" name="calc_shipping" value="1" class="secondary">Update</button>
</form></details>`;
}

/** The shipping row of an order's totals (one per shipping line). */
export function orderShippingRows(
  shop: ShopApi,
  lines: ReadonlyArray<{ method_title: string; total: number }>,
): SafeHtml[] {
  const money = (minor: number) => `${shop.currency.symbol}${shop.formatMoney(minor)}`;
  return lines.map(
    (l) =>
      html`<tr><th scope="row">Shipping: ${l.method_title}</th><td class="num">${money(l.total)}</td></tr>`,
  );
}
