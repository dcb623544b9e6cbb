import type { DbOrTrx } from '../../platform/db/database.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { allCountries } from '../addresses/countries.js';
import { type SettingDefinition, type SettingValue, settingOption } from './setting-definitions.js';

/** The store's settings as the shop's code reads them (typed); each is stored under its WooCommerce option name. */
export interface StoreSettings {
  storeAddress: string;
  storeAddress2: string;
  storeCity: string;
  storePostcode: string;
  /** `woocommerce_default_country` split: `US:CA` → country `US`, state `CA` (state '' when none). */
  baseCountry: string;
  baseState: string;
  allowedCountries: 'all' | 'all_except' | 'specific';
  allExceptCountries: string[];
  specificAllowedCountries: string[];
  shipToCountries: '' | 'all' | 'specific' | 'disabled';
  specificShipToCountries: string[];
  calcTaxes: boolean;
  pricesIncludeTax: boolean;
  taxBasedOn: 'shipping' | 'billing' | 'base';
}

/** WooCommerce's option holding the store's country and state (`US:CA`, or `GB` where there are no states). */
export const BASE_COUNTRY_OPTION = 'woocommerce_default_country';

/** WooCommerce's default value of {@link BASE_COUNTRY_OPTION}. */
export const DEFAULT_BASE_COUNTRY = 'US:CA';

/** A {@link BASE_COUNTRY_OPTION} value split: `US:CA` → `{ country: 'US', state: 'CA' }` (state '' when none). */
export function splitBaseCountry(value: string): { country: string; state: string } {
  const [country = '', state = ''] = value.split(':');
  return { country, state };
}

/** One setting's current value: the stored one, or the setting's default. */
export function readSettingValue(
  options: OptionsStore,
  setting: SettingDefinition,
  db?: DbOrTrx,
): Promise<SettingValue> {
  return options.get<SettingValue>(settingOption(setting), setting.default, db);
}

/** Every store setting, typed (outside a transaction served from the options cache, current on every instance). */
export async function readStoreSettings(options: OptionsStore, db?: DbOrTrx): Promise<StoreSettings> {
  const text = async (id: string, fallback = '') => {
    const value = await options.get<SettingValue>(id, fallback, db);
    return typeof value === 'string' ? value : fallback;
  };
  const list = async (id: string) => {
    const value = await options.get<SettingValue>(id, [], db);
    return Array.isArray(value) ? value : [];
  };
  const base = splitBaseCountry(await text(BASE_COUNTRY_OPTION, DEFAULT_BASE_COUNTRY));
  return {
    storeAddress: await text('woocommerce_store_address'),
    storeAddress2: await text('woocommerce_store_address_2'),
    storeCity: await text('woocommerce_store_city'),
    storePostcode: await text('woocommerce_store_postcode'),
    baseCountry: base.country,
    baseState: base.state,
    allowedCountries: (await text(
      'woocommerce_allowed_countries',
      'all',
    )) as StoreSettings['allowedCountries'],
    allExceptCountries: await list('woocommerce_all_except_countries'),
    specificAllowedCountries: await list('woocommerce_specific_allowed_countries'),
    shipToCountries: (await text('woocommerce_ship_to_countries')) as StoreSettings['shipToCountries'],
    specificShipToCountries: await list('woocommerce_specific_ship_to_countries'),
    calcTaxes: (await text('woocommerce_calc_taxes', 'no')) === 'yes',
    pricesIncludeTax: (await text('woocommerce_prices_include_tax', 'no')) === 'yes',
    taxBasedOn: (await text('woocommerce_tax_based_on', 'shipping')) as StoreSettings['taxBasedOn'],
  };
}

/** The codes of the countries the store sells to (WooCommerce's `get_allowed_countries`). */
export function sellingCountries(settings: StoreSettings): string[] {
  const all = allCountries().map((c) => c.code);
  if (settings.allowedCountries === 'specific')
    return all.filter((c) => settings.specificAllowedCountries.includes(c));
  if (settings.allowedCountries === 'all_except')
    return all.filter((c) => !settings.allExceptCountries.includes(c));
  return all;
}

/** The codes of the countries the store ships to (`get_shipping_countries`); empty when shipping is disabled. */
export function shippingCountries(settings: StoreSettings): string[] {
  if (settings.shipToCountries === 'disabled') return [];
  if (settings.shipToCountries === 'all') return allCountries().map((c) => c.code);
  if (settings.shipToCountries === 'specific') {
    const specific = settings.specificShipToCountries;
    return allCountries()
      .map((c) => c.code)
      .filter((c) => specific.includes(c));
  }
  return sellingCountries(settings);
}
