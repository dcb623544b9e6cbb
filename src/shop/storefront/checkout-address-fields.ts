import { countryName } from '../addresses/countries.js';
import { hasStateList, statesOf } from '../addresses/states.js';
import { html, jsonScript, type SafeHtml } from '../../platform/http/html.js';

/** A checkout form's values and errors by field name (`billing_country` …). */
type Values = Record<string, string>;

/** The address fields of a checkout form, in WooCommerce's order: name, label, autocomplete token, required. */
export const ADDRESS_FIELDS = [
  ['first_name', 'First name', 'given-name', true],
  ['last_name', 'Last name', 'family-name', true],
  ['country', 'Country / Region', 'country', true],
  ['address_1', 'Street address', 'address-line1', true],
  ['city', 'Town / City', 'address-level2', true],
  ['state', 'State / County', 'address-level1', false],
  ['postcode', 'Postcode / ZIP', 'postal-code', true],
  ['phone', 'Phone', 'tel', false],
] as const;

/** What the address fields show: the form's values and errors, the countries to choose from and the default one. */
export interface AddressFieldsView {
  prefix: 'billing' | 'shipping';
  values: Values;
  errors: Values;
  countries: readonly string[];
  defaultCountry: string;
}

/** The country a form's address is in: the posted one, else the store's when it is allowed, else the first allowed. */
export function chosenCountry(view: Omit<AddressFieldsView, 'errors' | 'prefix'>, prefix: string): string {
  const posted = view.values[`${prefix}_country`];
  if (posted !== undefined && posted !== '') return posted;
  return view.countries.includes(view.defaultCountry) ? view.defaultCountry : (view.countries[0] ?? '');
}

/**
 * One address's fields: the country a select of the allowed countries (with an "Update" button that re-renders the
 * page for the chosen country without JavaScript), the state a select where the country lists states and a text
 * field where it does not; labels, required markers and each field's error next to it.
 */
export function addressFields(view: AddressFieldsView): SafeHtml {
  const country = chosenCountry(view, view.prefix);
  const fields =
    view.prefix === 'shipping' ? ADDRESS_FIELDS.filter(([name]) => name !== 'phone') : ADDRESS_FIELDS;
  return html`${fields.map(([name, label, autocomplete, required]) => {
    const id = `${view.prefix}_${name}`;
    const error = view.errors[id];
    const needed = name === 'state' ? hasStateList(country) : required;
    const described = error ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
    const labelHtml = html`<label for="${id}">${label}${needed ? html` <span class="required" aria-hidden="true">*</span>` : ''}</label>`;
    const errorHtml = error ? html`<span class="field-error" id="${id}-error">${error}</span>` : '';
    const value = view.values[id] ?? '';
    let control: SafeHtml;
    if (name === 'country')
      control = html`<select id="${id}" name="${id}" autocomplete="${autocomplete}" required data-country-for="${view.prefix}"${described}>
${view.countries.map((code) => html`<option value="${code}"${code === country ? html` selected` : ''}>${countryName(code)}</option>`)}
</select>
<button type="submit" name="update_address" value="${view.prefix}" class="secondary update-address" formnovalidate>Update ${view.prefix} country</button>`;
    else if (name === 'state') control = stateControl(id, country, value, described);
    else
      control = html`<input type="${name === 'phone' ? 'tel' : 'text'}" id="${id}" name="${id}" value="${value}" autocomplete="${autocomplete}"${needed ? html` required` : ''}${described}>`;
    return html`<div class="field field-${name}">${labelHtml}
${control}
${errorHtml}</div>`;
  })}`;
}

/** The states of the countries among `countries` that list them, for the island that swaps the state field. */
export function statesScript(countries: readonly string[]): SafeHtml {
  const lists = Object.fromEntries(
    countries.filter(hasStateList).map((code) => [code, statesOf(code).map((s) => [s.code, s.name])]),
  );
  return html`<script type="application/json" id="checkout-states">${jsonScript(lists)}</script>`;
}

/** The state control of `country`: a select of its states where it lists them (required), else a text field. */
export function stateControl(
  id: string,
  country: string,
  value: string,
  described: SafeHtml | string = '',
): SafeHtml {
  if (!hasStateList(country))
    return html`<input type="text" id="${id}" name="${id}" value="${value}" autocomplete="address-level1"${described}>`;
  return html`<select id="${id}" name="${id}" autocomplete="address-level1" required${described}>
<option value="">Select an option…</option>
${statesOf(country).map((s) => html`<option value="${s.code}"${s.code === value ? html` selected` : ''}>${s.name}</option>`)}
</select>`;
}
