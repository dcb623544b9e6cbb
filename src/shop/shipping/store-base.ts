import { splitBaseCountry } from '../settings/store-settings.js';

/** A shipping address as carts keep it (Store API field names). */
export interface PackageAddress {
  address_1: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

/**
 * The store's base location from the value of `woocommerce_default_country`; null when unset or malformed (rates
 * then wait for the shopper's address rather than assuming WooCommerce's default `US:CA`).
 */
export function baseAddressOf(value: unknown): PackageAddress | null {
  if (typeof value !== 'string' || !/^[A-Z]{2}(:[A-Z0-9-]+)?$/.test(value)) return null;
  return { address_1: '', city: '', postcode: '', ...splitBaseCountry(value) };
}
