import { allCountries, countryName } from '../addresses/countries.js';
import { statesOf } from '../addresses/states.js';
import type { SettingDefinition } from './setting-definitions.js';

/** Countries by code → name: the options of the country multi-selects. */
export function countryOptions(): Record<string, string> {
  return Object.fromEntries(allCountries().map((c) => [c.code, c.name]));
}

/** `US:CA` → "United States (US) — California", and a country without states by its code alone. */
export function countryStateOptions(): Record<string, string> {
  const options: Record<string, string> = {};
  for (const { code, name } of allCountries()) {
    const states = statesOf(code);
    if (states.length === 0) options[code] = name;
    for (const state of states) options[`${code}:${state.code}`] = `${countryName(code)} — ${state.name}`;
  }
  return options;
}

const text = (id: string, label: string, description: string): SettingDefinition => ({
  id,
  label,
  description,
  type: 'text',
  default: '',
});

/** WooCommerce's Settings → General fields that the shop has: store address, selling and shipping locations, taxes. */
export const GENERAL_SETTINGS: readonly SettingDefinition[] = [
  text('woocommerce_store_address', 'Address line 1', 'The street address for your business location.'),
  text(
    'woocommerce_store_address_2',
    'Address line 2',
    'An additional, optional address line for your business location.',
  ),
  text('woocommerce_store_city', 'City', 'The city in which your business is located.'),
  {
    id: 'woocommerce_default_country',
    label: 'Country / State',
    description: 'The country and state or province, if any, in which your business is located.',
    type: 'select',
    default: 'US:CA',
    options: countryStateOptions,
  },
  text(
    'woocommerce_store_postcode',
    'Postcode / ZIP',
    'The postal code, if any, in which your business is located.',
  ),
  {
    id: 'woocommerce_allowed_countries',
    label: 'Selling location(s)',
    description: 'This option lets you limit which countries you are willing to sell to.',
    type: 'select',
    default: 'all',
    options: () => ({
      all: 'Sell to all countries',
      all_except: 'Sell to all countries, except for…',
      specific: 'Sell to specific countries',
    }),
  },
  {
    id: 'woocommerce_all_except_countries',
    label: 'Sell to all countries, except for…',
    description: '',
    type: 'multiselect',
    default: [],
    options: countryOptions,
  },
  {
    id: 'woocommerce_specific_allowed_countries',
    label: 'Sell to specific countries',
    description: '',
    type: 'multiselect',
    default: [],
    options: countryOptions,
  },
  {
    id: 'woocommerce_ship_to_countries',
    label: 'Shipping location(s)',
    description:
      'Choose which countries you want to ship to, or choose to ship to all locations you sell to.',
    type: 'select',
    default: '',
    options: () => ({
      '': 'Ship to all countries you sell to',
      all: 'Ship to all countries',
      specific: 'Ship to specific countries only',
      disabled: 'Disable shipping & shipping calculations',
    }),
  },
  {
    id: 'woocommerce_specific_ship_to_countries',
    label: 'Ship to specific countries',
    description: '',
    type: 'multiselect',
    default: [],
    options: countryOptions,
  },
  {
    id: 'woocommerce_calc_taxes',
    label: 'Enable taxes',
    description: 'Enable tax rates and calculations',
    type: 'checkbox',
    default: 'no',
    tip: 'Rates will be configurable and taxes will be calculated during checkout.',
  },
];
