/** A shipping address as carts keep it (Store API field names). */
export interface PackageAddress {
  address_1: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

/** WooCommerce's option holding the store's country and state (`US:CA`, or `GB` where there are no states). */
export const BASE_COUNTRY_OPTION = 'woocommerce_default_country';

/** The store's base location from the value of {@link BASE_COUNTRY_OPTION}; null when unset or malformed. */
export function baseAddressOf(value: unknown): PackageAddress | null {
  if (typeof value !== 'string' || !/^[A-Z]{2}(:[A-Z0-9-]+)?$/.test(value)) return null;
  const [country, state = ''] = value.split(':');
  return { address_1: '', city: '', state, postcode: '', country };
}
