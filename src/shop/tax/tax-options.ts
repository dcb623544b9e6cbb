import type { DbOrTrx } from '../../platform/db/database.js';
import type { OptionsStore } from '../../platform/options/options.js';
import { BASE_COUNTRY_OPTION, DEFAULT_BASE_COUNTRY, splitBaseCountry } from '../settings/store-settings.js';
import type { TaxLocation } from './tax-rates.js';

/** The tax options a calculation or a page reads, under WooCommerce's option names. */
export interface TaxOptions {
  /** `woocommerce_calc_taxes` = yes. */
  calcTaxes: boolean;
  /** `woocommerce_prices_include_tax` = yes. */
  pricesIncludeTax: boolean;
  /** `woocommerce_tax_based_on`. */
  taxBasedOn: 'shipping' | 'billing' | 'base';
  /** The shop's address (`woocommerce_default_country` as `US:CA`, store postcode and city). */
  baseLocation: TaxLocation;
  /** `woocommerce_tax_round_at_subtotal` = yes. */
  roundAtSubtotal: boolean;
  /** `woocommerce_shipping_tax_class`: `inherit`, '' (standard) or a class slug. */
  shippingTaxClass: string;
  /** `woocommerce_tax_display_shop` and `woocommerce_tax_display_cart`. */
  displayShop: 'excl' | 'incl';
  displayCart: 'excl' | 'incl';
  /** `woocommerce_tax_total_display`. */
  totalDisplay: 'itemized' | 'single';
  /** `woocommerce_tax_classes`: the additional classes' names, one a line. */
  classNames: string[];
}

/** WooCommerce's default additional tax classes. */
export const DEFAULT_TAX_CLASSES = 'Reduced rate\nZero rate';

/**
 * Reads the tax options by their WooCommerce option names from the platform options, with WooCommerce's
 * defaults (taxes off).
 */
export async function readTaxOptions(options: OptionsStore, db?: DbOrTrx): Promise<TaxOptions> {
  const text = async (name: string, fallback: string) => {
    const value = await options.get<unknown>(name, fallback, db);
    return typeof value === 'string' ? value : fallback;
  };
  const { country, state } = splitBaseCountry(await text(BASE_COUNTRY_OPTION, DEFAULT_BASE_COUNTRY));
  const basedOn = await text('woocommerce_tax_based_on', 'shipping');
  return {
    calcTaxes: (await text('woocommerce_calc_taxes', 'no')) === 'yes',
    pricesIncludeTax: (await text('woocommerce_prices_include_tax', 'no')) === 'yes',
    taxBasedOn: basedOn === 'billing' || basedOn === 'base' ? basedOn : 'shipping',
    baseLocation: {
      country,
      state,
      postcode: await text('woocommerce_store_postcode', ''),
      city: await text('woocommerce_store_city', ''),
    },
    roundAtSubtotal: (await text('woocommerce_tax_round_at_subtotal', 'no')) === 'yes',
    shippingTaxClass: await text('woocommerce_shipping_tax_class', 'inherit'),
    displayShop: (await text('woocommerce_tax_display_shop', 'excl')) === 'incl' ? 'incl' : 'excl',
    displayCart: (await text('woocommerce_tax_display_cart', 'excl')) === 'incl' ? 'incl' : 'excl',
    totalDisplay:
      (await text('woocommerce_tax_total_display', 'itemized')) === 'single' ? 'single' : 'itemized',
    classNames: classNamesOf(await text('woocommerce_tax_classes', DEFAULT_TAX_CLASSES)),
  };
}

/** The class names of a `woocommerce_tax_classes` value: one a line, trimmed, empty lines dropped. */
export function classNamesOf(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
